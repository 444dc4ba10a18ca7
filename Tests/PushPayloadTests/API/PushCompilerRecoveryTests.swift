import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// What the pipeline makes of leniently read JSON: trailing commas judged by the input's
/// consumer, checks after a recovered syntax error marked, and no output from a document with a
/// reading error.
@Suite struct PushCompilerRecoveryTests {
  func compile(_ text: String, name: String = "m.json", kind: APNSInputKind? = nil)
    -> PushCompilation
  {
    let parsed = JSONReader.read(SourceFile(name: name, text: text), options: .lenient)
    return PushCompiler(options: .init(kind: kind, lowering: .init(now: 0))).compile(parsed)
  }

  func trailingComma(in compilation: PushCompilation) throws -> Diagnostic {
    try #require(compilation.diagnostics.first { $0.id == .jsonTrailingComma })
  }

  @Test func aTrailingCommaInAnFCMMessageIsAWarningNamingFCM() throws {
    let compilation = compile(#"{"message": {"topic": "news", "notification": {"title": "Hi",}}}"#)
    let diagnostic = try trailingComma(in: compilation)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.message.contains("FCM (Google's JSON parser) accepts one"))
    #expect(!compilation.hasErrors)
    #expect(compilation.messages.first?.apnsRequest != nil)
    #expect(compilation.messages.first?.hasErrors == false)
  }

  @Test func aTrailingCommaInASimulatorFileIsAWarningNamingSimctl() throws {
    let compilation = compile(
      #"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi",},}"#,
      name: "push.apns")
    #expect(compilation.kind == .simulator)
    let diagnostic = try trailingComma(in: compilation)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.message.contains("xcrun simctl push"))
  }

  @Test(arguments: [APNSInputKind.payload, .request])
  func aTrailingCommaInARawAPNsBodyIsAnError(_ kind: APNSInputKind) throws {
    let text =
      kind == .payload
      ? #"{"aps": {"alert": "Hi",}}"#
      : #"{"headers": {"apns-push-type": "alert",}, "payload": {"aps": {"alert": "Hi"}}}"#
    let compilation = compile(text, kind: kind)
    let diagnostic = try trailingComma(in: compilation)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message == "JSON does not allow a comma before '}' or ']'")
    #expect(compilation.messages.first?.documentHasErrors == true)
    #expect(compilation.messages.first?.hasErrors == true)
  }

  @Test func checksGoOnAfterASyntaxErrorAndWhatFollowsIsMarked() throws {
    let marked = MarkedSource(
      """
      {"message": {"topic": "news",
        "data": {"count": 1️⃣3},
        "apns": {"payload": {"aps": {"alert": "Hi"}}}2️⃣
        "android": {"priority": 3️⃣"urgent"}}}
      """)
    let parsed = JSONReader.read(SourceFile(name: "m.json", text: marked.text), options: .lenient)
    let compilation = PushCompiler(options: .init(lowering: .init(now: 0))).compile(parsed)
    let syntax = try #require(compilation.diagnostics.first { $0.id == .jsonUnexpectedToken })
    #expect(syntax.range?.start.line == 4)
    // Before the error: what the user wrote, not marked.
    let number = try #require(
      compilation.diagnostics.first { $0.range?.start.offset == marked["1️⃣"] })
    #expect(number.severity == .error)
    #expect(number.properties["after_syntax_error"] == nil)
    // After it: marked, with a note at the error.
    let priority = try #require(
      compilation.diagnostics.first { $0.range?.start.offset == marked["3️⃣"] })
    #expect(priority.properties["after_syntax_error"] == "4:3")
    #expect(priority.notes.last?.range?.start.line == 4)
    #expect(priority.notes.last?.message.contains("may be a consequence") == true)
    #expect(compilation.messages.first?.documentHasErrors == true)
    #expect(compilation.messages.first?.fcmRequestBody == nil)
  }

  @Test func aDocumentWithADuplicateKeyIsCheckedButNotOutput() {
    let compilation = compile(
      #"{"message": {"topic": "a", "topic": "b", "notification": {"title": "x"}}}"#)
    let message = compilation.messages.first
    #expect(message?.apnsRequest != nil)
    #expect(message?.documentHasErrors == true)
    #expect(message?.hasErrors == true)
    #expect(message?.diagnostics.containsErrors == false)
  }
}
