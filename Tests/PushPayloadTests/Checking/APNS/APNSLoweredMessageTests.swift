import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The checker on requests made by ``APNSLowering`` from real FCM input: diagnostics about the
/// lowered payload point at the FCM message.
@Suite struct APNSLoweredMessageTests {
  static func lowerAndCheck(_ marked: MarkedSource) throws -> [Diagnostic] {
    let file = SourceFile(name: "message.json", text: marked.text)
    let read = FCMMessageReader().read(JSONReader.read(file))
    let message = try #require(read.definitions.first?.request?.message.value)
    var collector = DiagnosticCollector(file: file)
    let request = APNSLowering(options: .init(now: 1_700_000_000, bundleID: "com.example.app"))
      .lower(message, collector: &collector)
    var checker = DiagnosticCollector(file: file)
    APNSRequestChecker(options: .init(bundleID: "com.example.app", now: 1_700_000_000))
      .check(request, collector: &checker)
    return checker.diagnostics
  }

  @Test func payloadDiagnosticsPointAtTheFCMMessage() throws {
    let marked = MarkedSource(
      #"{"message": {"token": "t", "notification": {"title": "Hi"}, "apns": {"payload": {"aps": {"badge": 1️⃣"3", 2️⃣"threadId": "x"}}}}}"#
    )
    let diagnostics = try Self.lowerAndCheck(marked)
    expectDiagnostics(
      diagnostics,
      [DiagnosticSpec("1️⃣", id: .apnsValueType), DiagnosticSpec("2️⃣", id: .apnsUnknownAPSKey)],
      in: marked)
    #expect(
      diagnostics.map { $0.pointer?.description } == [
        "/message/apns/payload/aps/badge", "/message/apns/payload/aps/threadId",
      ])
  }

  @Test func oversizedDataIsNamedAtItsInputPlace() throws {
    let blob = String(repeating: "d", count: 4200)
    let marked = MarkedSource(
      #"{"message": {"token": "t", "notification": {"title": "Hi"}, "data": {"blob": 1️⃣""#
        + blob + #""}}}"#)
    let diagnostics = try Self.lowerAndCheck(marked)
    let tooLarge = try #require(diagnostics.first { $0.id == .apnsPayloadTooLarge })
    let note = try #require(tooLarge.notes.first)
    #expect(note.pointer?.description == "/message/data/blob")
    #expect(note.range?.start.offset == marked["1️⃣"])
  }
}
