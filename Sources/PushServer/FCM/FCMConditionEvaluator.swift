/// Evaluates an FCM topic condition (`'news' in topics && !('sports' in topics)`) for a device
/// subscribed to a set of topics, as FCM does: parentheses first, then strictly from left to
/// right (`&&` does not bind tighter than `||`).
///
/// The condition has already passed pushc's FCM checks (`fcmConditionSyntax`), so a condition
/// that does not follow the grammar evaluates to `false` rather than being reported again.
struct FCMConditionEvaluator {
  private let bytes: [UInt8]
  private var index = 0
  private var failed = false

  /// Whether a device subscribed to `topics` receives a message with `condition`.
  static func matches(_ condition: String, topics: Set<String>) -> Bool {
    var evaluator = FCMConditionEvaluator(bytes: Array(condition.utf8))
    let value = evaluator.expression(topics, depth: 0)
    evaluator.skipSpaces()
    return value && !evaluator.failed && evaluator.index == evaluator.bytes.count
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func expression(_ topics: Set<String>, depth: Int) -> Bool {
    var value = unary(topics, depth: depth)
    while !failed {
      skipSpaces()
      if take("&&") {
        let right = unary(topics, depth: depth)
        value = value && right
      } else if take("||") {
        let right = unary(topics, depth: depth)
        value = value || right
      } else {
        break
      }
    }
    return value
  }

  private mutating func unary(_ topics: Set<String>, depth: Int) -> Bool {
    guard depth < 64 else {
      failed = true
      return false
    }
    skipSpaces()
    if take("!") { return !unary(topics, depth: depth + 1) }
    if take("(") {
      let value = expression(topics, depth: depth + 1)
      skipSpaces()
      if !take(")") { failed = true }
      return value
    }
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"")
    else {
      failed = true
      return false
    }
    let quote = bytes[index]
    index += 1
    let start = index
    while index < bytes.count, bytes[index] != quote { index += 1 }
    guard index < bytes.count else {
      failed = true
      return false
    }
    let name = String(decoding: bytes[start..<index], as: UTF8.self)
    index += 1
    skipSpaces()
    guard take("in") else {
      failed = true
      return false
    }
    skipSpaces()
    guard take("topics") else {
      failed = true
      return false
    }
    return topics.contains(name)
  }

  private mutating func skipSpaces() {
    while index < bytes.count,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == 9
        || bytes[index] == 10 || bytes[index] == 13
    {
      index += 1
    }
  }

  private mutating func take(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let matches = word.withUTF8Buffer { buffer in
      (0..<count).allSatisfy { bytes[index + $0] == buffer[$0] }
    }
    if matches { index += count }
    return matches
  }
}
