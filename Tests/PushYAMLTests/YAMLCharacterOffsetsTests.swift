import Testing
import _PushPayloadTestSupport

@testable import PushYAML

/// The map from libyaml's character indices to byte offsets, against a direct count.
@Suite struct YAMLCharacterOffsetsTests {
  /// The byte offset of every Unicode scalar of `text`, and of its end.
  static func expectedOffsets(_ text: String, base: Int) -> [Int] {
    var offsets: [Int] = []
    var offset = base
    for scalar in text.unicodeScalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    return offsets
  }

  static let texts: [String] = [
    "",
    "plain ascii only\n",
    String(repeating: "가나다 abc 😀\r\n", count: 40),
    String(repeating: "é", count: 300) + "x",
    (0..<500).map { $0 % 7 == 0 ? "🇰🇷" : $0 % 3 == 0 ? "한" : "a" }.joined(),
  ]

  @Test(arguments: texts, [0, 3])
  func everyIndexMapsToItsByte(_ text: String, base: Int) {
    let bytes = Array(text.utf8)
    let expected = Self.expectedOffsets(text, base: base)
    bytes.withUnsafeBufferPointer { buffer in
      var offsets = YAMLCharacterOffsets(bytes: buffer, base: base)
      #expect(offsets.firstInvalidUTF8Offset == nil)
      // In order, as events mostly arrive.
      for (index, offset) in expected.enumerated() {
        #expect(offsets.offset(ofCharacter: index) == offset, "index \(index)")
      }
      // Backwards and by jumps, so the cursor and the checkpoints are both used.
      for index in expected.indices.reversed() where index % 5 == 0 {
        #expect(offsets.offset(ofCharacter: index) == expected[index], "index \(index)")
      }
      var generator = SplitMix64(seed: 0x0FF5E7)
      for _ in 0..<200 where !expected.isEmpty {
        let index = Int.random(in: expected.indices, using: &generator)
        #expect(offsets.offset(ofCharacter: index) == expected[index], "index \(index)")
      }
      // Past the end is the end.
      #expect(offsets.offset(ofCharacter: expected.count + 100) == base + bytes.count)
    }
  }

  @Test(arguments: [
    ([0x61, 0xFF, 0x62] as [UInt8], 1),
    ([0x61, 0xC3], 1),
    ([0xE2, 0x82, 0xAC, 0xED, 0xA0, 0x80], 3),
    ([0xF4, 0x90, 0x80, 0x80], 0),
    ([0xC1, 0xBF], 0),
    (Array("한국어".utf8) + [0x80], 9),
  ])
  func firstInvalidByteIsFound(_ bytes: [UInt8], _ offset: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      let offsets = YAMLCharacterOffsets(bytes: buffer, base: 3)
      #expect(offsets.firstInvalidUTF8Offset == 3 + offset)
    }
  }
}
