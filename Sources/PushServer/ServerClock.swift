import PushJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The wall clock and the random identifiers the server needs.
enum ServerClock {
  /// Seconds since the UNIX epoch.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }

  /// Seconds on a clock that never jumps, for timeouts.
  static func monotonic() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }

  /// `time` as ISO 8601 UTC with milliseconds, `2026-12-01T22:34:50.123Z`.
  static func iso8601(_ time: Double) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    appendISO8601(time, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the bytes of ``iso8601(_:)`` to `output`, the digits written from the broken-down
  /// time's integers (the record file writes one a request).
  static func appendISO8601(_ time: Double, to output: inout [UInt8]) {
    var seconds = time_t(time.rounded(.down))
    let milliseconds = Int((time - Double(seconds)) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    DecimalDigits.append(Int(parts.tm_year) + 1900, width: 4, to: &output)
    output.append(UInt8(ascii: "-"))
    DecimalDigits.append(Int(parts.tm_mon) + 1, width: 2, to: &output)
    output.append(UInt8(ascii: "-"))
    DecimalDigits.append(Int(parts.tm_mday), width: 2, to: &output)
    output.append(UInt8(ascii: "T"))
    DecimalDigits.append(Int(parts.tm_hour), width: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    DecimalDigits.append(Int(parts.tm_min), width: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    DecimalDigits.append(Int(parts.tm_sec), width: 2, to: &output)
    output.append(UInt8(ascii: "."))
    DecimalDigits.append(milliseconds, width: 3, to: &output)
    output.append(UInt8(ascii: "Z"))
  }

  /// A new random (version 4) UUID in lower case, as APNs writes `apns-id`.
  static func uuid() -> String {
    // Two draws of the system generator (each a `getrandom` call), not one per byte.
    var generator = SystemRandomNumberGenerator()
    let high = generator.next()
    let low = generator.next()
    var bytes = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * ($0 % 8))) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
      text.append(hex[Int(byte >> 4)])
      text.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
