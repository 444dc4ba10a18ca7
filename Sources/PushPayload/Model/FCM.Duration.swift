extension FCM {
  /// A signed span of time with nanosecond resolution (`google.protobuf.Duration`).
  ///
  /// In JSON a Duration is a string: decimal seconds, an optional fraction of up to nine digits
  /// and the suffix `s` (`"3s"`, `"3.5s"`, `"-0.000000001s"`). ``protoJSON`` writes it the way
  /// the Admin SDKs do: whole seconds as `"3s"`, anything else with exactly nine fraction digits
  /// (`"3.500000000s"`).
  public struct Duration: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Whole seconds; negative for negative durations.
    public var seconds: Int64
    /// Nanoseconds, with the sign of ``seconds`` (or of the duration when seconds is 0).
    public var nanos: Int32

    /// The largest magnitude protobuf allows, about 10,000 years.
    public static let maximumSeconds: Int64 = 315_576_000_000

    /// Creates a duration from seconds and nanoseconds of the same sign.
    public init(seconds: Int64, nanos: Int32 = 0) {
      self.seconds = seconds
      self.nanos = nanos
    }

    /// Creates a duration from whole milliseconds.
    public static func milliseconds(_ milliseconds: Int64) -> Duration {
      Duration(
        seconds: milliseconds / 1000,
        nanos: Int32(milliseconds % 1000) * 1_000_000
      )
    }

    /// Parses the proto3 JSON form, or returns `nil` when `text` is not one.
    ///
    /// Accepted: an optional `-`, one or more digits, optionally `.` and one to nine digits,
    /// then `s`, with a magnitude of at most ``maximumSeconds``.
    public init?(protoJSON text: String) {
      var bytes = Substring(text).utf8[...]
      var negative = false
      if bytes.first == UInt8(ascii: "-") {
        negative = true
        bytes = bytes.dropFirst()
      }
      guard bytes.last == UInt8(ascii: "s") else { return nil }
      bytes = bytes.dropLast()
      let integerDigits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard !integerDigits.isEmpty, integerDigits.count <= 12 else { return nil }
      var seconds: Int64 = 0
      for digit in integerDigits { seconds = seconds * 10 + Int64(digit - UInt8(ascii: "0")) }
      var rest = bytes.dropFirst(integerDigits.count)
      var nanos: Int32 = 0
      if let dot = rest.first {
        guard dot == UInt8(ascii: "."), rest.count >= 2, rest.count <= 10 else { return nil }
        rest = rest.dropFirst()
        var scale: Int32 = 100_000_000
        for digit in rest {
          guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
          nanos += Int32(digit - UInt8(ascii: "0")) * scale
          scale /= 10
        }
      }
      guard seconds <= Self.maximumSeconds else { return nil }
      self.init(seconds: negative ? -seconds : seconds, nanos: negative ? -nanos : nanos)
    }

    /// Whether the duration is below zero.
    public var isNegative: Bool { seconds < 0 || nanos < 0 }

    /// The proto3 JSON form as the Admin SDKs write it: `"3s"` or `"3.500000000s"`.
    public var protoJSON: String {
      let sign = isNegative ? "-" : ""
      let wholeSeconds = seconds.magnitude
      let fraction = nanos.magnitude
      guard fraction != 0 else { return "\(sign)\(wholeSeconds)s" }
      let digits = String(fraction)
      return "\(sign)\(wholeSeconds).\(String(repeating: "0", count: 9 - digits.count))\(digits)s"
    }

    /// The proto3 JSON form, as `protoJSON` writes it.
    public var description: String { protoJSON }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Duration, rhs: Duration) -> Bool {
      (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
  }
}
