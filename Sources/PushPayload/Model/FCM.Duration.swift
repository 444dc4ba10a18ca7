@_spi(PushInternals) import PushJSON

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
      // Scanned over the contiguous UTF-8 bytes: slicing the string's UTF-8 view costs an index
      // computation per step, several times the price of the scan.
      var text = text
      guard let parsed = text.withUTF8({ Self.parse(protoJSON: $0) }) else { return nil }
      self.init(seconds: parsed.seconds, nanos: parsed.nanos)
    }

    /// The seconds and nanoseconds `bytes` spell in the proto3 JSON form, or `nil`.
    private static func parse(
      protoJSON bytes: UnsafeBufferPointer<UInt8>
    ) -> (seconds: Int64, nanos: Int32)? {
      var start = 0
      var end = bytes.count
      var negative = false
      if start < end && bytes[start] == UInt8(ascii: "-") {
        negative = true
        start += 1
      }
      guard start < end, bytes[end - 1] == UInt8(ascii: "s") else { return nil }
      end -= 1
      var index = start
      var seconds: Int64 = 0
      while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        seconds = seconds &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
      let integerDigitCount = index - start
      guard integerDigitCount > 0, integerDigitCount <= 12 else { return nil }
      var nanos: Int32 = 0
      if index < end {
        let restCount = end - index
        guard bytes[index] == UInt8(ascii: "."), restCount >= 2, restCount <= 10 else {
          return nil
        }
        index += 1
        var scale: Int32 = 100_000_000
        while index < end {
          let digit = bytes[index]
          guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
          nanos += Int32(digit - UInt8(ascii: "0")) * scale
          scale /= 10
          index += 1
        }
      }
      guard seconds <= maximumSeconds else { return nil }
      return (negative ? -seconds : seconds, negative ? -nanos : nanos)
    }

    /// Whether the duration is below zero.
    public var isNegative: Bool { seconds < 0 || nanos < 0 }

    /// The proto3 JSON form as the Admin SDKs write it: `"3s"` or `"3.500000000s"`.
    public var protoJSON: String {
      // Whole seconds (nearly every `ttl`) are written digit by digit into the string's own
      // storage, a small string: interpolation costs several times as much.
      guard nanos != 0 else { return Self.wholeSecondsProtoJSON(seconds) }
      let sign = isNegative ? "-" : ""
      let wholeSeconds = seconds.magnitude
      let fraction = nanos.magnitude
      guard fraction != 0 else { return "\(sign)\(wholeSeconds)s" }
      let digits = String(fraction)
      return "\(sign)\(wholeSeconds).\(String(repeating: "0", count: 9 - digits.count))\(digits)s"
    }

    /// `"<seconds>s"`, with a `-` for negative seconds.
    private static func wholeSecondsProtoJSON(_ seconds: Int64) -> String {
      let magnitude = seconds.magnitude
      // Up to 13 digits (about 300,000 years of seconds, far beyond the longest duration FCM
      // takes), the sign and the `s` make a small string, built straight from its bytes.
      guard magnitude < 10_000_000_000_000, SmallASCIIString.isAvailable else {
        return "\(seconds)s"
      }
      var bytes: (leading: UInt64, trailing: UInt64) = (0, 0)
      var count = 0
      func append(_ byte: UInt8) {
        if count < 8 {
          bytes.leading |= UInt64(byte) << (8 * UInt64(count))
        } else {
          bytes.trailing |= UInt64(byte) << (8 * UInt64(count - 8))
        }
        count += 1
      }
      if seconds < 0 { append(UInt8(ascii: "-")) }
      var scale: UInt64 = 1
      while scale <= magnitude / 10 { scale *= 10 }
      var rest = magnitude
      while scale > 0 {
        append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / scale))
        rest %= scale
        scale /= 10
      }
      append(UInt8(ascii: "s"))
      return SmallASCIIString.make(leading: bytes.leading, trailing: bytes.trailing, count: count)
    }

    /// The number of UTF-8 bytes of ``protoJSON``, counted without writing it for whole
    /// seconds (nearly every `ttl`): the FCM size measures a duration it never writes.
    package var protoJSONByteCount: Int {
      guard nanos == 0 else { return protoJSON.utf8.count }
      var digits = 1
      var rest = seconds.magnitude
      while rest >= 10 {
        rest /= 10
        digits += 1
      }
      return (seconds < 0 ? 1 : 0) + digits + 1
    }

    /// The proto3 JSON form, as `protoJSON` writes it.
    public var description: String { protoJSON }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Duration, rhs: Duration) -> Bool {
      (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
  }
}
