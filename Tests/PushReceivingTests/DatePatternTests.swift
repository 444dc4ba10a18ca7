import Foundation
import PushReceiving
import Testing

@Suite struct DatePatternTests {
  struct MatchCase: CustomTestStringConvertible, Sendable {
    var pattern: String
    var text: String
    var matches: Bool
    var testDescription: String { "\(pattern) ~ \(text)" }
  }

  static let matchCases: [MatchCase] = [
    .init(pattern: "yyyy-MM-dd", text: "2025-03-02", matches: true),
    .init(pattern: "yyyy-MM-dd", text: "2025-3-2", matches: false),
    .init(pattern: "yyyy-M-d", text: "2025-3-2", matches: true),
    .init(pattern: "yyyy-MM-dd", text: "2024-02-29", matches: true),
    .init(pattern: "yyyy-MM-dd", text: "2025-02-29", matches: false),
    .init(pattern: "yyyy-MM-dd", text: "1900-02-29", matches: false),
    .init(pattern: "yyyy-MM-dd", text: "2000-02-29", matches: true),
    .init(pattern: "yyyy-MM-dd", text: "2025-13-01", matches: false),
    .init(pattern: "yyyy-MM-dd", text: "2025-04-31", matches: false),
    .init(pattern: "yyyy-MM-dd", text: "2025-03-02 ", matches: false),
    .init(pattern: "yyyyMMdd", text: "20211109", matches: true),
    .init(pattern: "yyyy-MM-dd HH:mm:ss", text: "2025-03-02 23:59:59", matches: true),
    .init(pattern: "yyyy-MM-dd HH:mm:ss", text: "2025-03-02 24:00:00", matches: false),
    .init(
      pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", text: "2025-03-02T09:00:00.123+09:00", matches: true),
    .init(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", text: "2025-03-02T09:00:00.123Z", matches: true),
    .init(pattern: "yyyy-MM-dd'T'HH:mm:ssZ", text: "2025-03-02T09:00:00+0900", matches: true),
    .init(pattern: "yyyy-MM-dd'T'HH:mm:ssZ", text: "2025-03-02T09:00:00Z", matches: false),
    .init(pattern: "yyyy.MM.dd", text: "2025.03.02", matches: true),
    .init(pattern: "''yyyy''", text: "'2025'", matches: true),
    .init(pattern: "yyyy'년 ''quoted'' 'MM", text: "2025년 'quoted' 03", matches: true),
    .init(pattern: "yyyy'년 ''quoted'' 'MM", text: "2025년 quoted 03", matches: false),
  ]

  @Test(arguments: matchCases)
  func matches(_ testCase: MatchCase) throws {
    let pattern = try #require(DatePattern(testCase.pattern))
    #expect((pattern.match(testCase.text) != nil) == testCase.matches)
  }

  @Test(arguments: ["yy-MM-dd", "yyyy-MMM-dd", "EEE", "yyyy-MM-dd'T", "", "yyyy-MM-dd hh:mm"])
  func rejectsUnsupportedPatterns(_ pattern: String) {
    #expect(DatePattern(pattern) == nil)
    #expect(DatePattern.problem(in: pattern) != nil)
  }

  @Test func readsComponentsAndOffsets() throws {
    let pattern = try #require(DatePattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"))
    let components = try #require(pattern.match("2025-03-02T09:08:07.120-05:30"))
    #expect(
      components
        == DatePattern.Components(
          year: 2025, month: 3, day: 2, hour: 9, minute: 8, second: 7, nanosecond: 120_000_000,
          utcOffset: -19_800))
    #expect(pattern.string(from: components) == "2025-03-02T09:08:07.120-05:30")
  }

  @Test func convertsToAndFromDates() throws {
    let pattern = try #require(DatePattern("yyyy-MM-dd HH:mm:ss"))
    let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
    let date = try #require(pattern.date(from: "2025-03-02 09:00:00", timeZone: seoul))
    #expect(date.timeIntervalSince1970 == 1_740_873_600)
    #expect(pattern.string(from: date, timeZone: seoul) == "2025-03-02 09:00:00")
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    #expect(pattern.string(from: date, timeZone: utc) == "2025-03-02 00:00:00")
    let stated = try #require(DatePattern("yyyy-MM-dd'T'HH:mm:ssXXX"))
    #expect(stated.date(from: "2025-03-02T09:00:00+09:00", timeZone: utc) == date)
  }

  @Test func writesDatesOutsideFourDigitYearsWithoutTrapping() throws {
    let pattern = try #require(DatePattern("yyyy-MM-dd HH:mm:ss"))
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    for interval in [1e300, .infinity, .nan] {
      #expect(
        pattern.string(from: Date(timeIntervalSince1970: interval), timeZone: utc)
          == "9999-12-31 23:59:59" || interval.isNaN)
    }
    #expect(
      pattern.string(from: Date(timeIntervalSince1970: -1e300), timeZone: utc)
        == "0000-01-01 00:00:00")
  }

  @Test func agreesWithTheCalendarOverFourCenturies() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
    let pattern = try #require(DatePattern("yyyy-MM-dd"))
    var day = try #require(calendar.date(from: DateComponents(year: 1800, month: 1, day: 1)))
    let end = try #require(calendar.date(from: DateComponents(year: 2200, month: 1, day: 1)))
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    while day < end {
      let text = formatter.string(from: day)
      #expect(pattern.date(from: text, timeZone: calendar.timeZone) == day, "\(text)")
      #expect(pattern.string(from: day, timeZone: calendar.timeZone) == text)
      day = day.addingTimeInterval(86_400 * 7 + 3_600 * 5)
      day = calendar.startOfDay(for: day)
    }
  }
}
