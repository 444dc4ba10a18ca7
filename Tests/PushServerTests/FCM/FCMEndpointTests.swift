import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import PushServer
import Testing
import _PushPayloadTestSupport

/// `POST /v1/projects/{project}/messages:send` from curl over HTTP/1.1, h2c and HTTP/2 over TLS
/// (with the generated CA and FCM's host name): FCM's success and error shapes for what pushc's
/// FCM and APNs rules find, and the record of each message.
@Suite struct FCMEndpointTests {
  static let noAuth = PushServer.Configuration(
    tls: .disabled,
    fcm: .init(
      authentication: .none,
      rules: FCMRules(tokens: [
        "ios-1": .init(
          platform: .ios, apnsToken: String(repeating: "ab", count: 32),
          bundleID: "com.example.app")
      ])))

  /// Sends `body` to messages:send; the status and the body as JSON.
  static func send(
    _ server: PushServer, _ body: String, contentType: String = "application/json",
    options: [String] = []
  ) throws -> (status: Int, json: [String: Any], version: String) {
    let response = try CurlClient.send(
      "http://127.0.0.1:\(server.port)/v1/projects/p/messages:send",
      headers: ["content-type: \(contentType)"], body: Array(body.utf8), options: options)
    let json =
      (try? JSONSerialization.jsonObject(with: Data(response.body.utf8))) as? [String: Any] ?? [:]
    return (response.status, json, response.version)
  }

  /// The `error` object of an FCM error body.
  static func error(_ json: [String: Any]) -> [String: Any] {
    json["error"] as? [String: Any] ?? [:]
  }

  /// The details of an error with `@type` ending in `type`.
  static func detail(_ json: [String: Any], _ type: String) -> [String: Any]? {
    (error(json)["details"] as? [[String: Any]])?.first {
      ($0["@type"] as? String)?.hasSuffix(type) == true
    }
  }

  @Test func latencyIsAddedToEveryFCMAnswer() throws {
    var configuration = Self.noAuth
    configuration.fcm.rules.latencyMilliseconds = 300
    try withServer(configuration) { server in
      for body in [#"{"message":{"token":"ios-1","data":{"k":"v"}}}"#, #"{"message":{}}"#] {
        let start = Date()
        let answer = try Self.send(server, body)
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(answer.status == 200 || answer.status == 400)
      }
    }
  }

  @Test(arguments: [[], ["--http2-prior-knowledge"]])
  func acceptedMessageIsAnsweredWithItsNameAndRecordedWithItsAPNsRequest(options: [String])
    throws
  {
    try withServer(Self.noAuth) { server in
      let answer = try Self.send(
        server, #"{"message":{"token":"ios-1","notification":{"title":"Hi"},"data":{"k":"v"}}}"#,
        options: options)
      #expect(answer.status == 200)
      #expect(answer.version == (options.isEmpty ? "HTTP/1.1" : "HTTP/2"))
      #expect((answer.json["name"] as? String)?.hasPrefix("projects/p/messages/0:") == true)
      let record = try #require(server.requests.last)
      #expect(record.deviceToken == "ios-1")
      let fcm = try #require(record.fcm)
      #expect(fcm.target?.field == "token")
      let delivery = try #require(fcm.deliveries.first)
      #expect(delivery.platform == .ios)
      let apns = try #require(delivery.apnsRequest)
      #expect(apns.deviceToken?.value == String(repeating: "ab", count: 32))
      #expect(apns.headers.first { $0.name == "apns-topic" }?.value == "com.example.app")
      #expect(apns.payload.objectValue?["k"]?.stringValue == "v")
      #expect(
        apns.payload.objectValue?["aps"]?.objectValue?["alert"]?.objectValue?["title"]?
          .stringValue == "Hi")
    }
  }

  @Test func validateOnlyAnswersTheFakeMessageIDAndDeliversNothing() throws {
    try withServer(Self.noAuth) { server in
      let answer = try Self.send(
        server, #"{"message":{"token":"ios-1","notification":{"title":"Hi"}},"validate_only":true}"#
      )
      #expect(answer.json["name"] as? String == "projects/p/messages/fake_message_id")
      #expect(server.requests.last?.fcm?.validateOnly == true)
      #expect(server.requests.last?.fcm?.deliveries.isEmpty == true)
    }
  }

  @Test func nonStringDataValueIsGooglesInvalidValueWithTheMapIndex() throws {
    try withServer(Self.noAuth) { server in
      let answer = try Self.send(server, #"{"message":{"token":"t","data":{"a":"b","n":1}}}"#)
      #expect(answer.status == 400)
      let error = Self.error(answer.json)
      #expect(error["status"] as? String == "INVALID_ARGUMENT")
      #expect(
        error["message"] as? String == "Invalid value at 'message.data[1].value' (TYPE_STRING), 1")
      #expect(Self.detail(answer.json, "FcmError") == nil, "a front-end error has no FcmError")
      let violations =
        Self.detail(answer.json, "BadRequest")?["fieldViolations"] as? [[String: String]]
      #expect(violations?.first?["field"] == "message.data[1].value")
    }
  }

  @Test func unknownFieldIsGooglesCannotFindField() throws {
    try withServer(Self.noAuth) { server in
      let answer = try Self.send(server, #"{"message":{"tokens":["t"]}}"#)
      #expect(answer.status == 400)
      #expect(
        Self.error(answer.json)["message"] as? String
          == #"Invalid JSON payload received. Unknown name "tokens" at 'message': Cannot find field."#
      )
      let top = try Self.send(server, #"{"to":"t","message":{"token":"t"}}"#)
      #expect(
        Self.error(top.json)["message"] as? String
          == #"Invalid JSON payload received. Unknown name "to": Cannot find field."#)
    }
  }

  @Test func ruleViolationIsAnFCMInvalidArgumentWithTheFieldPath() throws {
    try withServer(Self.noAuth) { server in
      let answer = try Self.send(
        server, #"{"message":{"token":"t","apns":{"headers":{"apns-priority":"7"}}}}"#)
      #expect(answer.status == 400)
      #expect(Self.detail(answer.json, "FcmError")?["errorCode"] as? String == "INVALID_ARGUMENT")
      let violations =
        Self.detail(answer.json, "BadRequest")?["fieldViolations"] as? [[String: String]]
      #expect(violations?.contains { $0["field"] == "message.apns.headers[0].value" } == true)
      #expect(server.requests.last?.reason == "INVALID_ARGUMENT")
      #expect(
        server.requests.last?.diagnostics.contains { $0.id.rawValue == "apnsInvalidPriority" }
          == true)
    }
  }

  @Test func badBodiesGetGooglesErrorShapes() throws {
    try withServer(Self.noAuth) { server in
      let syntax = try Self.send(server, #"{"message": {"token": "t""#)
      #expect(syntax.status == 400)
      #expect(
        (Self.error(syntax.json)["message"] as? String)?.hasPrefix("Invalid JSON payload received.")
          == true)
      let trailingComma = try Self.send(
        server, #"{"message":{"token":"t","notification":{"title":"x"},}}"#)
      #expect(trailingComma.status == 200, "Google's parser accepts a trailing comma")
      let form = try Self.send(
        server, #"{"message":{"token":"t"}}"#, contentType: "application/x-www-form-urlencoded")
      #expect(
        (Self.error(form.json)["message"] as? String)?.contains("Cannot bind query parameter")
          == true)
      let huge = try Self.send(
        server,
        #"{"message":{"token":"t","data":{"a":""# + String(repeating: "x", count: 70_000) + #""}}}"#
      )
      #expect(huge.status == 400)
      #expect(
        Self.error(huge.json)["message"] as? String
          == "Request payload size exceeds the limit: 65536 bytes.")
      let missing = try Self.send(server, "{}")
      #expect(Self.detail(missing.json, "FcmError")?["errorCode"] as? String == "INVALID_ARGUMENT")
    }
  }

  @Test func unknownPathsAndMethodsAreNotFound() throws {
    try withServer(Self.noAuth) { server in
      let get = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/v1/projects/p/messages:send", options: [])
      #expect(get.status == 404)
      #expect(
        get.body == #"{"error":{"code":404,"message":"Method not found.","status":"NOT_FOUND"}}"#)
      let path = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/v1/projects/p/messages:sendAll", body: [], options: [])
      #expect(path.status == 404)
      #expect(path.body.contains(#""status":"NOT_FOUND""#))
    }
  }

  @Test func withOAuthRequestsNeedALiveAccessToken() throws {
    try withServer(PushServer.Configuration(tls: .disabled)) { server in
      let missing = try Self.send(server, #"{"message":{"token":"t"}}"#)
      #expect(missing.status == 401)
      #expect(Self.error(missing.json)["status"] as? String == "UNAUTHENTICATED")
      #expect(
        (Self.error(missing.json)["message"] as? String)?.hasPrefix(
          "Request is missing required authentication credential.") == true)
      let invalid = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/v1/projects/pushc-local/messages:send",
        headers: ["authorization: Bearer ya29.made-up", "content-type: application/json"],
        body: Array(#"{"message":{"token":"t"}}"#.utf8), options: [])
      #expect(invalid.status == 401)
      #expect(invalid.body.contains("Request had invalid authentication credentials."))
      let refused = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/token",
        headers: ["content-type: application/x-www-form-urlencoded"],
        body: Array(
          "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a.b.c".utf8),
        options: [])
      #expect(refused.status == 400)
      #expect(
        refused.body == #"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#)
      let account =
        try JSONSerialization.jsonObject(with: Data(server.serviceAccountJSON())) as? [String: Any]
      #expect(account?["token_uri"] as? String == "http://127.0.0.1:\(server.port)/token")
      #expect(
        (account?["private_key"] as? String)?.hasPrefix("-----BEGIN PRIVATE KEY-----") == true)
    }
  }

  @Test func servesFCMsHostNameOverTLSWithTheGeneratedCA() throws {
    var configuration = Self.noAuth
    configuration.tls = .generated
    try withServer(configuration) { server in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pushc-fcm-ca-\(UUID().uuidString).pem")
      try Data((server.caCertificatePEM ?? "").utf8).write(to: directory)
      defer { try? FileManager.default.removeItem(at: directory) }
      let response = try CurlClient.send(
        "https://fcm.googleapis.com:\(server.port)/v1/projects/p/messages:send",
        headers: ["content-type: application/json"],
        body: Array(#"{"message":{"topic":"news","notification":{"title":"x"}}}"#.utf8),
        options: [
          "--http2", "--cacert", directory.path,
          "--resolve", "fcm.googleapis.com:\(server.port):127.0.0.1",
        ])
      #expect(response.version == "HTTP/2")
      #expect(response.status == 200)
      #expect(server.requests.last?.transport == .h2)
    }
  }
}
