import PushJSON
import Testing
import _PushPayloadTestSupport

/// ``UTF8Validation/isValid(_:from:to:)`` against walking the bytes with
/// ``UTF8Validation/sequenceLength(in:at:limit:)``, the rule every diagnostic uses.
@Suite struct UTF8ValidationTests {
  /// Whether `bytes` are valid, one sequence at a time.
  static func validBySequences(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var position = 0
      while position < buffer.count {
        let length = UTF8Validation.sequenceLength(in: buffer, at: position, limit: buffer.count)
        if length == 0 { return false }
        position += length
      }
      return true
    }
  }

  static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let whole = bytes.withUnsafeBufferPointer {
      UTF8Validation.isValid($0, from: 0, to: $0.count)
    }
    #expect(whole == validBySequences(bytes), "\(bytes)", sourceLocation: sourceLocation)
    // The record file decides between `body` and `body_base64` with either rule.
    #expect(
      whole == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)",
      sourceLocation: sourceLocation)
  }

  @Test func everyShortSequenceAgrees() {
    let continuations: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    for first in 0...255 {
      for second in 0...255 {
        Self.expectAgreement([UInt8(first), UInt8(second)])
      }
    }
    for first in UInt8(0xC0)...0xFF {
      Self.expectAgreement([first])
      for second in 0...255 {
        for third in continuations {
          Self.expectAgreement([first, UInt8(second), third])
          if first >= 0xF0 {
            for fourth in continuations {
              Self.expectAgreement([first, UInt8(second), third, fourth])
            }
          }
        }
      }
    }
  }

  /// Every three-byte candidate, before, after and between Hangul syllables, at every offset
  /// of a round of the state machine (which reads four bytes a round) inside a longer input.
  @Test func sequencesAgreeInsideLongInput() {
    let syllables: [UInt8] = [0xEA, 0xB0, 0x80, 0xED, 0x95, 0x9C]
    let continuations: [UInt8] = [0x00, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    for lead in UInt8(0xC0)...0xFF {
      for second in continuations {
        for third in continuations {
          for prefix in 0..<9 {
            let bytes =
              Array(repeating: UInt8(ascii: "a"), count: prefix) + [lead, second, third]
              + syllables + syllables
            Self.expectAgreement(bytes)
            Self.expectAgreement(Array(bytes.dropLast(1)))
            Self.expectAgreement(
              Array(syllables.prefix(3)) + [lead, second, third, 0x20] + syllables)
          }
        }
      }
    }
  }

  @Test func longRunsAgreeAtEveryLength() {
    var random = SplitMix64(seed: 7)
    let pieces: [[UInt8]] = [
      [0x61], [0x20], [0xC3, 0xA9], [0xED, 0x95, 0x9C], [0xF0, 0x9F, 0x91, 0x8D],
      [0xE0, 0xA0, 0x80],
      [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
      [0xE3, 0x81], [0xF5], [0xFF],
      // Hangul syllables, checked a sequence (or two) at a time, and broken ones.
      [0xEA, 0xB0, 0x80], [0xED, 0x9E, 0xA3], [0xEC, 0x9A, 0x94], [0xEA, 0xB0], [0xEF, 0xBF, 0xBF],
      [0xE1, 0xC0, 0x80], [0xEB, 0x80, 0x7F],
    ]
    for _ in 0..<4_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<24, using: &random) {
        // Mostly valid pieces, so that an invalid one is often far from the start.
        let index = Int.random(
          in: 0..<(Int.random(in: 0..<5, using: &random) == 0 ? pieces.count : 8), using: &random)
        bytes += pieces[index]
      }
      Self.expectAgreement(bytes)
    }
  }

  /// ``UTF8Validation/plainTextEnd(in:from:)`` by walking the sequences: the first `"`, `\\` or
  /// control character, unless an invalid sequence comes first.
  static func plainTextEndBySequences(_ bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var position = start
      while position < buffer.count {
        let byte = buffer[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
          return position
        }
        let length = UTF8Validation.sequenceLength(in: buffer, at: position, limit: buffer.count)
        if length == 0 { return nil }
        position += length
      }
      return buffer.count
    }
  }

  @Test func plainTextEndsWhereTheSequencesSay() {
    var random = SplitMix64(seed: 11)
    let pieces: [[UInt8]] = [
      [0x61], [0x20], [0x7F], [0xC3, 0xA9], [0xED, 0x95, 0x9C], [0xEA, 0xB0, 0x80],
      [0xEC, 0x9A, 0x94], [0xF0, 0x9F, 0x91, 0x8D], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
      [0xF4, 0x8F, 0xBF, 0xBF],
      // What ends the text, and what is invalid: a quote inside a sequence is invalid.
      [0x22], [0x5C], [0x0A], [0x00], [0x1F], [0xEA, 0x22, 0x80], [0xED, 0xA0, 0x80],
      [0xC0, 0xAF], [0xE3, 0x81], [0xF5], [0xFF], [0x80], [0xF4, 0x90, 0x80, 0x80],
    ]
    for _ in 0..<6_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<40, using: &random) {
        // Mostly plain pieces, so that what ends the text is often several rounds in.
        let index = Int.random(
          in: 0..<(Int.random(in: 0..<6, using: &random) == 0 ? pieces.count : 11), using: &random)
        bytes += pieces[index]
      }
      for start in 0..<min(bytes.count + 1, 3) {
        let found = bytes.withUnsafeBufferPointer {
          UTF8Validation.plainTextEnd(in: $0, from: start)
        }
        #expect(found == Self.plainTextEndBySequences(bytes, from: start), "\(bytes) \(start)")
      }
    }
  }

  /// Expects ``UTF8Validation/plainTextEnd(in:from:)`` from each of `starts` to be where
  /// ``plainTextEndBySequences(_:from:)`` ends.
  static func expectPlainTextEnds(
    _ bytes: [UInt8], from starts: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for start in starts where start <= bytes.count {
      let found = bytes.withUnsafeBufferPointer {
        UTF8Validation.plainTextEnd(in: $0, from: start)
      }
      #expect(
        found == Self.plainTextEndBySequences(bytes, from: start), "\(bytes) \(start)",
        sourceLocation: sourceLocation)
    }
  }

  /// The sixteen-byte blocks agree with the sequences whatever byte comes at any offset of a
  /// block: each byte value after whole characters, after leads that call for one or two
  /// continuations and after a lead and its first continuation, two blocks into a text.
  @Test func plainTextEndAgreesOnEveryByteAtEveryOffsetOfABlock() {
    let hangul = Array("건국대학교 공지사항 안내합니다".utf8)
    for offset in 0..<16 {
      // ASCII, two-byte and three-byte text (with `ED` leads), cut after a whole character
      // and padded to `offset` bytes past two blocks' worth, then what is tested and more
      // text for the blocks after.
      var before: [UInt8] = []
      for scalar in "건국대학교 공지사항 é 안내합니다 건국대학교 공지사항".unicodeScalars {
        let encoded = Array(String(scalar).utf8)
        guard before.count + encoded.count <= 32 + offset else { break }
        before += encoded
      }
      while before.count < 32 + offset { before.append(UInt8(ascii: "a")) }
      for leadIn: [UInt8] in [
        [], [0xC3], [0xED], [0xE0], [0xEA, 0xB0], [0xED, 0x9F], [0xF0, 0x9F],
      ] {
        // The byte, then as many continuations as a lead would call for (none to two).
        for byte in UInt8(0)...0xFF {
          for tail: [UInt8] in [[], [0x80], [0xBF, 0x80]] {
            let bytes = before + leadIn + [byte] + tail + hangul + hangul
            Self.expectPlainTextEnds(bytes, from: [0])
          }
        }
      }
    }
    // A text that starts right after a lead, whose calls it does not answer.
    for leadIn: [UInt8] in [
      [0x61, 0x61], [0x61, 0xC3], [0x61, 0xED], [0xEA, 0xB0], [0xF0, 0x9F],
    ] {
      for byte in UInt8(0)...0xFF {
        for tail: [UInt8] in [[], [0x80], [0xBF, 0x80]] {
          let bytes = leadIn + [byte] + tail + hangul + hangul
          Self.expectPlainTextEnds(bytes, from: [2])
        }
      }
    }
  }

  /// Random texts several blocks long, mostly Hangul and ASCII as notices are, with the
  /// sequences the blocks leave to the state machine, stops and invalid bytes mixed in.
  @Test func plainTextEndAgreesOnRandomLongTexts() {
    var random = SplitMix64(seed: 0x7EE_0016)
    let pieces: [[UInt8]] = [
      Array("한".utf8), Array("학".utf8), Array("힣".utf8), Array("가".utf8), Array(" ".utf8),
      Array("a1".utf8), Array("é".utf8), Array("\u{D7FF}".utf8), Array("\u{0800}".utf8),
      Array("👍".utf8), Array("\u{10FFFF}".utf8), [0x22], [0x5C], [0x0A], [0x7F], [0x80],
      [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5], [0xFF], [0xE3, 0x81], [0xF0, 0x9F, 0x91], [0xEA, 0x22, 0x80],
    ]
    for _ in 0..<3_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(random.next() % 120) {
        // Mostly the first eight pieces, so that most texts run for blocks before anything
        // else comes.
        let index =
          random.next() % 50 == 0 ? random.next() % UInt64(pieces.count) : random.next() % 8
        bytes += pieces[Int(index)]
      }
      Self.expectPlainTextEnds(bytes, from: [0, 1, 2, 3, 5, 17])
    }
  }
}
