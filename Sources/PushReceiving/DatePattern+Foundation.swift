public import Foundation

extension DatePattern {
  /// The date `text` names, or `nil` when it does not match.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - timeZone: The time zone of a text without an offset.
  /// - Returns: The date.
  public func date(from text: String, timeZone: TimeZone) -> Date? {
    guard let components = match(text) else { return nil }
    let local = components.secondsAsUTC
    let offset: Int
    if let stated = components.utcOffset {
      offset = stated
    } else {
      // Resolve the local time in two steps, which is exact except inside a DST gap.
      let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
      offset = timeZone.secondsFromGMT(
        for: Date(timeIntervalSince1970: TimeInterval(local - guess)))
    }
    return Date(
      timeIntervalSince1970: TimeInterval(local - offset) + TimeInterval(components.nanosecond)
        / 1e9)
  }

  /// The text of `date` in this pattern.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - timeZone: The time zone to write it in (and whose offset a zone token writes).
  /// - Returns: The text.
  /// A date outside the years 0000 to 9999 (or not finite) is written as the nearest end of
  /// that range.
  public func string(from date: Date, timeZone: TimeZone) -> String {
    let interval = Self.writableIntervals.clamp(date.timeIntervalSince1970)
    let seconds = Int(interval.rounded(.down))
    let nanosecond = Int(((interval - Double(seconds)) * 1e9).rounded())
    let offset = timeZone.secondsFromGMT(for: date)
    let components = Components(
      secondsAsUTC: seconds + offset,
      nanosecond: min(nanosecond, 999_999_999),
      utcOffset: offset
    )
    return string(from: components)
  }

  /// The values of `timeIntervalSince1970` whose year has four digits: 0000-01-01T00:00:00Z to
  /// 9999-12-31T23:59:59Z.
  static let writableIntervals: ClosedRange<TimeInterval> =
    -62_167_219_200...253_402_300_799

  /// The ISO 8601 date-time patterns: `yyyy-MM-dd'T'HH:mm:ss` with no fraction or 1 to 9
  /// fraction digits, and `Z` or an offset.
  static let iso8601: [DatePattern] =
    [DatePattern(builtIn: "yyyy-MM-dd'T'HH:mm:ssXXX")]
    + (1...9).map {
      DatePattern(builtIn: "yyyy-MM-dd'T'HH:mm:ss." + String(repeating: "S", count: $0) + "XXX")
    }
}

extension ClosedRange<TimeInterval> {
  /// `value` moved into the range; `nan` becomes the lower bound.
  fileprivate func clamp(_ value: TimeInterval) -> TimeInterval {
    guard value >= lowerBound else { return lowerBound }
    return Swift.min(value, upperBound)
  }
}
