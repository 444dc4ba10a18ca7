extension FCM {
  /// A point in time with nanosecond resolution (`google.protobuf.Timestamp`).
  ///
  /// In JSON a Timestamp is an RFC 3339 string such as `"2024-02-21T09:00:00Z"` or
  /// `"2024-02-21T18:00:00.5+09:00"`. ``protoJSON`` writes it in UTC the way the Python Admin
  /// SDK does, with six fraction digits (`"2024-02-21T09:00:00.000000Z"`), or nine when the
  /// value has sub-microsecond precision.
  public struct Timestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// Nanoseconds after ``seconds``, `0..<1_000_000_000`.
    public var nanos: Int32

    /// Creates a timestamp.
    public init(seconds: Int64, nanos: Int32 = 0) {
      self.seconds = seconds
      self.nanos = nanos
    }

    /// Parses an RFC 3339 date-time with an upper-case `T` and a `Z` or `±HH:MM` offset, years
    /// 0001 to 9999, or returns `nil`.
    public init?(rfc3339 text: String) {
      let bytes = Array(text.utf8)
      var index = 0
      func number(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
          guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
      }
      func expect(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii
        else { return false }
        index += 1
        return true
      }
      guard let year = number(4), expect("-"), let month = number(2), expect("-"),
        let day = number(2), expect("T"), let hour = number(2), expect(":"),
        let minute = number(2), expect(":"), let second = number(2)
      else { return nil }
      guard year >= 1, (1...12).contains(month), day >= 1,
        day <= Self.daysInMonth(month, year: year), hour <= 23, minute <= 59, second <= 59
      else { return nil }
      var nanos = 0
      if expect(".") {
        var scale = 100_000_000
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
          bytes[index] <= UInt8(ascii: "9")
        {
          guard digits < 9 else { return nil }
          nanos += Int(bytes[index] - UInt8(ascii: "0")) * scale
          scale /= 10
          digits += 1
          index += 1
        }
        guard digits > 0 else { return nil }
      }
      var offsetSeconds = 0
      if expect("Z") {
        offsetSeconds = 0
      } else if index < bytes.count,
        bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let offsetHours = number(2), expect(":"), let offsetMinutes = number(2),
          offsetHours <= 23, offsetMinutes <= 59
        else { return nil }
        offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
      } else {
        return nil
      }
      guard index == bytes.count else { return nil }
      let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
      let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      self.init(seconds: local - Int64(offsetSeconds), nanos: Int32(nanos))
    }

    /// The UTC RFC 3339 form with six fraction digits, or nine when they are needed.
    public var protoJSON: String {
      // Floor division and remainder that cannot overflow, even for seconds near Int64.min.
      let remainder = Int(seconds % 86_400)
      let days = Int(seconds / 86_400) - (remainder < 0 ? 1 : 0)
      let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
      let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
      let fraction =
        nanos % 1000 == 0
        ? Self.pad(Int(nanos / 1000), 6)
        : Self.pad(Int(nanos), 9)
      return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
        + "\(Self.pad(secondOfDay / 3600, 2)):\(Self.pad(secondOfDay / 60 % 60, 2)):"
        + "\(Self.pad(secondOfDay % 60, 2)).\(fraction)Z"
    }

    /// The proto3 JSON form, as `protoJSON` writes it.
    public var description: String { protoJSON }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
      (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian)

    static func daysInMonth(_ month: Int, year: Int) -> Int {
      switch month {
      case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
  }
}
