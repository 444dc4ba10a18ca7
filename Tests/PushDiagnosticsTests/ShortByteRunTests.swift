@_spi(PushInternals) import PushDiagnostics
import Testing

/// A run of up to eight bytes reads as the word a byte loop builds, from storage that holds
/// only those bytes.
@Suite struct ShortByteRunTests {
  /// The word of `bytes` built a byte at a time.
  static func expectedWord(_ bytes: [UInt8]) -> UInt64 {
    var word: UInt64 = 0
    for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
    return word
  }

  @Test(arguments: 0...8)
  func everyCountReadsItsBytesAlone(count: Int) {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let bytes = (0..<count).map { index in
        round == 0
          ? UInt8(0xFF)
          : round == 1 ? UInt8(index + 1) : UInt8.random(in: 0...255, using: &generator)
      }
      // Storage of exactly `count` bytes, so that a read past them would be a read of memory
      // the run does not own.
      let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
      defer { storage.deallocate() }
      storage.initialize(from: bytes, count: count)
      #expect(ShortByteRun.word(storage, count: count) == Self.expectedWord(bytes))
    }
  }
}
