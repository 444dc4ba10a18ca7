import Foundation
import PushDiagnostics
import PushServer
import Testing
import _PushPayloadTestSupport

/// Each APNs reason the server gives, received by a real client (curl over h2c) with
/// Apple's status, `{"reason": …}` and an `apns-id`, and recorded with that answer.
@Suite struct APNSReasonsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var reason: String
    var status: Int
    var method: String = "POST"
    var path: String = "/3/device/" + deviceToken
    var headers: [String] = validHeaders()
    var body: [UInt8]? = alertPayload
    var testDescription: String { reason }
  }

  static let cases: [Case] = [
    Case(
      reason: "BadCollapseId", status: 400,
      headers: validHeaders() + ["apns-collapse-id: " + String(repeating: "c", count: 65)]),
    Case(reason: "BadDeviceToken", status: 400, path: "/3/device/not-hex"),
    Case(
      reason: "BadExpirationDate", status: 400,
      headers: validHeaders() + ["apns-expiration: tomorrow"]),
    Case(reason: "BadMessageId", status: 400, headers: validHeaders() + ["apns-id: 12345"]),
    Case(reason: "BadPriority", status: 400, headers: validHeaders() + ["apns-priority: 7"]),
    Case(
      reason: "BadTopic", status: 400,
      headers: [
        "authorization: bearer \(providerToken())", "apns-topic: not a topic!",
        "apns-push-type: alert",
      ]),
    Case(
      reason: "DuplicateHeaders", status: 400,
      headers: validHeaders() + ["apns-topic: com.example.other"]),
    Case(
      reason: "InvalidPushType", status: 400,
      headers: [
        "authorization: bearer \(providerToken())", "apns-topic: com.example.app",
        "apns-push-type: alerts",
      ]),
    Case(reason: "MissingDeviceToken", status: 400, path: "/3/device/"),
    Case(
      reason: "MissingTopic", status: 400,
      headers: ["authorization: bearer \(providerToken())", "apns-push-type: alert"]),
    Case(reason: "PayloadEmpty", status: 400, body: nil),
    Case(reason: "BadRequestPayload", status: 400, body: Array(#"{"aps":{"alert":"hi""#.utf8)),
    Case(reason: "BadRequestPayload", status: 400, body: Array(#"["aps"]"#.utf8)),
    Case(reason: "BadRequestPayload", status: 400, body: Array("not json".utf8)),
    Case(
      reason: "MissingProviderToken", status: 403,
      headers: ["apns-topic: com.example.app", "apns-push-type: alert"]),
    Case(
      reason: "InvalidProviderToken", status: 403,
      headers: [
        "authorization: bearer not.a-jwt", "apns-topic: com.example.app",
        "apns-push-type: alert",
      ]),
    Case(
      reason: "ExpiredProviderToken", status: 403,
      headers: validHeaders(token: providerToken(age: 7200))),
    Case(reason: "BadPath", status: 404, path: "/3/devices/" + deviceToken),
    Case(reason: "BadPath", status: 404, path: "/4/broadcasts/apps/com.example.app"),
    Case(reason: "MethodNotAllowed", status: 405, method: "GET", body: nil),
    Case(
      reason: "PayloadTooLarge", status: 413,
      body: Array(#"{"aps":{"alert":"\#(String(repeating: "x", count: 4096))"}}"#.utf8)),
    Case(
      reason: "PayloadTooLarge", status: 413,
      body: Array(repeating: UInt8(ascii: " "), count: 100_000) + alertPayload),
  ]

  @Test(arguments: cases)
  func clientReceivesReason(_ testCase: Case) throws {
    try withServer { server in
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)\(testCase.path)", method: testCase.method,
        headers: testCase.headers,
        body: testCase.method == "POST" ? (testCase.body ?? []) : nil,
        options: ["--http2-prior-knowledge"])
      #expect(response.version == "HTTP/2")
      #expect(response.status == testCase.status, "\(response)")
      #expect(response.body == #"{"reason":"\#(testCase.reason)"}"#, "\(response)")
      #expect(response.header("apns-id")?.count == 36)
      #expect(response.header("apns-unique-id") == nil)
      let recorded = try #require(server.requests.last)
      #expect(recorded.status == testCase.status)
      #expect(recorded.reason == testCase.reason)
      #expect(recorded.apnsID == response.header("apns-id"))
      #expect(recorded.transport == .h2c)
    }
  }

  @Test func validPushIsAcceptedWithAnEmptyBody() throws {
    try withServer { server in
      let id = "123e4567-e89b-12d3-a456-4266554400a0"
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)",
        headers: validHeaders() + ["apns-id: \(id)"], body: alertPayload,
        options: ["--http2-prior-knowledge"])
      #expect(response.status == 200, "\(response)")
      #expect(response.body.isEmpty)
      #expect(response.header("apns-id") == id)
      #expect(response.header("apns-unique-id")?.count == 36)
      let recorded = try #require(server.requests.last)
      #expect(recorded.status == 200 && recorded.reason == nil)
      #expect(recorded.body == alertPayload)
      #expect(recorded.deviceToken == deviceToken)
    }
  }

  @Test func generatedMessageIDsAreLowercaseUUIDs() throws {
    try withServer { server in
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)",
        headers: validHeaders(), body: alertPayload, options: ["--http2-prior-knowledge"])
      let id = try #require(response.header("apns-id"))
      #expect(UUID(uuidString: id) != nil)
      #expect(id == id.lowercased())
    }
  }

  @Test func warningsAreRecordedWithAnAcceptedPush() throws {
    try withServer { server in
      let body = Array(#"{"aps":{"alert":"Hello","sound":""}}"#.utf8)
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)",
        headers: validHeaders(), body: body, options: ["--http2-prior-knowledge"])
      #expect(response.status == 200)
      let recorded = try #require(server.requests.last)
      #expect(recorded.diagnostics.map(\.id.rawValue) == ["apnsEmptySoundName"])
    }
  }

  @Test func anUnreadableBodyIsCheckedAfterAuthenticationAndDuplicateKeysAreRead() throws {
    try withServer { server in
      let url = "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)"
      let unauthenticated = try CurlClient.send(
        url, headers: ["apns-topic: com.example.app", "apns-push-type: alert"],
        body: Array("not json".utf8), options: ["--http2-prior-knowledge"])
      #expect(unauthenticated.body == #"{"reason":"MissingProviderToken"}"#)
      let duplicateKey = try CurlClient.send(
        url, headers: validHeaders(), body: Array(#"{"aps":{"alert":"a","alert":"b"}}"#.utf8),
        options: ["--http2-prior-knowledge"])
      #expect(duplicateKey.status == 200, "\(duplicateKey)")
      #expect(server.requests.last?.diagnostics.map(\.id.rawValue) == ["jsonDuplicateKey"])
    }
  }

  @Test func productionAnswersWithoutUniqueID() throws {
    try withServer(PushServer.Configuration(tls: .disabled, isDevelopment: false)) { server in
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)",
        headers: validHeaders(), body: alertPayload, options: ["--http2-prior-knowledge"])
      #expect(response.status == 200)
      #expect(response.header("apns-unique-id") == nil)
    }
  }

  @Test func everyDocumentedReasonHasItsStatus() {
    #expect(APNSReason.statusByReason.count == 30)
    #expect(APNSReason.status(of: "BadRequestPayload") == 400)
    #expect(APNSReason.status(of: "Unregistered") == 410)
    #expect(APNSReason.status(of: "Shutdown") == 503)
  }
}
