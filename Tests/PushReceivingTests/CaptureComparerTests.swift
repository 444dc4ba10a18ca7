import PushDiagnostics
import PushJSON
import PushPayload
import PushReceiving
import Testing

@Suite struct CaptureComparerTests {
  func definition(_ text: String) throws -> (ValueNode, SourceFile) {
    let file = SourceFile(name: "sent.json", text: text)
    let parsed = JSONReader.read(file)
    return (try #require(parsed.documents.first), file)
  }

  func expected(_ text: String) throws -> ExpectedPayload {
    let (document, file) = try definition(text)
    return CaptureComparer().expectedPayload(of: document, in: file)
  }

  @Test func anAPNsPayloadIsComparedAsItIs() throws {
    let (document, file) = try definition(#"{"aps": {"alert": "hi"}, "id": 1}"#)
    let expected = CaptureComparer().expectedPayload(of: document, in: file)
    #expect(expected.kind == .payload)
    #expect(expected.payload == document)
    #expect(expected.diagnosticsByStage.isEmpty)
  }

  /// FCM messages are told apart by the kind detection of lint and compile, and lowered the
  /// way FCM lowers them.
  @Test(arguments: [
    #"{"message": {"token": "t", "notification": {"title": "T", "body": "B"}, "data": {"id": "1"}}}"#,
    #"{"token": "t", "notification": {"title": "T", "body": "B"}, "data": {"id": "1"}}"#,
  ])
  func anFCMMessageIsLowered(_ text: String) throws {
    let expected = try expected(text)
    #expect(expected.kind == .fcm)
    #expect(!expected.hasErrors)
    let payload = try #require(expected.payload)
    #expect(payload[JSONPointer(tokens: ["aps", "alert", "body"])]?.stringValue == "B")
    #expect(payload[JSONPointer(tokens: ["id"])]?.stringValue == "1")
  }

  @Test func anFCMMessageWithErrorsHasNoPayload() throws {
    let expected = try expected(#"{"token": "t", "data": {"id": 1}}"#)
    #expect(expected.kind == .fcm)
    #expect(expected.payload == nil)
    #expect(expected.diagnosticsByStage.count == 1)
    #expect(expected.hasErrors)
  }

  @Test func severalFCMMessagesAreRefused() throws {
    let expected = try expected(#"[{"token": "a"}, {"token": "b"}]"#)
    #expect(expected.kind == .fcm)
    #expect(expected.payload == nil)
    #expect(expected.diagnosticsByStage.last?.map(\.id) == [.decodeAgainstMessageCount])
  }

  @Test func aCaptureIsComparedKeyByKey() throws {
    let definition =
      #"{"token": "t", "notification": {"title": "T", "body": "B"}, "data": {"id": "7"}}"#
    let expected = try #require(try expected(definition).payload)
    let capture = SourceFile(
      name: "capture.json",
      text: #"{"aps": {"alert": {"title": "T", "body": "B"}}, "id": "7", "gcm.message_id": "1"}"#
    )
    let comparison = CaptureComparer().compare(capture, against: expected)
    #expect(comparison.diagnostics.isEmpty)
    #expect(comparison.matches)
    let changed = SourceFile(name: "capture.json", text: #"{"aps": {"alert": "B"}, "id": 7}"#)
    #expect(!CaptureComparer().compare(changed, against: expected).matches)
    let broken = CaptureComparer().compare(SourceFile(name: "c", text: "{"), against: expected)
    #expect(broken.diff == nil)
    #expect(broken.capture.hasErrors)
  }
}
