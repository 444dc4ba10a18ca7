import Foundation
import PushDiagnostics
import PushReceiving
import Testing
import _PushPayloadTestSupport

/// Damaged captures never crash, hang or pass silently: every prefix of every sample, and
/// samples with bytes replaced, are read and decoded, and whatever cannot be read is reported.
@Suite struct CaptureRobustnessTests {
  static let replacements: [UInt8] = Array("{}()[]=;,\"\\<>: \nA1".utf8) + [0x00, 0xFF, 0xC3]

  @Test(arguments: DecodeSample.all)
  func decodesEveryPrefix(_ sample: DecodeSample) throws {
    let bytes = Array(try Data(contentsOf: DecodeSample.folder.appendingPathComponent(sample.name)))
    let decoder = ReceivedPushDecoder(contract: .kuring)
    var unreadable = 0
    for length in stride(from: 0, to: bytes.count, by: 3) {
      let push = decoder.decode(bytes: Array(bytes[..<length]), name: sample.name)
      if push.kind == nil {
        unreadable += 1
        #expect(push.diagnostics.containsErrors, "prefix of \(length) bytes")
      }
    }
    #expect(unreadable > 0)
  }

  @Test(arguments: DecodeSample.all)
  func decodesWithReplacedBytes(_ sample: DecodeSample) throws {
    let bytes = Array(try Data(contentsOf: DecodeSample.folder.appendingPathComponent(sample.name)))
    let decoder = ReceivedPushDecoder(contract: .kuring)
    var generator = SplitMix64(seed: UInt64(bytes.count))
    for _ in 0..<300 {
      var mutated = bytes
      for _ in 0..<3 {
        let position = Int(generator.next() % UInt64(max(1, mutated.count)))
        let replacement = Self.replacements[Int(generator.next() % UInt64(Self.replacements.count))]
        if position < mutated.count { mutated[position] = replacement }
      }
      let push = decoder.decode(bytes: mutated, name: sample.name)
      if push.kind == nil { #expect(push.diagnostics.containsErrors) }
      // Every diagnostic with a range lies inside the capture.
      for diagnostic in push.diagnostics {
        if let range = diagnostic.range {
          #expect(range.start.offset <= range.end.offset && range.end.offset <= mutated.count)
        }
      }
    }
  }

  @Test func detectsALongOptionalChainInLinearTime() {
    // Each inner `Optional(` of a chain leads to the same `[`; trying each one again from its
    // own start was quadratic.
    let bytes = Array(("log: " + String(repeating: "Optional(", count: 40_000) + "x").utf8)
    let clock = ContinuousClock()
    var capture: ParsedCapture?
    let elapsed = clock.measure { capture = CaptureReader.read(bytes: bytes) }
    #expect(elapsed < .seconds(5))
    #expect(capture?.root == nil)
    #expect(capture?.diagnostics.map(\.id) == [.decodeUnrecognizedCapture])
  }
}
