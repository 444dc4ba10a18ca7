import Testing

@testable import PushPayload

@Suite struct FCMConditionParserTests {
  @Test(arguments: [
    "'a' in topics",
    "!('a' in topics)",
    "!'a' in topics",
    "'a' in topics && 'b' in topics",
    "'a' in topics || ('b' in topics && !('c' in topics))",
    "  ( ( 'a' in topics ) )  ",
    "'a'in topics",
    "'stock-GOOG' in topics || 'industry-tech' in topics",
  ])
  func valid(_ condition: String) {
    let result = FCMConditionParser.parse(condition)
    #expect(result.error == nil, "\(String(describing: result.error))")
  }

  @Test(arguments: [
    ("", 0, "empty"),
    ("   ", 3, "empty"),
    ("'a'", 3, "expected 'in topics' after 'a', found the end"),
    ("'a' in", 6, "expected 'topics' after 'in'"),
    ("'a' in topic", 7, "expected 'topics' after 'in', found 'topic'"),
    ("'a' in topics &&", 16, "unexpected end"),
    ("'a' in topics 'b' in topics", 14, "expected '&&', '||' or the end"),
    ("('a' in topics", 14, "expected ')' to close the '(' at column 1"),
    ("'a' in topics)", 13, "without a matching '('"),
    ("a in topics", 0, "topic names go in single quotes: 'a' in topics"),
    ("'a' in topics AND 'b' in topics", 14, "expected '&&', '||'"),
    ("'a' in topics || or", 17, "write '||'"),
    ("'a in topics", 0, "never closed"),
    ("'' in topics", 0, "the topic name is empty"),
    ("'a' in topics | 'b' in topics", 14, "did you mean '||'"),
    ("'a' in topics && # ", 17, "unexpected '#'"),
    ("'a' in topics && 한", 17, "unexpected '한'"),
  ])
  func invalid(_ condition: String, _ offset: Int, _ message: String) throws {
    let error = try #require(FCMConditionParser.parse(condition).error)
    #expect(error.range.lowerBound == offset)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func topicsAreListedWithRanges() {
    let result = FCMConditionParser.parse(#"'a' in topics && !("bb" in topics)"#)
    #expect(result.topics.map(\.name) == ["a", "bb"])
    #expect(result.topics.map(\.nameRange) == [1..<2, 20..<22])
    #expect(result.topics.map(\.isDoubleQuoted) == [false, true])
  }

  @Test func nestingIsBounded() {
    let deep =
      String(repeating: "(", count: 40) + "'a' in topics" + String(repeating: ")", count: 40)
    #expect(FCMConditionParser.parse(deep).error?.message.contains("deeper than 32") == true)
    let negations = String(repeating: "!", count: 100_000) + "'a' in topics"
    #expect(FCMConditionParser.parse(negations).error != nil)
    let ok = String(repeating: "(", count: 31) + "'a' in topics" + String(repeating: ")", count: 31)
    #expect(FCMConditionParser.parse(ok).error == nil)
  }

  @Test func longConditionsAreLinear() {
    let many = Array(repeating: "'a' in topics", count: 20_000).joined(separator: " && ")
    let result = FCMConditionParser.parse(many)
    #expect(result.error == nil)
    #expect(result.topics.count == 20_000)
  }

  @Test func mixedChainsAreSpelledLeftToRight() {
    let result = FCMConditionParser.parse(
      "'a' in topics && 'b' in topics || 'c' in topics && ('d' in topics || 'e' in topics)")
    #expect(
      result.mixedOperatorReadings.map(\.reading) == [
        "(('a' in topics && 'b' in topics) || 'c' in topics) && ('d' in topics || 'e' in topics)"
      ])
    #expect(
      FCMConditionParser.parse("'a' in topics && 'b' in topics").mixedOperatorReadings.isEmpty)
  }
}
