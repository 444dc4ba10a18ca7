import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@Suite struct PushFitterTests {
  func compile(_ text: String, name: String = "m.json") -> PushCompilation {
    let parsed = JSONReader.read(
      SourceFile(name: name, text: text),
      options: .init(allowsMultipleDocuments: true, duplicateKeySeverity: .warning)
    )
    return PushCompiler(options: .init(lowering: .init(now: 0))).compile(parsed)
  }

  func ids(_ diagnostics: [Diagnostic], _ id: DiagnosticID) -> Int {
    diagnostics.filter { $0.id == id }.count
  }

  static let longBody = String(repeating: "가나다라 ", count: 1_000)

  @Test func aMessageThatFitsIsUnchanged() throws {
    let compilation = compile(#"{"token": "t", "notification": {"title": "t", "body": "b"}}"#)
    let fitted = PushFitter().fit(compilation)
    let message = try #require(fitted.messages.first)
    let original = try #require(compilation.messages.first)
    #expect(message.apnsRequest?.payloadBytes == original.apnsRequest?.payloadBytes)
    #expect(message.fcmRequestBody == original.fcmRequestBody)
    #expect(fitted.diagnostics.isEmpty)
  }

  /// The size error is replaced by a note on the cut, and the shortened body goes back into
  /// `notification.body` of the FCM request, exactly as encoding the edited message would.
  @Test func aLongNotificationBodyIsCutAndWrittenBack() throws {
    let text =
      #"{"message": {"token": "t", "notification": {"title": "t", "body": "\#(Self.longBody)"}}}"#
    let compilation = compile(text)
    #expect(ids(compilation.diagnostics, .apnsPayloadTooLarge) == 1)
    let fitted = PushFitter().fit(compilation)
    #expect(fitted.diagnostics.map(\.id) == [.cliFitShortened])
    let source = JSONPointer(tokens: ["message", "notification", "body"])
    #expect(fitted.diagnostics.first?.pointer == source)
    let message = try #require(fitted.messages.first)
    let payloadBytes = try #require(message.apnsRequest?.payloadBytes)
    #expect(payloadBytes.count <= 4096)
    let body = try #require(message.fcmRequestBody)
    let shortened = try #require(body[source]?.stringValue)
    #expect(shortened.hasSuffix("…"))
    var request = try #require(message.fcmRequest)
    request.message.value.notification?.value.body?.value = shortened
    #expect(body == FCMRequestEncoder().encode(request))
  }

  @Test func aCutInsideAPNsPayloadIsWrittenBackThere() throws {
    let alert = #"{"title": "T", "body": "\#(Self.longBody)"}"#
    let text = #"{"token": "t", "apns": {"payload": {"aps": {"alert": \#(alert)}}}}"#
    let fitted = PushFitter().fit(compile(text))
    let body = try #require(fitted.messages.first?.fcmRequestBody)
    let alertPointer = JSONPointer(tokens: ["message", "apns", "payload", "aps", "alert"])
    #expect(body[alertPointer.appending("body")]?.stringValue?.hasSuffix("…") == true)
    #expect(body[alertPointer.appending("title")]?.stringValue == "T")
  }

  @Test func aNamedDataKeyIsCutAndWrittenBackToData() throws {
    let blob = String(repeating: "z", count: 5_000)
    let text =
      #"{"token": "t", "notification": {"title": "t", "body": "b"}, "data": {"blob": "\#(blob)"}}"#
    let fitter = PushFitter(options: .init(maximumBytes: 1_000, target: .topLevelKey("blob")))
    let fitted = fitter.fit(compile(text))
    let message = try #require(fitted.messages.first)
    #expect(message.apnsRequest.map { $0.payloadBytes.count <= 1_000 } == true)
    let body = try #require(message.fcmRequestBody)
    let value = try #require(body[JSONPointer(tokens: ["message", "data", "blob"])]?.stringValue)
    #expect(value.hasSuffix("…"))
    #expect(body[JSONPointer(tokens: ["message", "notification", "body"])]?.stringValue == "b")
  }

  @Test func aMessageThatCannotFitKeepsItsErrorAndHasNoFCMBody() throws {
    let blob = String(repeating: "z", count: 5_000)
    let text =
      #"{"token": "t", "notification": {"title": "t", "body": "b"}, "data": {"blob": "\#(blob)"}}"#
    let fitted = PushFitter().fit(compile(text))
    #expect(ids(fitted.diagnostics, .apnsFitImpossible) == 1)
    #expect(fitted.hasErrors)
    #expect(fitted.messages.first?.fcmRequestBody == nil)
  }

  /// The input's own diagnostics (a duplicate key) are kept once, besides the messages'.
  @Test func inputDiagnosticsAreKeptOnce() {
    let fitted = PushFitter().fit(
      compile(#"{"token": "t", "token": "u", "data": {"from": "x"}}"#))
    #expect(ids(fitted.diagnostics, .jsonDuplicateKey) == 1)
    #expect(ids(fitted.diagnostics, .fcmReservedDataKey) == 1)
  }

  /// Fitting is linear in messages and diagnostics: 20,000 messages with a warning each (and
  /// a long body in every thousandth) used to take minutes, because every diagnostic was
  /// searched for in every message. The time limit is only a backstop.
  @Test(.timeLimit(.minutes(1))) func twentyThousandMessagesAreFittedInLinearTime() {
    let count = 20_000
    let lines = (0..<count).map { index in
      let body = index % 1_000 == 0 ? Self.longBody : "b\(index)"
      return #"{"token": "t\#(index)", "notification": {"title": "t", "body": "\#(body)", "#
        + #""image": "https://example.com/a.png"}}"#
    }
    let compilation = compile(lines.joined(separator: "\n"), name: "many.ndjson")
    #expect(compilation.messages.count == count)
    let fitted = PushFitter().fit(compilation)
    #expect(fitted.messages.count == count)
    #expect(ids(fitted.diagnostics, .apnsImageWithoutMutableContent) == count)
    #expect(ids(fitted.diagnostics, .cliFitShortened) == count / 1_000)
    #expect(ids(fitted.diagnostics, .apnsPayloadTooLarge) == 0)
    #expect(!fitted.hasErrors)
    #expect(fitted.messages.allSatisfy { $0.fcmRequestBody != nil })
  }
}
