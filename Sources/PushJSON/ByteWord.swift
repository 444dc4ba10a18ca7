/// Tests on eight bytes at once, for the scanners that skip runs of ordinary bytes (strings in
/// the JSON reader, the canonical writer's escaping, the NDJSON splitter).
///
/// Each test returns a word with the high bit set in the bytes that match, from the classic
/// "has a zero byte" trick: whether any byte matches is exact, and so is the lowest matching
/// byte (`trailingZeroBitCount / 8`); bytes above the lowest match may be flagged wrongly.
/// Words are read little-endian, so the lowest byte is the first in memory.
enum ByteWord {
  /// `0x01` in every byte.
  static let ones: UInt64 = 0x0101_0101_0101_0101
  /// `0x80` in every byte.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes from `offset` in `base`, of which at least eight must be readable there.
  @inline(__always)
  static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
  }

  /// The bytes of `word` equal to `byte`.
  @inline(__always)
  static func matching(_ byte: UInt8, in word: UInt64) -> UInt64 {
    let differences = word ^ (ones &* UInt64(byte))
    return (differences &- ones) & ~differences & highBits
  }

  /// The bytes of `word` below `bound`, which is at most 0x80.
  @inline(__always)
  static func below(_ bound: UInt8, in word: UInt64) -> UInt64 {
    (word &- ones &* UInt64(bound)) & ~word & highBits
  }

  /// The bytes of `word` a JSON string cannot hold unescaped: `"`, `\` and control characters.
  ///
  /// Flipping bit 1 of every byte maps `"` (0x22) to 0x20 and the control characters onto
  /// themselves, so one "below 0x21" test finds both and only `\` needs a test of its own.
  @inline(__always)
  static func needingEscape(in word: UInt64) -> UInt64 {
    below(0x21, in: word ^ 0x0202_0202_0202_0202) | matching(UInt8(ascii: "\\"), in: word)
  }
}
