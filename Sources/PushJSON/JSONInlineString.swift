/// Strings of at most 15 bytes made directly in the inline representation Swift gives every
/// string that short, instead of through the standard library's byte-by-byte copy.
///
/// On 64-bit platforms a string of up to 15 UTF-8 bytes is stored in its two words: the first
/// eight bytes, then the next seven and a top byte of 0xE0 (all ASCII) or 0xA0 (not) plus the
/// count. ``isAvailable`` checks once, against strings the standard library makes itself, that
/// this is the layout of the running standard library; where it is not, the reader makes its
/// strings the ordinary way.
enum JSONInlineString {
  /// The longest string made this way.
  static let maximumCount = 15

  /// Whether strings made by ``make(head:tail:count:isASCII:)`` are bit for bit those the
  /// standard library makes from the same bytes.
  static let isAvailable: Bool = {
    guard MemoryLayout<String>.size == 16, MemoryLayout<(UInt64, UInt64)>.size == 16 else {
      return false
    }
    let probes: [[UInt8]] = (0...maximumCount).flatMap { count -> [[UInt8]] in
      let ascii = (0..<count).map { UInt8(ascii: "a") + UInt8($0) }
      let latin = count >= 2 ? [0xC3, 0xA9] + ascii.dropFirst(2) : ascii
      let hangul = count >= 3 ? [0xED, 0x95, 0x9C] + ascii.dropFirst(3) : ascii
      return [ascii, latin, hangul, [UInt8](repeating: 0x7F, count: count)]
    }
    for probe in probes {
      var head: UInt64 = 0
      var tail: UInt64 = 0
      for (offset, byte) in probe.enumerated() {
        if offset < 8 {
          head |= UInt64(byte) << (8 * UInt64(offset))
        } else {
          tail |= UInt64(byte) << (8 * UInt64(offset - 8))
        }
      }
      let expected = String(decoding: probe, as: UTF8.self)
      let made = make(
        head: head, tail: tail, count: probe.count, isASCII: probe.allSatisfy { $0 < 0x80 })
      guard
        unsafeBitCast(expected, to: (UInt64, UInt64).self)
          == unsafeBitCast(made, to: (UInt64, UInt64).self),
        made == expected, Array(made.utf8) == probe
      else { return false }
    }
    return true
  }()

  /// The string of the `count` (at most ``maximumCount``) valid UTF-8 bytes whose first eight
  /// are `head` and next seven `tail`, little-endian, every byte past `count` zero. Only when
  /// ``isAvailable``.
  @inline(__always)
  static func make(head: UInt64, tail: UInt64, count: Int, isASCII: Bool) -> String {
    let discriminator: UInt64 = (isASCII ? 0xE0 : 0xA0) | UInt64(truncatingIfNeeded: count)
    return unsafeBitCast((head, tail | discriminator << 56), to: String.self)
  }

  /// The string of the `count` (at most ``maximumCount``) valid UTF-8 bytes at `start`, of
  /// which at least 16 are readable. Only when ``isAvailable``.
  @inline(__always)
  static func make(at start: UnsafePointer<UInt8>, count: Int, isASCII: Bool) -> String {
    let raw = UnsafeRawPointer(start)
    var head = raw.loadUnaligned(as: UInt64.self)
    var tail: UInt64 = 0
    if count >= 8 {
      tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      tail &= (1 << (UInt64(count - 8) << 3)) &- 1
    } else {
      head &= (1 << (UInt64(count) << 3)) &- 1
    }
    return make(head: head, tail: tail, count: count, isASCII: isASCII)
  }
}
