import Testing

@testable import PushJSON

/// The vector tests of ``ByteVector`` against byte-by-byte answers: which byte is the first to
/// match, for every position of every byte that matters, a later match included.
@Suite struct ByteVectorTests {
  /// The first of `bytes` (sixteen of them) equal to one of `targets`, by the vector tests.
  static func firstMatch(of targets: [UInt8], in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      let vector = ByteVector.load(buffer.baseAddress.unsafelyUnwrapped, at: 0)
      var flags = ByteVector.Bytes(repeating: 0)
      for target in targets { flags |= ByteVector.matching(target, in: vector) }
      return ByteVector.firstMatch(in: flags)
    }
  }

  static let interesting: [UInt8] = [
    0x00, 0x01, 0x09, 0x0A, 0x0B, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80,
    0x8A, 0xA2, 0xDC, 0xE2, 0xFF,
  ]

  static let stops: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n")]

  @Test func firstMatchAgreesWithBytesAtEveryPosition() {
    for filler in [UInt8(ascii: "a"), 0xEA, 0xA2, 0x21] {
      for special in Self.interesting {
        for position in 0..<ByteVector.width {
          var bytes = [UInt8](repeating: filler, count: ByteVector.width)
          bytes[position] = special
          // A second match later must not hide the first.
          if position < ByteVector.width - 1 { bytes[ByteVector.width - 1] = UInt8(ascii: "\\") }
          #expect(
            Self.firstMatch(of: Self.stops, in: bytes)
              == bytes.firstIndex { Self.stops.contains($0) })
          #expect(
            Self.firstMatch(of: [special & 0x7F], in: bytes) == bytes.firstIndex(of: special & 0x7F)
          )
        }
      }
    }
  }

  @Test func endingPlainASCIIAgreesWithBytesAtEveryPosition() {
    for filler in [UInt8(ascii: "a"), 0x21, 0x7F] {
      for special in 0...UInt8.max {
        for position in 0..<ByteVector.width {
          var bytes = [UInt8](repeating: filler, count: ByteVector.width)
          bytes[position] = special
          let vector = bytes.withUnsafeBufferPointer {
            ByteVector.load($0.baseAddress.unsafelyUnwrapped, at: 0)
          }
          let expected = bytes.firstIndex {
            $0 < 0x20 || $0 >= 0x80 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
          }
          #expect(ByteVector.firstMatch(in: ByteVector.endingPlainASCII(in: vector)) == expected)
        }
      }
    }
  }

  @Test func randomVectorsAgreeWithBytes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bytes = (0..<ByteVector.width).map { _ in
        Self.interesting.randomElement(using: &generator) ?? 0
      }
      #expect(
        Self.firstMatch(of: Self.stops, in: bytes) == bytes.firstIndex { Self.stops.contains($0) })
    }
  }
}
