import Testing

@testable import PushJSON

/// The word tests of ``ByteWord`` against byte-by-byte answers: whether any byte matches, and
/// which is the lowest, for every position of every byte that matters.
@Suite struct ByteWordTests {
  /// `bytes` (eight of them) as a little-endian word.
  static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress.unsafelyUnwrapped, at: 0) }
  }

  /// The index of the lowest flagged byte of a test's result, or `nil`.
  static func lowest(_ flags: UInt64) -> Int? {
    flags == 0 ? nil : flags.trailingZeroBitCount / 8
  }

  static let interesting: [UInt8] = [
    0x00, 0x01, 0x02, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5C, 0x7F, 0x80, 0xA2, 0xE2, 0xFF,
  ]

  @Test func testsAgreeWithBytesAtEveryPosition() {
    for filler in [UInt8(ascii: "a"), 0xEA, 0x21] {
      for special in Self.interesting {
        for position in 0..<8 {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[position] = special
          // A second special byte later must not hide the first.
          if position < 7 { bytes[7] = UInt8(ascii: "\"") }
          let word = Self.word(bytes)
          let quote = bytes.firstIndex(of: UInt8(ascii: "\""))
          #expect(Self.lowest(ByteWord.matching(UInt8(ascii: "\""), in: word)) == quote)
          let control = bytes.firstIndex { $0 < 0x20 }
          #expect(Self.lowest(ByteWord.below(0x20, in: word)) == control)
          let escaped = bytes.firstIndex {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
          }
          #expect(Self.lowest(ByteWord.needingEscape(in: word)) == escaped)
        }
      }
    }
  }

  @Test func randomWordsAgreeWithBytes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bytes = (0..<8).map { _ in Self.interesting.randomElement(using: &generator) ?? 0 }
      let word = Self.word(bytes)
      #expect((ByteWord.matching(0x5C, in: word) != 0) == bytes.contains(0x5C))
      #expect((ByteWord.below(0x20, in: word) != 0) == bytes.contains { $0 < 0x20 })
      #expect(
        Self.lowest(ByteWord.needingEscape(in: word))
          == bytes.firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
    }
  }
}
