/// Tests on sixteen bytes at once, for the scanners that skip long runs of ordinary bytes (the
/// NDJSON splitter inside strings, both JSON scanners in strings).
///
/// The sixteen bytes are a `SIMD16<UInt8>`, and every test is lane-wise arithmetic (`&-`, `&`,
/// `|`, `^`), which compiles to vector instructions where comparisons would not: each returns
/// a vector with the high bit set in exactly the bytes that match, since no lane borrows from
/// another. ``firstMatch(in:)`` turns that into a position.
enum ByteVector {
  /// Sixteen bytes, the first in lane 0.
  typealias Bytes = SIMD16<UInt8>

  /// The number of bytes a vector holds.
  static let width = 16

  /// The sixteen bytes from `offset` in `base`, of which at least sixteen must be readable.
  @inline(__always)
  static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> Bytes {
    UnsafeRawPointer(base + offset).loadUnaligned(as: Bytes.self)
  }

  /// The bytes of `bytes` equal to `byte`, whose high bit must be clear, flagged in their high
  /// bit; the other bits of the result are not defined.
  ///
  /// A lane is zero after the exclusive or exactly when it matched, and only zero lanes set
  /// the high bit of both `lane &- 1` and `~lane`; `byte` below 0x80 leaves the high bit of
  /// `~lane` that of the input, so callers may factor it out.
  @inline(__always)
  static func matching(_ byte: UInt8, in bytes: Bytes) -> Bytes {
    let differences = bytes ^ Bytes(repeating: byte)
    return (differences &- Bytes(repeating: 1)) & ~differences
  }

  /// The bytes of `bytes` a JSON string cannot hold as they are, flagged in their high bit:
  /// `"`, `\\`, control characters, and bytes from 0x80, which start a sequence to validate;
  /// the other bits of the result are not defined.
  @inline(__always)
  static func endingPlainASCII(in bytes: Bytes) -> Bytes {
    // A control character is a lane with none of its top three bits set.
    let top = bytes & Bytes(repeating: 0xE0)
    return matching(UInt8(ascii: "\""), in: bytes) | matching(UInt8(ascii: "\\"), in: bytes)
      | ((top &- Bytes(repeating: 1)) & ~top) | bytes
  }

  /// Whether any byte of `bytes` is not zero: the two words or-ed, one test.
  @inline(__always)
  static func anyByteSet(in bytes: Bytes) -> Bool {
    // Sixteen bytes are two words, so the cast is sound.
    let words = unsafeBitCast(bytes, to: (UInt64, UInt64).self)
    return words.0 | words.1 != 0
  }

  /// The lanes of `mask` as bytes, `0xFF` where it is set and 0 elsewhere: a mask of sixteen
  /// lanes is stored as sixteen bytes, 0 or -1, so reading it as bytes is sound. Masks read so
  /// are combined with one vector instruction each, which the mask type's own operators do
  /// lane by lane.
  @inline(__always)
  static func bytes(of mask: SIMDMask<SIMD16<Int8>>) -> Bytes {
    unsafeBitCast(mask, to: Bytes.self)
  }

  /// The lane of the first byte with its high bit set in `flags`, or `nil` when there is none.
  @inline(__always)
  static func firstMatch(in flags: Bytes) -> Int? {
    let high = flags & Bytes(repeating: 0x80)
    let words = unsafeBitCast(high, to: (UInt64, UInt64).self)
    // Lanes are in memory order, so the first lane is the lowest byte of the first word on a
    // little-endian machine; `littleEndian` makes it so on any other.
    let first = words.0.littleEndian
    if first != 0 { return first.trailingZeroBitCount &>> 3 }
    let second = words.1.littleEndian
    if second != 0 { return 8 &+ second.trailingZeroBitCount &>> 3 }
    return nil
  }

  /// The position of the first `"`, `\\`, control character or byte from 0x80 at or after
  /// `start` among the `count` bytes at `base` (or `count`): where a JSON string's plain ASCII
  /// run ends. Sixteen bytes at a time, then eight, then one.
  @inline(__always)
  static func plainASCIIRunEnd(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
    var position = start
    while position &+ width <= count {
      let special = endingPlainASCII(in: load(base, at: position))
      if let lane = firstMatch(in: special) { return position &+ lane }
      position &+= width
    }
    while position &+ 8 <= count {
      let word = ByteWord.load(base, at: position)
      let special = ByteWord.needingEscape(in: word) | word & ByteWord.highBits
      if special != 0 { return position &+ special.trailingZeroBitCount &>> 3 }
      position &+= 8
    }
    while position < count {
      let byte = base[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
        break
      }
      position &+= 1
    }
    return position
  }
}
