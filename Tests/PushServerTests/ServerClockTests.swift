import Testing

@testable import PushServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Timestamps and message names written straight into bytes, against the `String` forms they
/// replace (``DecimalDigits`` has its tests with PushJSON).
@Suite struct ServerClockTests {
  /// The definition ``ServerClock/iso8601(_:)`` had, through `String`s.
  static func reference(_ time: Double) -> String {
    var seconds = time_t(time.rounded(.down))
    let milliseconds = Int((time - Double(seconds)) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(Int(parts.tm_year) + 1900, 4) + "-" + padded(Int(parts.tm_mon) + 1, 2) + "-"
      + padded(Int(parts.tm_mday), 2) + "T" + padded(Int(parts.tm_hour), 2) + ":"
      + padded(Int(parts.tm_min), 2) + ":" + padded(Int(parts.tm_sec), 2) + "."
      + padded(milliseconds, 3) + "Z"
  }

  @Test(arguments: [
    0, 0.001, 0.999, 1_796_221_077.325_835, 1_700_000_000.25, 951_782_400, 4_102_444_799.999,
    253_402_300_800.5, -1.5, -62_167_219_200, -62_200_000_000, 1e12,
  ])
  func iso8601IsTheStringForm(time: Double) {
    #expect(ServerClock.iso8601(time) == Self.reference(time))
    var bytes: [UInt8] = [UInt8(ascii: "x")]
    ServerClock.appendISO8601(time, to: &bytes)
    #expect(bytes == [UInt8(ascii: "x")] + Array(Self.reference(time).utf8))
  }

  @Test func messageNameHasTheProjectAndAnID() {
    let name = FCMEndpoint.messageName(project: "pushc-local", now: 1_700_000_000.25)
    #expect(name.hasPrefix("projects/pushc-local/messages/0:1700000000250000%"))
    #expect(name.utf8.count == "projects/pushc-local/messages/0:1700000000250000%".utf8.count + 16)
  }
}
