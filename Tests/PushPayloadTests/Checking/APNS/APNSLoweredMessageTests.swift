import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The checker on requests made by ``APNSLowering`` from real FCM input: diagnostics about the
/// lowered payload point at the FCM message.
@Suite struct APNSLoweredMessageTests {
  static func lowerAndCheck(
    _ marked: MarkedSource, writesPayloadBytes: Bool = true
  ) throws -> [Diagnostic] {
    let file = SourceFile(name: "message.json", text: marked.text)
    let read = FCMMessageReader().read(JSONReader.read(file))
    let message = try #require(read.definitions.first?.request?.message.value)
    var collector = DiagnosticCollector(file: file)
    var options = APNSLowering.Options(now: 1_700_000_000, bundleID: "com.example.app")
    options.writesPayloadBytes = writesPayloadBytes
    let request = APNSLowering(options: options).lower(message, collector: &collector)
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

  @Test(arguments: [4030, 4050, 4200])
  func aCountedPayloadIsCheckedLikeAWrittenOne(blobLength: Int) throws {
    // Around the 4096-byte limit, with text that takes several bytes a character and escapes.
    let blob = String(repeating: "공", count: blobLength / 3) + #"\n\"q\""#
    let marked = MarkedSource(
      #"{"message": {"token": "t", "notification": {"title": "Hi"}, "data": {"blob": ""#
        + blob + #""}}}"#)
    let written = try Self.lowerAndCheck(marked)
    let counted = try Self.lowerAndCheck(marked, writesPayloadBytes: false)
    #expect(counted == written)
    #expect(written.contains { $0.id == .apnsPayloadTooLarge } == (blobLength > 4040))
  }
}
