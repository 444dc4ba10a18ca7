import Testing

@testable import PushServer

/// Topic conditions evaluated as FCM does: parentheses first, then left to right.
@Suite struct FCMConditionEvaluatorTests {
  @Test(arguments: [
    ("'a' in topics", ["a"], true),
    ("'a' in topics && 'b' in topics", ["a"], false),
    ("'a' in topics || 'b' in topics", ["b"], true),
    ("!('a' in topics)", ["b"], true),
    // Left to right: ('a' || 'b') && 'c', not 'a' || ('b' && 'c').
    ("'a' in topics || 'b' in topics && 'c' in topics", ["a"], false),
    ("'a' in topics || ('b' in topics && 'c' in topics)", ["a"], true),
    ("'a' in topics &&", ["a"], false),
    ("'a' in topic", ["a"], false),
  ])
  func evaluates(condition: String, topics: [String], expected: Bool) {
    #expect(FCMConditionEvaluator.matches(condition, topics: Set(topics)) == expected)
  }
}
