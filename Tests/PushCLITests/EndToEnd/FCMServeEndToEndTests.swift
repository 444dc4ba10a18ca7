import Foundation
import Testing
import _PushPayloadTestSupport

/// `pushc serve`'s FCM side with the real Firebase Admin Python SDK: the service-account file
/// from `--emit-service-account` (OAuth through `POST /token`), the tokens and faults of a
/// `--rules` file, each FCM error surfacing as the SDK's own exception, topic subscriptions and
/// fan-out, and the APNs request of each message in the record (`--forward-apns`).
@Suite struct FCMServeEndToEndTests {
  static let apnsToken = String(repeating: "ab", count: 32)
  static let otherAPNsToken = String(repeating: "cd", count: 32)
  static let rules = """
    tokens:
      ios-token-1: {platform: ios, apns_token: "\(apnsToken)", bundle_id: kr.ac.konkuk.kuring}
      ios-token-2: {platform: ios, apns_token: "\(otherAPNsToken)", bundle_id: com.example.other}
      android-token-1: {platform: android}
      gone-token: {unregistered: true}
    fcm:
      faults:
        - match: {token: other-sender}
          error: SENDER_ID_MISMATCH
        - match: {token: busy-token}
          error: QUOTA_EXCEEDED
          retry_after_s: 1
        - match: {token: down-token}
          error: UNAVAILABLE
        - match: {token: flaky-token}
          error: INTERNAL
          times: 2
        - match: {token: apns-key-revoked}
          error: THIRD_PARTY_AUTH_ERROR
    """

  /// The SDK's calls, in order.
  static let calls = #"""
    [
      {"name": "send", "op": "send",
       "message": {"token": "ios-token-1", "title": "New notice", "body": "Library hours",
                   "data": {"notice_id": "42"}}},
      {"name": "dry run", "op": "send", "dry_run": true, "message": {"token": "ios-token-1", "title": "x"}},
      {"name": "unregistered", "op": "send", "message": {"token": "gone-token", "title": "x"}},
      {"name": "sender", "op": "send", "message": {"token": "other-sender", "title": "x"}},
      {"name": "quota", "op": "send", "message": {"token": "busy-token", "title": "x"}},
      {"name": "invalid", "op": "send",
       "message": {"token": "android-token-1", "title": "x", "apns_headers": {"apns-priority": "7"}}},
      {"name": "unavailable", "op": "send", "message": {"token": "down-token", "title": "x"}},
      {"name": "retried", "op": "send", "message": {"token": "flaky-token", "title": "x"}},
      {"name": "third party", "op": "send", "message": {"token": "apns-key-revoked", "title": "x"}},
      {"name": "each", "op": "send_each",
       "messages": [{"token": "android-token-1", "title": "x"}, {"token": "gone-token", "title": "x"}]},
      {"name": "subscribe", "op": "subscribe",
       "tokens": ["ios-token-1", "ios-token-2", "gone-token"], "topic": "notices"},
      {"name": "topic", "op": "send", "message": {"topic": "notices", "title": "To all"}},
      {"name": "unsubscribe", "op": "unsubscribe", "tokens": ["ios-token-2"], "topic": "notices"},
      {"name": "condition", "op": "send",
       "message": {"condition": "'notices' in topics", "title": "Condition"}}
    ]
    """#

  @Test func firebaseAdminSDKSendsThroughPushcServe() throws {
    guard PythonProcess.canImport("firebase_admin") else {
      if PythonProcess.isCI { Issue.record("CI=true but firebase_admin cannot be imported") }
      return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rulesPath = try directory.write(Self.rules, to: "rules.yaml")
    let serve = try ServeEndToEndTests.ServeProcess(
      [
        "--port", "0", "--fcm-project", "pushc-test", "--rules", rulesPath,
        "--emit-service-account", directory.path("sa.json"), "--forward-apns",
        "--record", directory.path("record.jsonl"),
      ],
      directory: directory)
    defer { _ = serve.terminate() }
    let line = try serve.startLine()
    let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/)?.1)
    let account = try #require(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: directory.url.appendingPathComponent("sa.json")))
        as? [String: Any])
    #expect(account["token_uri"] as? String == "http://127.0.0.1:\(port)/token")
    #expect(account["project_id"] as? String == "pushc-test")

    let input =
      #"{"service_account": "\#(directory.path("sa.json"))", "endpoint": "http://127.0.0.1:\#(port)", "calls": \#(Self.calls)}"#
    let run = try PythonProcess.run(
      [RepositoryPaths.root.appendingPathComponent("scripts/fcm_serve_client.py").path],
      input: Data(input.utf8))
    try #require(run.status == 0, "\(run.error)")
    let results = try #require(
      JSONSerialization.jsonObject(with: run.output) as? [[String: Any]], "\(run.error)")
    func result(_ name: String) -> [String: Any] {
      results.first { $0["name"] as? String == name } ?? [:]
    }
    #expect((result("send")["ok"] as? String)?.hasPrefix("projects/pushc-test/messages/0:") == true)
    #expect(result("dry run")["ok"] as? String == "projects/pushc-test/messages/fake_message_id")
    #expect(result("unregistered")["error"] as? String == "UnregisteredError")
    #expect(result("sender")["error"] as? String == "SenderIdMismatchError")
    #expect(result("quota")["error"] as? String == "QuotaExceededError")
    #expect(result("invalid")["error"] as? String == "InvalidArgumentError")
    #expect(
      (result("invalid")["message"] as? String)?.contains("'apns-priority' must be 10, 5 or 1")
        == true)
    #expect(result("unavailable")["error"] as? String == "UnavailableError")
    #expect(result("retried")["ok"] is String, "two INTERNAL answers, then the SDK's retry passes")
    #expect(result("third party")["error"] as? String == "ThirdPartyAuthError")
    let each = try #require(result("each")["ok"] as? [[String: Any]])
    #expect(each.count == 2)
    #expect(each.first?["ok"] is String)
    #expect(each.last?["error"] as? String == "UnregisteredError")
    let subscribe = try #require(result("subscribe")["ok"] as? [String: Any])
    #expect(subscribe["success"] as? Int == 2)
    #expect(subscribe["failure"] as? Int == 1)
    #expect(result("topic")["ok"] is String)
    #expect(result("condition")["ok"] is String)

    // The record: one line per HTTP request (every retry too) and per forwarded APNs request.
    let lines = (directory.read("record.jsonl") ?? "").split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    func fcm(_ line: [String: Any]) -> [String: Any] { line["fcm"] as? [String: Any] ?? [:] }
    func target(_ line: [String: Any]) -> [String: String] {
      fcm(line)["target"] as? [String: String] ?? [:]
    }
    let sends = lines.filter { ($0["path"] as? String)?.hasSuffix("/messages:send") == true }
    #expect(sends.filter { target($0)["token"] == "down-token" }.count == 5, "4 retries of 503")
    #expect(sends.filter { target($0)["token"] == "busy-token" }.count == 5, "Retry-After retries")
    #expect(sends.filter { target($0)["token"] == "flaky-token" }.count == 3)
    #expect(lines.contains { $0["path"] as? String == "/token" })

    let first = try #require(sends.first)
    let delivery = try #require((fcm(first)["deliveries"] as? [[String: Any]])?.first)
    let apns = try #require(delivery["apns"] as? [String: Any])
    #expect(apns["device_token"] as? String == Self.apnsToken)
    let headers = try #require(apns["headers"] as? [String: String])
    #expect(headers["apns-topic"] == "kr.ac.konkuk.kuring")
    #expect(headers["apns-push-type"] == "alert")
    let payload = try #require(apns["payload"] as? [String: Any])
    let aps = try #require(payload["aps"] as? [String: Any])
    let alert = try #require(aps["alert"] as? [String: String])
    #expect(alert == ["title": "New notice", "body": "Library hours"])
    #expect(payload["notice_id"] as? String == "42")
    #expect((delivery["forwarded"] as? [String: Any])?["status"] as? Int == 200)
    let forwarded = lines.filter { $0["path"] as? String == "/3/device/\(Self.apnsToken)" }
    #expect(forwarded.count == 3, "the token message, the topic and the condition message")
    #expect(forwarded.first?["connection"] as? Int == 0)

    let topic = try #require(sends.first { target($0)["topic"] == "notices" })
    let reached = (fcm(topic)["deliveries"] as? [[String: Any]])?.compactMap {
      $0["token"] as? String
    }
    #expect(reached == ["ios-token-1", "ios-token-2"])
    let topicDeliveries = fcm(topic)["deliveries"] as? [[String: Any]] ?? []
    let otherHeaders =
      (topicDeliveries.last?["apns"] as? [String: Any])?["headers"] as? [String: String]
    #expect(otherHeaders?["apns-topic"] == "com.example.other")
    let condition = try #require(sends.first { target($0)["condition"] != nil })
    let conditionReached = (fcm(condition)["deliveries"] as? [[String: Any]])?.compactMap {
      $0["token"] as? String
    }
    #expect(conditionReached == ["ios-token-1"], "ios-token-2 was unsubscribed")

    // Without an access token, Google's 401.
    let unauthenticated = try CurlClient.send(
      "http://127.0.0.1:\(port)/v1/projects/pushc-test/messages:send",
      headers: ["content-type: application/json"],
      body: Array(#"{"message":{"token":"ios-token-1"}}"#.utf8), options: [])
    #expect(unauthenticated.status == 401)
    #expect(unauthenticated.body.contains(#""status":"UNAUTHENTICATED""#))
  }

  @Test func rulesFileWithErrorsIsReportedAndTheServerDoesNotStart() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rulesPath = try directory.write(
      """
      tokens:
        ios-token-1: {platform: ios, bundle_id: com.example.app}
      fcm:
        faults:
          - {eror: UNAVAILABLE}
      """, to: "rules.yaml")
    let result = try PushcProcess.run(["serve", "--port", "0", "--rules", rulesPath])
    #expect(result.status == 78)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("unknown key 'eror' in 'fcm.faults[0]'; did you mean 'error'?"))
    #expect(result.error.contains("'tokens.ios-token-1.apns_token' is missing"))
    #expect(result.error.contains("rules.yaml:2:"))
  }
}
