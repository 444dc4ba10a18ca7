#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The dates of a rules document: ISO 8601 (RFC 3339) date and time with a time zone, such as
/// `2026-11-30T12:00:00Z`, `2026-11-30T12:00:00.250Z` or `2026-11-30T13:00:00+01:00`.
enum RulesDate {
  /// `text` in UNIX seconds, or `nil` when it is not such a date.
  static func parse(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    var index = 0
    func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }
    func expect(_ characters: String) -> Bool {
      guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), expect("Tt "), let hour = digits(2), expect(":"),
      let minute = digits(2), expect(":"), let second = digits(2)
    else { return nil }
    var fraction = 0.0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if expect("Zz") {
      offset = 0
    } else if index < bytes.count,
      bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
    {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = digits(2), expect(":"), let minutes = digits(2), hours < 24, minutes < 60
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    let daysInMonth = [
      31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31,
      30, 31, 30, 31,
    ]
    guard index == bytes.count, (1...12).contains(month),
      (1...daysInMonth[month - 1]).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    return Double(timegm(&parts) - offset) + fraction
  }
}
