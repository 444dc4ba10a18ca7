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
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmMissingTarget, severity: .error,
          message:
            "the message has no target; exactly one of 'token', 'fid', 'topic' or 'condition' must be specified"
        )
      ])
  }

  @Test func multipleTargetsPointAtTheSecondWithNotes() throws {
    let source = MarkedSource(#"{"token": "t", 1️⃣"topic": "news"}"#)
    let result = FCMTest.lint(source)
    expectDiagnostics(
      result.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmMultipleTargets,
          message:
            "the message sets 'token' and 'topic'; exactly one of 'token', 'fid', 'topic' or 'condition' must be specified"
        )
      ],
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
    (
      #"{"topic": "news1️⃣ feed"}"#,
      "malformed topic name 'news feed': a space at column 5 is not allowed; topic names use only letters, digits and '-_.~%'"
    ),
    (
      #"{"topic": "a1️⃣/b"}"#,
      "malformed topic name 'a/b': '/' at column 2 is not allowed; topic names use only letters, digits and '-_.~%'"
    ),
    (
      #"{"topic": "1️⃣공지"}"#,
      "malformed topic name '공지': '공' at column 1 is not allowed; topic names use only letters, digits and '-_.~%'"
    ),
  ])
  func malformedTopicNames(_ text: String, _ problem: String) {
    FCMTest.expect(text, [DiagnosticSpec("1️⃣", id: .fcmInvalidTopicName, message: problem)])
  }

  @Test func topicWithPrefixAndBadCharacterReportsBoth() {
    FCMTest.expect(
      #"{"topic": "1️⃣/topics/a2️⃣ b"}"#,
      [
        DiagnosticSpec("1️⃣", id: .fcmTopicPrefix),
        DiagnosticSpec(
          "2️⃣", id: .fcmInvalidTopicName,
          message:
            "malformed topic name 'a b': a space at column 2 is not allowed; topic names use only letters, digits and '-_.~%'"
        ),
      ])
    FCMTest.expect(
      #"{"topic": 1️⃣"2️⃣/topics/"}"#,
      [
        DiagnosticSpec("2️⃣", id: .fcmTopicPrefix),
        DiagnosticSpec(
          "1️⃣", id: .fcmInvalidTopicName,
          message:
            "malformed topic name '/topics/': the name is empty after '/topics/'; topic names use only letters, digits and '-_.~%'"
        ),
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
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTopicNameTooLong, severity: .warning,
          message:
            "the topic name is 901 characters; the FCM client SDKs subscribe only to names of up to 900 characters"
        )
      ])
  }

  // MARK: - Conditions

  @Test func conditionSyntaxErrorsPointIntoTheString() {
    FCMTest.expect(
      #"{"condition": "'a' in topics 1️⃣and 'b' in topics"}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmConditionSyntax,
          message:
            "invalid condition at column 15: unexpected 'and'; expected '&&', '||' or the end")
      ])
    FCMTest.expect(
      #"{"condition": "'a' in topics 1️⃣&"}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmConditionSyntax,
          message: "invalid condition at column 15: unexpected '&'; did you mean '&&'?")
      ])
  }

  @Test func conditionTopicsAreChecked() {
    FCMTest.expect(
      #"{"condition": "'a' in topics || 'b1️⃣ c' in topics"}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmInvalidTopicName,
          message:
            "malformed topic name 'b c': a space at column 2 of the name is not allowed; topic names use only letters, digits and '-_.~%'"
        )
      ])
  }

  @Test func conditionsNameAtMostFiveTopics() {
    let five = (1...5).map { "'t\($0)' in topics" }.joined(separator: " || ")
    FCMTest.expect(#"{"condition": "\#(five)"}"#, [])
    FCMTest.expect(
      #"{"condition": "\#(five) || 1️⃣'t6' in topics"}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmConditionTooManyTopics,
          message: "the condition uses 6 topics; FCM allows at most 5")
      ])
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
          message:
            "'&&' and '||' are mixed without parentheses; FCM evaluates from left to right, so this means ('a' in topics || 'b' in topics) && 'c' in topics"
        )
      ], in: source)
    let edit = try #require(result.diagnostics.first?.fixIts.first?.edits.first)
    #expect(edit.replacement == "('a' in topics || 'b' in topics) && 'c' in topics")
  }
}
