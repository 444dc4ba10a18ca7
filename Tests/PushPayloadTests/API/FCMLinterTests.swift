import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMLinterTests {
  @Test func summaryCountsFilesMessagesErrorsAndWarnings() {
    let result = FCMTest.lint(
      #"[{"topic": "a"}, {"topic": "b c"}, {"token": "t", "data": {"googleX": "1"}}]"#)
    #expect(result.summary == LintSummary(files: 1, messages: 3, errors: 1, warnings: 1))
    #expect(result.messages.map(\.hasErrors) == [false, true, false])
    #expect(result.messages.map { $0.requestBody != nil } == [true, false, true])
    #expect(result.messages.first?.byteCount == #"{"topic":"a"}"#.utf8.count)
    #expect(result.hasErrors)
  }

  /// The messages of a file are checked in one context: each result has its own findings only.
  @Test func eachMessageHasOnlyItsOwnFindings() {
    let result = FCMTest.lint(#"[{"topic": "b c"}, {"topic": "a"}, {"topic": "d e"}]"#)
    let ids = result.messages.map { $0.diagnostics.map(\.id) }
    #expect(ids.count == 3)
    #expect(ids.first?.isEmpty == false)
    #expect(ids.dropFirst().first?.isEmpty == true)
    #expect(ids.last == ids.first)
  }

  @Test func parseErrorsAreCountedAndNoMessagesIsNotClaimed() {
    let result = FCMTest.lint(#"{"topic": "a",}"#)
    #expect(result.diagnostics.map(\.id) == [.jsonTrailingComma])
    #expect(result.summary == LintSummary(files: 1, messages: 0, errors: 1, warnings: 0))
  }

  @Test func summariesAdd() {
    var total = LintSummary()
    total += LintSummary(files: 1, messages: 2, errors: 3, warnings: 4)
    total += LintSummary(files: 1, messages: 1, errors: 0, warnings: 1)
    #expect(total == LintSummary(files: 2, messages: 3, errors: 3, warnings: 5))
    #expect(
      CanonicalJSONWriter().string(for: total.jsonValue)
        == #"{"files":2,"messages":3,"errors":3,"warnings":5}"#)
  }

  @Test func diagnosticsAreInPresentationOrder() {
    let result = FCMTest.lint(#"{"data": {"from": "x"}, "topic": "a b"}"#)
    let offsets = result.diagnostics.compactMap { $0.range?.start.offset }
    #expect(offsets == offsets.sorted())
  }

  @Test func rulesCanBeDisabledOrGivenAnotherSeverity() {
    let file = SourceFile(name: "a.json", text: #"{"topic": "a", "token": ""}"#)
    let defaults = FCMLinter().lint(JSONReader.read(file))
    #expect(defaults.diagnostics.map(\.id) == [.fcmEmptyValue])
    var rules = RuleConfiguration()
    rules.disable(RuleID("fcm-target"))
    let disabled = FCMLinter(options: .init(rules: rules)).lint(JSONReader.read(file))
    #expect(disabled.diagnostics.isEmpty)
    rules.setSeverity(.note, for: RuleID("fcm-target"))
    let noted = FCMLinter(options: .init(rules: rules)).lint(JSONReader.read(file))
    #expect(noted.diagnostics.map(\.id) == [.fcmEmptyValue])
    #expect(noted.diagnostics.allSatisfy { $0.severity == .note })
    #expect(noted.messages.first?.requestBody != nil, "notes leave the message valid")
  }

  @Test func compilerOutputsOneBodyOrAnArray() throws {
    let one = FCMTest.compile(#"{"topic": "a"}"#)
    #expect(one.output == #"{"message":{"topic":"a"}}"#)
    let two = FCMTest.compile(#"[{"topic": "a"}, {"message": {"token": "t"}}]"#)
    #expect(two.output == #"[{"message":{"topic":"a"}},{"message":{"token":"t"}}]"#)
    let broken = FCMTest.compile(#"[{"topic": "a"}, {"topic": ""}]"#)
    #expect(broken.output == nil)
    #expect(broken.diagnostics.map(\.id) == [.fcmEmptyValue])
  }

  @Test func warningsDoNotBlockOutput() {
    let result = FCMTest.compile(#"{"topic": "/topics/a", "data": {"googleX": "1"}}"#)
    #expect(result.output == #"{"message":{"data":{"googleX":"1"},"topic":"a"}}"#)
    #expect(result.diagnostics.map(\.severity) == [.note, .warning])
  }

  @Test func pointersOfMessagesBuiltInCode() {
    var message = FCM.Message(topic: "a b")
    message.android = Located(FCM.AndroidConfig(ttl: Located(FCM.Duration(seconds: -1))))
    var notification = FCM.AndroidNotification()
    notification.lightSettings = Located(
      FCM.LightSettings(color: Located(FCM.Color(hex: "#fff000")!)))
    message.android?.value.notification = Located(notification)
    let diagnostics = FCMChecker().check(FCM.SendRequest(message))
    let pointers = Set(diagnostics.compactMap { $0.pointer?.description })
    #expect(pointers.contains("/message/topic"))
    #expect(pointers.contains("/message/android/ttl"))
    #expect(pointers.contains("/message/android/notification/light_settings"))
    #expect(diagnostics.allSatisfy { $0.range == nil && $0.file == nil })
    #expect(diagnostics.filter { $0.id == .fcmMissingField }.count == 2)
  }

  @Test func sizeLimits() throws {
    let small = String(repeating: "x", count: 2100)
    let topic = FCMTest.lint(#"{"topic": "a", "data": {"blob": "\#(small)"}}"#)
    #expect(topic.diagnostics.map(\.id) == [.fcmTopicMessageLarge])
    #expect(topic.diagnostics.first?.notes.first?.message.hasPrefix("'data' takes") == true)
    let token = FCMTest.lint(#"{"token": "a", "data": {"blob": "\#(small)"}}"#)
    #expect(token.diagnostics.isEmpty)

    // Exactly at the limit: {"token":"a","data":{"blob":"…"}} is 32 bytes plus the string.
    let exact = String(repeating: "y", count: 4096 - 32)
    let atLimit = FCMTest.lint(#"{"token": "a", "data": {"blob": "\#(exact)"}}"#)
    #expect(atLimit.messages.first?.byteCount == 4096)
    #expect(atLimit.diagnostics.isEmpty)
    let over = FCMTest.lint(#"{"token": "a", "data": {"blob": "\#(exact)y"}}"#)
    let diagnostic = try #require(over.diagnostics.first)
    #expect(diagnostic.id == .fcmMessageTooLarge)
    #expect(diagnostic.message == "the message is 4097 bytes; FCM accepts at most 4096 bytes")
    #expect(diagnostic.range?.start.offset == 0)

    // Korean text counts in UTF-8 bytes (3 per syllable).
    let korean = String(repeating: "공", count: 1400)
    let utf8 = FCMTest.lint(#"{"token": "a", "data": {"k": "\#(korean)"}}"#)
    #expect(utf8.diagnostics.map(\.id) == [.fcmMessageTooLarge])
  }

  @Test func kuringMessagesAreClean() throws {
    let notice = FirebaseAdminDifferentialTests.notice
    let result = FCMTest.lint(notice)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
  }
}

/// `lintEach` hands on each message's result as the message is checked, as `lint` lists them.
@Suite struct FCMLinterLintEachTests {
  static let text = """
    [{"topic": "b c"}, {"topic": "a", "data": {"id": "1"}}, 7, {"token": "t", "tokn": "u"}]
    {"message": {"topic": "d"}}
    """

  @Test func resultsAreThoseOfLintInTheSameOrder() {
    let parsed = NDJSONText.read(Self.text)
    let whole = FCMLinter().lint(parsed)
    var handed: [FCMMessageResult] = []
    let inputDiagnostics = FCMLinter().lintEach(parsed) { handed.append($0) }
    #expect(inputDiagnostics.isEmpty)
    #expect(handed.count == whole.messages.count)
    #expect(handed.map(\.documentIndex) == whole.messages.map(\.documentIndex))
    #expect(handed.map(\.pointer) == whole.messages.map(\.pointer))
    #expect(handed.map(\.diagnostics) == whole.messages.map(\.diagnostics))
    #expect(handed.map(\.byteCount) == whole.messages.map(\.byteCount))
    #expect(handed.map { $0.request != nil } == whole.messages.map { $0.request != nil })
    #expect(handed.map { $0.requestBody } == whole.messages.map { $0.requestBody })
  }

  @Test func anInputWithoutMessagesReportsItAsTheInputsOwn() {
    let parsed = NDJSONText.read("[]")
    var handed = 0
    let inputDiagnostics = FCMLinter().lintEach(parsed) { _ in handed += 1 }
    #expect(handed == 0)
    #expect(inputDiagnostics.map(\.id) == [.fcmNoMessages])
    #expect(FCMLinter().lint(parsed).diagnostics.map(\.id) == [.fcmNoMessages])
  }

  /// Reads NDJSON text as `pushc` reads an `.ndjson` file.
  enum NDJSONText {
    static func read(_ text: String) -> ParsedSource {
      JSONReader(options: .init(allowsMultipleDocuments: true))
        .read(SourceFile(name: "messages.ndjson", text: text))
    }
  }
}
