import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMTargetRuleTests {
  @Test func exactlyOneTargetIsFine() {
    for target in ["token", "fid", "topic"] {
      FCMTest.expect(#"{"\#(target)": "abc"}"#, [])
    }
    FCMTest.expect(#"{"condition": "'a' in topics"}"#, [])
  }

  @Test func missingTarget() {
    FCMTest.expect(
      #"1️⃣{"notification": {"title": "T"}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmMissingTarget, severity: .error, message: "exactly one of")])
  }

  @Test func multipleTargetsPointAtTheSecondWithNotes() throws {
    let source = MarkedSource(#"{"token": "t", 1️⃣"topic": "news"}"#)
    let result = FCMTest.lint(source)
    expectDiagnostics(
      result.diagnostics,
      [DiagnosticSpec("1️⃣", id: .fcmMultipleTargets, message: "'token' and 'topic'")],
      in: source)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.notes.map(\.message) == ["'token' is set here"])
    #expect(diagnostic.pointer == JSONPointer("/topic"))
  }

  @Test func emptyTargetsAreErrorsNotMissing() {
    FCMTest.expect(
      #"{"topic": 1️⃣""}"#,
      [DiagnosticSpec("1️⃣", id: .fcmEmptyValue, message: "'topic' must be a non-empty string")])
  }

  @Test func topicPrefixIsStrippedWithANoteAndFixIt() throws {
    let source = MarkedSource(#"{"topic": "1️⃣/topics/news"}"#)
    let result = FCMTest.lint(source)
    expectDiagnostics(
      result.diagnostics, [DiagnosticSpec("1️⃣", id: .fcmTopicPrefix, severity: .note)],
      in: source)
    let edit = try #require(result.diagnostics.first?.fixIts.first?.edits.first)
    #expect(edit.range.start.offset == 11 && edit.range.end.offset == 19)
    #expect(edit.replacement.isEmpty)
    #expect(
      result.messages.first?.requestBody.map {
        CanonicalJSONWriter().string(for: $0)
      } == #"{"message":{"topic":"news"}}"#)
  }

  @Test(arguments: [
    (#"{"topic": "news1️⃣ feed"}"#, "a space at column 5"),
    (#"{"topic": "a1️⃣/b"}"#, "'/' at column 2"),
    (#"{"topic": "1️⃣공지"}"#, "'공' at column 1"),
  ])
  func malformedTopicNames(_ text: String, _ problem: String) {
    FCMTest.expect(text, [DiagnosticSpec("1️⃣", id: .fcmInvalidTopicName, message: problem)])
  }

  @Test func topicWithPrefixAndBadCharacterReportsBoth() {
    FCMTest.expect(
      #"{"topic": "1️⃣/topics/a2️⃣ b"}"#,
      [
        DiagnosticSpec("1️⃣", id: .fcmTopicPrefix),
        DiagnosticSpec("2️⃣", id: .fcmInvalidTopicName, message: "a space at column 2"),
      ])
    FCMTest.expect(
      #"{"topic": 1️⃣"2️⃣/topics/"}"#,
      [
        DiagnosticSpec("2️⃣", id: .fcmTopicPrefix),
        DiagnosticSpec("1️⃣", id: .fcmInvalidTopicName, message: "empty after '/topics/'"),
      ])
  }

  @Test func escapedTopicFallsBackToTheWholeValue() {
    FCMTest.expect(
      #"{"topic": 1️⃣"a\u0020b"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmInvalidTopicName)])
  }

  @Test func longTopicNamesWarn() {
    let name = String(repeating: "a", count: 901)
    FCMTest.expect(
      #"{"topic": 1️⃣"\#(name)"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmTopicNameTooLong, severity: .warning, message: "901")])
  }

  // MARK: - Conditions

  @Test func conditionSyntaxErrorsPointIntoTheString() {
    FCMTest.expect(
      #"{"condition": "'a' in topics 1️⃣and 'b' in topics"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmConditionSyntax, message: "column 15")])
    FCMTest.expect(
      #"{"condition": "'a' in topics 1️⃣&"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmConditionSyntax, message: "did you mean '&&'")])
  }

  @Test func conditionTopicsAreChecked() {
    FCMTest.expect(
      #"{"condition": "'a' in topics || 'b1️⃣ c' in topics"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmInvalidTopicName, message: "a space at column 2")])
  }

  @Test func conditionsNameAtMostFiveTopics() {
    let five = (1...5).map { "'t\($0)' in topics" }.joined(separator: " || ")
    FCMTest.expect(#"{"condition": "\#(five)"}"#, [])
    FCMTest.expect(
      #"{"condition": "\#(five) || 1️⃣'t6' in topics"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmConditionTooManyTopics, message: "6 topics")])
  }

  @Test func doubleQuotedTopicsWarnWithAFixIt() throws {
    let source = MarkedSource(#"{"condition": 1️⃣"\"a\" in topics"}"#)
    let result = FCMTest.lint(source)
    expectDiagnostics(
      result.diagnostics,
      [DiagnosticSpec("1️⃣", id: .fcmConditionDoubleQuotes, severity: .warning)], in: source)
    // The source spells the string with escapes, so the fix-it can only describe the change.
    #expect(result.diagnostics.first?.fixIts.first?.message == "use single quotes")
  }

  @Test func mixedOperatorsWarnWithTheLeftToRightReading() throws {
    let source = MarkedSource(
      #"{"condition": "1️⃣'a' in topics || 'b' in topics && 'c' in topics"}"#)
    let result = FCMTest.lint(source)
    expectDiagnostics(
      result.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmConditionMixedOperators,
          message: "('a' in topics || 'b' in topics) && 'c' in topics")
      ], in: source)
    let edit = try #require(result.diagnostics.first?.fixIts.first?.edits.first)
    #expect(edit.replacement == "('a' in topics || 'b' in topics) && 'c' in topics")
  }
}
