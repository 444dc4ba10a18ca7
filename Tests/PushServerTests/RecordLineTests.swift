import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@testable import PushServer

/// The record file's lines, written straight into bytes: the same bytes as the record's JSON
/// value, in the order recorded.
@Suite struct RecordLineTests {
  /// Records covering every optional member and the strings that need escaping.
  static let samples: [RecordedRequest] = {
    let plain = RecordedRequest(
      sequence: 1, time: 1_796_000_000.123, connectionID: 3, transport: .h2c, method: "POST",
      path: "/3/device/abcd", headers: [HTTPHeaderField(name: "apns-topic", value: "kr.ac")],
      body: Array(#"{"aps":{"alert":"hi"}}"#.utf8), bodyExceededLimit: false, status: 200,
      reason: nil, apnsID: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", deviceToken: "abcd",
      diagnostics: [])
    var rejected = plain
    rejected.sequence = 2
    rejected.transport = .http1TLS
    rejected.headers = [
      HTTPHeaderField(name: "apns-priority", value: "7"),
      HTTPHeaderField(name: "x-quote", value: "a \"b\" \\ c\u{1}\t 한글"),
    ]
    rejected.body = [0xFF, 0xFE, 0x00, 0x41]
    rejected.bodyExceededLimit = true
    rejected.status = 400
    rejected.reason = "BadPriority"
    rejected.rule = "/apns/faults/0"
    rejected.diagnostics = [
      Diagnostic(
        id: DiagnosticID(rawValue: "apnsInvalidPriority"), severity: .error,
        message: "apns-priority must be \"10\", \"5\" or \"1\"",
        pointer: JSONPointer(tokens: ["headers", "apns-priority"]),
        notes: [Diagnostic.Note("a note")],
        properties: ["apns_reason": "BadPriority", "zeta": "last"]),
      Diagnostic(
        id: DiagnosticID(rawValue: "serveUnknownHeader"), severity: .warning, message: "w"),
    ]
    var noHeaders = plain
    noHeaders.sequence = 3
    noHeaders.headers = []
    noHeaders.body = []
    noHeaders.apnsID = nil
    var fcm = plain
    fcm.sequence = 4
    fcm.path = "/v1/projects/p/messages:send"
    var record = FCMRecord(project: "p")
    record.validateOnly = true
    record.target = (field: "token", value: "ios-token-1")
    record.messageName = "projects/p/messages/0:1"
    // A lowered request, whose payload the line copies from its bytes, and a raw one, whose
    // payload tree is written.
    var message = FCM.Message()
    message.token = "ios-token-1"
    message.notification = Located(FCM.Notification(title: "새 공지 \"1\"", body: "tab\there"))
    message.data = Located(["id": "70000", "url": "https://example.com/a/b"])
    var collector = DiagnosticCollector()
    var lowered = APNSLowering(options: .init(now: 1_700_000_000, bundleID: "com.example.app"))
      .lower(message, collector: &collector)
    lowered.deviceToken = Located(String(repeating: "ab", count: 32))
    record.apnsRequest = lowered
    let raw = APNS.Request(
      payload: ValueNode(.object(JSONObject([.init(key: "k", value: ValueNode(.string("v")))]))),
      payloadBytes: Array(#"{ "k" : "v" }"#.utf8), isRawInput: true)
    record.deliveries = [
      FCMRecord.Delivery(
        token: "ios-token-1", platform: .ios, apnsRequest: lowered, forwardedStatus: 410,
        forwardedReason: "Unregistered"),
      FCMRecord.Delivery(token: "raw", platform: .ios, apnsRequest: raw),
      FCMRecord.Delivery(token: "web-1", platform: .web),
    ]
    fcm.fcm = record
    // Deliveries whose requests render like the message's (payload bytes equal but stored
    // apart) and unlike it (another token, another header value, a token equal as a `String`
    // but not in its bytes): the line copies the message's document only for the first.
    var copied = lowered
    copied.payloadBytes = Array(lowered.payloadBytes[...])
    var otherToken = lowered
    otherToken.deviceToken = Located(String(repeating: "cd", count: 32))
    var otherHeader = lowered
    otherHeader.headers[0].value += "x"
    var precomposed = lowered
    precomposed.deviceToken = Located("caf\u{E9}")
    var decomposed = lowered
    decomposed.deviceToken = Located("cafe\u{301}")
    var alike = fcm
    alike.sequence = 5
    var alikeRecord = record
    alikeRecord.apnsRequest = precomposed
    alikeRecord.deliveries = [
      FCMRecord.Delivery(token: "a", platform: .ios, apnsRequest: decomposed),
      FCMRecord.Delivery(token: "b", platform: .ios, apnsRequest: precomposed),
      FCMRecord.Delivery(token: "c", platform: .ios, apnsRequest: otherHeader),
    ]
    alike.fcm = alikeRecord
    var unlike = fcm
    unlike.sequence = 6
    record.deliveries = [
      FCMRecord.Delivery(token: "d", platform: .ios, apnsRequest: copied),
      FCMRecord.Delivery(token: "e", platform: .ios, apnsRequest: otherToken),
      FCMRecord.Delivery(token: "f", platform: .ios, apnsRequest: otherHeader),
      FCMRecord.Delivery(token: "g", platform: .ios, apnsRequest: lowered),
    ]
    unlike.fcm = record
    return [plain, rejected, noHeaders, fcm, alike, unlike]
  }()

  @Test(arguments: samples.indices)
  func lineIsTheCompactJSONOfTheRecord(index: Int) {
    let request = Self.samples[index]
    var line: [UInt8] = []
    request.appendRecordLine(to: &line)
    #expect(
      String(decoding: line, as: UTF8.self)
        == String(decoding: request.jsonValue.compactJSON, as: UTF8.self))
    // Byte for byte: equal `String`s may differ in their bytes.
    #expect(line == request.jsonValue.compactJSON)
  }

  @Test func recorderWritesEveryLineInOrderWhenFlushed() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-record-lines-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try RequestRecorder(capacity: 10, path: path)
    var expected: [UInt8] = []
    for index in 0..<2_000 {
      let recorded = recorder.record(Self.samples[index % Self.samples.count])
      expected += recorded.jsonValue.compactJSON + [UInt8(ascii: "\n")]
    }
    recorder.flush()
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(written.count == expected.count)
    #expect(written == expected)
    #expect(recorder.requests.map(\.sequence) == Array(1_991...2_000))
  }
}
