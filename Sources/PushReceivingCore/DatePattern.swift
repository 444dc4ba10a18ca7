import PushPayload

/// A date format such as `yyyy-MM-dd` or `yyyy-MM-dd'T'HH:mm:ssXXX`, in the pattern letters of
/// Unicode TR 35 (which `DateFormatter` and Java's `DateTimeFormatter` share).
///
/// Matching is exact and locale-free: numbers are ASCII digits of the stated width, and the
/// calendar is the proleptic Gregorian one, so `2024-02-30` does not match. Supported letters:
///
/// | Letters | Meaning |
/// |---|---|
/// | `yyyy` | year, four digits |
/// | `MM`, `M` | month, two digits or one to two |
/// | `dd`, `d` | day of the month |
/// | `HH`, `H` | hour, `00` to `23` |
/// | `mm`, `m` | minute |
/// | `ss`, `s` | second |
/// | `S`…`SSSSSSSSS` | fraction of a second, exactly that many digits |
/// | `X`, `XX`, `XXX` | `Z`, or an offset `+09`, `+0900`, `+09:00` |
/// | `Z` | an offset `+0900` |
/// | `'text'` | literal text; `''` is a quote |
///
/// Any other character is literal; any other letter is an error, since it would need a locale
/// (month names) or is ambiguous (`yy`).
public struct DatePattern: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  let tokens: [Token]

  enum Token: Hashable {
    case year
    case month(width: Int)
    case day(width: Int)
    case hour(width: Int)
    case minute(width: Int)
    case second(width: Int)
    case fraction(digits: Int)
    /// `X` (1), `XX` (2), `XXX` (3) or `Z` (0).
    case zone(style: Int)
    case literal([UInt8])
  }

  /// Creates a pattern, or returns `nil` when `pattern` is not a supported pattern (see
  /// ``problem(in:)`` for why).
  public init?(_ pattern: String) {
    guard case .success(let tokens) = Self.parse(pattern) else { return nil }
    self.pattern = pattern
    self.tokens = tokens
  }

  /// Creates a pattern known to be valid, for built-in contracts; an invalid pattern matches
  /// nothing. Tests check every built-in pattern.
  package init(builtIn pattern: String) {
    self.pattern = pattern
    if case .success(let tokens) = Self.parse(pattern) {
      self.tokens = tokens
    } else {
      self.tokens = [.literal(Array("\u{0}invalid".utf8))]
    }
  }

  /// The pattern as written in the contract.
  public var description: String { pattern }

  /// Why `pattern` is not a supported pattern, or `nil` when it is.
  package static func problem(in pattern: String) -> String? {
    if case .failure(let problem) = parse(pattern) { return problem.reason }
    return nil
  }

  /// The date and time written in a text that matches a pattern.
  public struct Components: Hashable, Sendable {
    /// The year.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 59.
    public var second: Int
    /// The fraction of a second, in nanoseconds.
    public var nanosecond: Int
    /// The offset from UTC the text states, in seconds, or `nil` when it states none.
    public var utcOffset: Int?

    /// Creates components.
    public init(
      year: Int,
      month: Int,
      day: Int,
      hour: Int = 0,
      minute: Int = 0,
      second: Int = 0,
      nanosecond: Int = 0,
      utcOffset: Int? = nil
    ) {
      self.year = year
      self.month = month
      self.day = day
      self.hour = hour
      self.minute = minute
      self.second = second
      self.nanosecond = nanosecond
      self.utcOffset = utcOffset
    }

    /// The seconds since 1970-01-01 00:00 of these components read as UTC, ignoring the offset.
    public var secondsAsUTC: Int {
      CivilDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600
        + minute * 60 + second
    }

    /// The components of `seconds` since 1970-01-01 00:00 UTC.
    public init(secondsAsUTC seconds: Int, nanosecond: Int = 0, utcOffset: Int? = nil) {
      let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
      let remainder = seconds - days * 86_400
      let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
      self.init(
        year: year,
        month: month,
        day: day,
        hour: remainder / 3_600,
        minute: remainder % 3_600 / 60,
        second: remainder % 60,
        nanosecond: nanosecond,
        utcOffset: utcOffset
      )
    }
  }

  /// The components written in `text`, or `nil` when `text` does not match the pattern or names
  /// a date that does not exist.
  public func match(_ text: String) -> Components? {
    let bytes = Array(text.utf8)
    var index = 0
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    var offset: Int?

    func number(minimum: Int, maximum: Int) -> Int? {
      var value = 0
      var count = 0
      while count < maximum, index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        count += 1
        index += 1
      }
      return count >= minimum ? value : nil
    }

    for token in tokens {
      switch token {
      case .year:
        guard let value = number(minimum: 4, maximum: 4) else { return nil }
        year = value
      case .month(let width):
        guard let value = number(minimum: width, maximum: 2), (1...12).contains(value) else {
          return nil
        }
        month = value
      case .day(let width):
        guard let value = number(minimum: width, maximum: 2), value >= 1 else { return nil }
        day = value
      case .hour(let width):
        guard let value = number(minimum: width, maximum: 2), value <= 23 else { return nil }
        hour = value
      case .minute(let width):
        guard let value = number(minimum: width, maximum: 2), value <= 59 else { return nil }
        minute = value
      case .second(let width):
        guard let value = number(minimum: width, maximum: 2), value <= 59 else { return nil }
        second = value
      case .fraction(let digits):
        guard let value = number(minimum: digits, maximum: digits) else { return nil }
        var scaled = value
        for _ in digits..<9 { scaled *= 10 }
        nanosecond = scaled
      case .zone(let style):
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "Z"), style != 0 {
          index += 1
          offset = 0
          continue
        }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
          return nil
        }
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let hours = number(minimum: 2, maximum: 2), hours <= 23 else { return nil }
        var minutes = 0
        if style == 3 {
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
          index += 1
        }
        if style != 1 {
          guard let value = number(minimum: 2, maximum: 2), value <= 59 else { return nil }
          minutes = value
        }
        offset = sign * (hours * 3_600 + minutes * 60)
      case .literal(let literal):
        guard index + literal.count <= bytes.count,
          Array(bytes[index..<index + literal.count]) == literal
        else {
          return nil
        }
        index += literal.count
      }
    }
    guard index == bytes.count, day <= Self.daysInMonth(year: year, month: month) else {
      return nil
    }
    return Components(
      year: year,
      month: month,
      day: day,
      hour: hour,
      minute: minute,
      second: second,
      nanosecond: nanosecond,
      utcOffset: offset
    )
  }

  /// The text of `components` in this pattern.
  ///
  /// A zone token writes `components.utcOffset`, or `Z` (`+0000` for `Z`) when it is `nil`.
  public func string(from components: Components) -> String {
    var output = ""
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(abs(value))
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
        + digits
    }
    for token in tokens {
      switch token {
      case .year: output += pad(components.year, 4)
      case .month(let width): output += pad(components.month, width)
      case .day(let width): output += pad(components.day, width)
      case .hour(let width): output += pad(components.hour, width)
      case .minute(let width): output += pad(components.minute, width)
      case .second(let width): output += pad(components.second, width)
      case .fraction(let digits):
        var value = components.nanosecond
        for _ in digits..<9 { value /= 10 }
        output += pad(value, digits)
      case .zone(let style):
        let offset = components.utcOffset ?? 0
        if offset == 0, style != 0 {
          output += "Z"
          continue
        }
        output += offset < 0 ? "-" : "+"
        output += pad(abs(offset) / 3_600, 2)
        if style == 3 { output += ":" }
        if style != 1 { output += pad(abs(offset) % 3_600 / 60, 2) }
      case .literal(let bytes):
        output += String(decoding: bytes, as: UTF8.self)
      }
    }
    return output
  }

  // MARK: - Parsing

  struct Problem: Error {
    var reason: String
  }

  static func parse(_ pattern: String) -> Result<[Token], Problem> {
    let characters = Array(pattern)
    var tokens: [Token] = []
    var literal: [UInt8] = []
    var index = 0
    func flush() {
      if !literal.isEmpty {
        tokens.append(.literal(literal))
        literal = []
      }
    }
    guard !characters.isEmpty else { return .failure(Problem(reason: "the pattern is empty")) }
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        if index + 1 < characters.count, characters[index + 1] == "'" {
          literal += Array("'".utf8)
          index += 2
          continue
        }
        // Quoted text runs to the next lone quote; `''` inside it is a quote (`'o''clock'`).
        var position = index + 1
        while true {
          guard let close = characters[position...].firstIndex(of: "'") else {
            return .failure(Problem(reason: "a quote opens literal text that is never closed"))
          }
          literal += Array(String(characters[position..<close]).utf8)
          if close + 1 < characters.count, characters[close + 1] == "'" {
            literal += Array("'".utf8)
            position = close + 2
            continue
          }
          index = close + 1
          break
        }
        continue
      }
      guard character.isASCII, character.isLetter else {
        literal += Array(String(character).utf8)
        index += 1
        continue
      }
      var count = 1
      while index + count < characters.count, characters[index + count] == character { count += 1 }
      flush()
      let run = String(repeating: character, count: count)
      switch (character, count) {
      case ("y", 4): tokens.append(.year)
      case ("y", _):
        return .failure(Problem(reason: "'\(run)' is not supported; write the year as 'yyyy'"))
      case ("M", 1...2): tokens.append(.month(width: count))
      case ("d", 1...2): tokens.append(.day(width: count))
      case ("H", 1...2): tokens.append(.hour(width: count))
      case ("m", 1...2): tokens.append(.minute(width: count))
      case ("s", 1...2): tokens.append(.second(width: count))
      case ("S", 1...9): tokens.append(.fraction(digits: count))
      case ("X", 1...3): tokens.append(.zone(style: count))
      case ("Z", 1): tokens.append(.zone(style: 0))
      default:
        return .failure(
          Problem(
            reason:
              "'\(run)' is not supported; use yyyy, MM, dd, HH, mm, ss, S…, X…, Z or 'literal text'"
          )
        )
      }
      index += count
    }
    flush()
    return .success(tokens)
  }

  // MARK: - Calendar

  static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

}
