/// A parser for FCM topic conditions such as `'news' in topics && !('sports' in topics)`.
///
/// Grammar (whitespace allowed between tokens):
///
/// ```
/// condition  = expression end
/// expression = unary { ("&&" | "||") unary }
/// unary      = "!" unary | "(" expression ")" | atom
/// atom       = quoted-topic "in" "topics"
/// ```
///
/// A quoted topic is a name in single quotes; double quotes are read too and reported. FCM
/// evaluates parentheses first and then strictly from left to right, so `&&` does not bind
/// tighter than `||`; ``Result/mixedOperatorReadings`` lists each chain that mixes the two
/// without parentheses, spelled with the grouping FCM applies.
///
/// The parser is recursive descent with a depth bound (``maximumDepth``) and linear in the
/// length of the condition. Offsets are 0-based UTF-8 byte offsets into the condition string.
struct FCMConditionParser {
  /// A topic named in the condition.
  struct Topic: Hashable, Sendable {
    /// The name between the quotes.
    var name: String
    /// The bytes of the name, quotes excluded.
    var nameRange: Range<Int>
    /// The bytes of the quoted name, quotes included.
    var range: Range<Int>
    /// Whether the name was written in double quotes.
    var isDoubleQuoted: Bool
  }

  /// The first syntax error.
  struct SyntaxError: Hashable, Sendable {
    /// What is wrong.
    var message: String
    /// The bytes it is about.
    var range: Range<Int>
  }

  /// A chain of operands joined by both `&&` and `||` without parentheses.
  struct MixedChain: Hashable, Sendable {
    /// The chain written with the parentheses FCM's left-to-right evaluation implies.
    var reading: String
    /// The bytes of the chain.
    var range: Range<Int>
  }

  /// What parsing found.
  struct Result: Hashable, Sendable {
    /// The topics in order of appearance, up to the first syntax error.
    var topics: [Topic] = []
    /// The first syntax error, or `nil` when the condition is well formed.
    var error: SyntaxError?
    /// The chains that mix `&&` and `||` without parentheses.
    var mixedOperatorReadings: [MixedChain] = []
  }

  /// The deepest nesting of parentheses and `!` accepted.
  static let maximumDepth = 32

  /// Parses `condition`.
  static func parse(_ condition: String) -> Result {
    var parser = FCMConditionParser(bytes: Array(condition.utf8))
    parser.parseCondition()
    return parser.result
  }

  // MARK: - State

  private let bytes: [UInt8]
  private var index = 0
  private var result = Result()

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private enum Token: Equatable {
    case topic(Topic)
    case word(String)
    case and, or, not, open, close
    case end
    case invalid(String)
  }

  private struct Lexeme {
    var token: Token
    var range: Range<Int>
  }

  // MARK: - Grammar

  private mutating func parseCondition() {
    skipWhitespace()
    if index == bytes.count {
      fail("the condition is empty; expected a topic such as 'news' in topics", at: index..<index)
      return
    }
    guard parseExpression(depth: 0) else { return }
    let next = peek()
    switch next.token {
    case .end:
      return
    case .close:
      fail("unexpected ')' without a matching '('", at: next.range)
    case .invalid(let message):
      fail(message, at: next.range)
    default:
      fail("unexpected \(describe(next)); expected '&&', '||' or the end", at: next.range)
    }
  }

  /// Parses `unary { op unary }`; returns `false` after a syntax error.
  private mutating func parseExpression(depth: Int) -> Bool {
    var operands: [Range<Int>] = []
    var operators: [Token] = []
    guard let first = parseUnary(depth: depth) else { return false }
    operands.append(first)
    while true {
      let next = peek()
      guard next.token == .and || next.token == .or else { break }
      _ = advance()
      operators.append(next.token)
      guard let operand = parseUnary(depth: depth) else { return false }
      operands.append(operand)
    }
    if operators.contains(.and) && operators.contains(.or) {
      recordMixedChain(operands: operands, operators: operators)
    }
    return true
  }

  /// Parses `!unary`, `(expression)` or an atom; returns the operand's bytes.
  private mutating func parseUnary(depth: Int) -> Range<Int>? {
    guard depth < Self.maximumDepth else {
      let next = peek()
      fail("the condition nests deeper than \(Self.maximumDepth) levels", at: next.range)
      return nil
    }
    let lexeme = advance()
    switch lexeme.token {
    case .not:
      guard let operand = parseUnary(depth: depth + 1) else { return nil }
      return lexeme.range.lowerBound..<operand.upperBound
    case .open:
      guard parseExpression(depth: depth + 1) else { return nil }
      let close = peek()
      guard close.token == .close else {
        let column = lexeme.range.lowerBound + 1
        fail(
          "expected ')' to close the '(' at column \(column), found \(describe(close))",
          at: close.range)
        return nil
      }
      _ = advance()
      return lexeme.range.lowerBound..<close.range.upperBound
    case .topic(let topic):
      return parseAtomTail(topic: topic, start: lexeme.range)
    case .word(let word):
      let hint: String
      switch word {
      case "and", "AND": hint = "; write '&&'"
      case "or", "OR": hint = "; write '||'"
      case "not", "NOT": hint = "; write '!'"
      default: hint = "; topic names go in single quotes: '\(word)' in topics"
      }
      fail("unexpected '\(word)'\(hint)", at: lexeme.range)
      return nil
    case .invalid(let message):
      fail(message, at: lexeme.range)
      return nil
    case .end:
      fail(
        "unexpected end of the condition; expected a topic such as 'news' in topics",
        at: lexeme.range)
      return nil
    default:
      fail(
        "unexpected \(describe(lexeme)); expected a topic such as 'news' in topics",
        at: lexeme.range)
      return nil
    }
  }

  /// Parses `in topics` after a quoted topic.
  private mutating func parseAtomTail(topic: Topic, start: Range<Int>) -> Range<Int>? {
    result.topics.append(topic)
    let first = advance()
    guard first.token == .word("in") else {
      fail(
        "expected 'in topics' after '\(topic.name)', found \(describe(first))",
        at: first.range)
      return nil
    }
    let second = advance()
    guard second.token == .word("topics") else {
      fail("expected 'topics' after 'in', found \(describe(second))", at: second.range)
      return nil
    }
    return start.lowerBound..<second.range.upperBound
  }

  private mutating func recordMixedChain(operands: [Range<Int>], operators: [Token]) {
    guard let first = operands.first, let last = operands.last else { return }
    var reading = text(first)
    for (position, (operation, operand)) in zip(operators, operands.dropFirst()).enumerated() {
      let symbol = operation == .and ? "&&" : "||"
      reading = "\(reading) \(symbol) \(text(operand))"
      if position < operators.count - 1 { reading = "(\(reading))" }
    }
    result.mixedOperatorReadings.append(
      MixedChain(reading: reading, range: first.lowerBound..<last.upperBound))
  }

  private mutating func fail(_ message: String, at range: Range<Int>) {
    if result.error == nil {
      result.error = SyntaxError(message: message, range: range)
    }
  }

  // MARK: - Tokens

  private var lookahead: Lexeme?

  private mutating func peek() -> Lexeme {
    if let lookahead { return lookahead }
    let lexeme = scan()
    lookahead = lexeme
    return lexeme
  }

  private mutating func advance() -> Lexeme {
    let lexeme = peek()
    lookahead = nil
    return lexeme
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
        || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
    {
      index += 1
    }
  }

  private mutating func scan() -> Lexeme {
    skipWhitespace()
    let start = index
    guard index < bytes.count else { return Lexeme(token: .end, range: start..<start) }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "("):
      index += 1
      return Lexeme(token: .open, range: start..<index)
    case UInt8(ascii: ")"):
      index += 1
      return Lexeme(token: .close, range: start..<index)
    case UInt8(ascii: "!"):
      index += 1
      return Lexeme(token: .not, range: start..<index)
    case UInt8(ascii: "&"), UInt8(ascii: "|"):
      index += 1
      if index < bytes.count, bytes[index] == byte {
        index += 1
        return Lexeme(token: byte == UInt8(ascii: "&") ? .and : .or, range: start..<index)
      }
      let symbol = byte == UInt8(ascii: "&") ? "&" : "|"
      return Lexeme(
        token: .invalid("unexpected '\(symbol)'; did you mean '\(symbol)\(symbol)'?"),
        range: start..<index)
    case UInt8(ascii: "'"), UInt8(ascii: "\""):
      index += 1
      let nameStart = index
      while index < bytes.count, bytes[index] != byte { index += 1 }
      guard index < bytes.count else {
        return Lexeme(
          token: .invalid("the quote at column \(start + 1) is never closed"),
          range: start..<start + 1)
      }
      let nameRange = nameStart..<index
      index += 1
      if nameRange.isEmpty {
        return Lexeme(token: .invalid("the topic name is empty"), range: start..<index)
      }
      let topic = Topic(
        name: text(nameRange),
        nameRange: nameRange,
        range: start..<index,
        isDoubleQuoted: byte == UInt8(ascii: "\"")
      )
      return Lexeme(token: .topic(topic), range: start..<index)
    default:
      if Self.isWordByte(byte) {
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        return Lexeme(token: .word(text(start..<index)), range: start..<index)
      }
      // One whole UTF-8 character.
      index += 1
      while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
      return Lexeme(token: .invalid("unexpected '\(text(start..<index))'"), range: start..<index)
    }
  }

  private func describe(_ lexeme: Lexeme) -> String {
    switch lexeme.token {
    case .end: "the end of the condition"
    case .topic(let topic): "'\(topic.name)'"
    case .word(let word): "'\(word)'"
    case .and: "'&&'"
    case .or: "'||'"
    case .not: "'!'"
    case .open: "'('"
    case .close: "')'"
    case .invalid: "'\(text(lexeme.range))'"
    }
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "%"):
      true
    default:
      false
    }
  }
}
