import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import PushReceiving
import Testing

/// Encode → compile → decode gives the original value: the data map of `PushDataEncoder` goes
/// into an FCM message, which the real lowering turns into the APNs payload a device receives
/// (with FCM's own keys), which is read as a capture and decoded with `PushDataDecoder`.
@Suite struct PushDataRoundTripTests {
  /// The APNs payload, as bytes, that FCM delivers for a message carrying `data`.
  func deliveredPayload(data: JSONObject, extraData: [JSONObject.Member] = []) throws -> [UInt8] {
    func object(_ members: [(String, ValueNode)]) -> ValueNode {
      ValueNode(.object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })))
    }
    let message = object([
      (
        "message",
        object([
          ("topic", ValueNode(.string("student"))),
          (
            "notification",
            object([
              ("title", ValueNode(.string("[학생] 새로운 공지가 왔어요!"))),
              ("body", ValueNode(.string("기숙사 입사 안내"))),
            ])
          ),
          (
            "apns",
            object([
              (
                "payload",
                object([("aps", object([("mutable-content", ValueNode(.number(JSONNumber(1))))]))])
              )
            ])
          ),
          ("data", ValueNode(.object(JSONObject(extraData + data.members)))),
        ])
      )
    ])
    let file = SourceFile(
      name: "message.json", bytes: CanonicalJSONWriter(style: .pretty).bytes(for: message))
    let lint = FCMLinter().lint(JSONReader.read(file))
    #expect(!lint.hasErrors, "\(lint.diagnostics.map(\.message))")
    let request = try #require(lint.messages.first?.request)
    var collector = DiagnosticCollector(file: file)
    let lowered = APNSLowering(options: .init(now: 1_740_873_600, asReceived: true)).lower(
      request.message.value, collector: &collector)
    #expect(!collector.hasErrors, "\(collector.diagnostics.map(\.message))")
    return CanonicalJSONWriter(style: .compact).bytes(for: lowered.payload)
  }

  @Test func roundTripsKuringsNotice() throws {
    let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
    let day = try #require(DatePattern("yyyy-MM-dd"))
    let notice = KuringNotice(
      id: 76473, articleId: "5389",
      postedDate: try #require(day.date(from: "2024-02-21", timeZone: seoul)),
      subject: "기숙사 입사 안내", category: "student",
      baseUrl: try #require(
        URL(string: "https://www.konkuk.ac.kr/bbs/konkuk/234/5389/artclView.do")),
      important: true, commentCount: 2
    )
    let data = try PushDataEncoder(dateEncodingStrategy: .pattern(day, timeZone: seoul))
      .encodeMembers(notice)
    let bytes = try deliveredPayload(
      data: data, extraData: [JSONObject.Member(key: "type", value: ValueNode(.string("notice")))])
    let capture = CaptureReader.read(bytes: bytes, name: "delivered.json")
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    let decoded = try PushDataDecoder(dateDecodingStrategy: .patterns([day], timeZone: seoul))
      .decode(KuringNotice.self, from: root)
    #expect(decoded == notice)

    // Kuring's own parsing of the same push: FCM delivered the id as a string.
    let push = ReceivedPushDecoder(contract: .kuring).decode(capture)
    #expect(push.kind == "notice")
    #expect(
      push.diagnostics.map(\.id) == [.decodeFieldType, .decodeFieldType, .decodeFieldType])
    #expect(
      Set(push.diagnostics.compactMap(\.pointer?.description)) == [
        "/id", "/important", "/commentCount",
      ])
    #expect(push.fcm.messageID != nil)
    #expect(push.aps?.alert?.title == "[학생] 새로운 공지가 왔어요!")
    #expect(push.aps?.mutableContent == 1)
  }

  @Test func roundTripsEveryTypeThroughTheCompiledPayload() throws {
    let data = try PushDataEncoder().encodeMembers(PushDataCodingTests.every)
    let bytes = try deliveredPayload(data: data)
    let capture = CaptureReader.read(bytes: bytes)
    let root = try #require(capture.root)
    #expect(try PushDataDecoder().decode(EveryType.self, from: root) == PushDataCodingTests.every)
    // Every key FCM injects is recognised as FCM's: without them, the capture equals itself.
    var plain = try #require(root.objectValue)
    plain.members.removeAll { FCMKeyFamily(key: $0.key) != nil }
    let diff = PayloadDiff(expected: ValueNode(.object(plain)), actual: root)
    #expect(!diff.hasDifferences)
    #expect(!diff.entries(.addedByFCM).isEmpty)
  }
}
