import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// `GET`/`POST /_pushc/rules`, and the record and filters of the answers rules produce.
@Suite struct RulesControlTests {
  /// Sends `body` to `POST /_pushc/rules`.
  private func postRules(_ body: String, to server: PushServer) throws -> CurlClient.Response {
    try CurlClient.send(
      "http://127.0.0.1:\(server.port)/_pushc/rules", body: Array(body.utf8),
      options: ["--http1.1"])
  }

  private func getRules(_ server: PushServer) throws -> CurlClient.Response {
    try CurlClient.send(
      "http://127.0.0.1:\(server.port)/_pushc/rules", options: ["--http2-prior-knowledge"])
  }

  @Test func postReplacesTheRulesAndGetShowsThem() throws {
    try withServer { server in
      let empty = try getRules(server)
      #expect(empty.status == 200)
      #expect(
        empty.body
          == #"{"apns":{"devices":{},"faults":[],"latency_ms":0,"sink":false,"seed":0},"tokens":{},"fcm":{"faults":[]}}"#
      )
      let document = """
        {"apns": {"faults": [{"match": {"token": "\(deviceToken)"}, "reason": "Shutdown",
        "times": 1}], "goaway_after_streams": 50, "seed": 3}, "fcm": {}}
        """
      let posted = try postRules(document, to: server)
      #expect(posted.status == 200)
      let shown = try getRules(server)
      #expect(shown.body == posted.body)
      #expect(
        shown.body
          == #"{"apns":{"devices":{},"faults":[{"match":{"token":"\#(deviceToken)"},"status":503,"reason":"Shutdown","times":1}],"latency_ms":0,"goaway_after_streams":50,"sink":false,"seed":3},"tokens":{},"fcm":{"faults":[]}}"#
      )
      #expect(server.rules.apns.faults.count == 1)
      let url = "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)"
      let first = try CurlClient.send(
        url, headers: validHeaders(), body: alertPayload, options: ["--http1.1"])
      #expect(first.status == 503)
      // What GET answers is a rules document: posting it again starts the counts afresh.
      #expect(try postRules(shown.body, to: server).status == 200)
      let again = try CurlClient.send(
        url, headers: validHeaders(), body: alertPayload, options: ["--http1.1"])
      #expect(again.status == 503)
    }
  }

  @Test func postReplacesTheFCMSectionsTooAndGetShowsThem() throws {
    try withServer { server in
      let document = """
        {"tokens": {"ios-1": {"platform": "ios", "apns_token": "\(deviceToken)",
        "bundle_id": "com.example.app"}, "gone": {"unregistered": true}},
        "fcm": {"faults": [{"match": {"token": "ios-1"}, "error": "UNAVAILABLE", "times": 2,
        "retry_after_s": 5}], "latency_ms": 10}}
        """
      let posted = try postRules(document, to: server)
      #expect(posted.status == 200)
      #expect(
        posted.body
          == #"{"apns":{"devices":{},"faults":[],"latency_ms":0,"sink":false,"seed":0},"tokens":{"gone":{"unregistered":true},"ios-1":{"platform":"ios","apns_token":"\#(deviceToken)","bundle_id":"com.example.app"}},"fcm":{"faults":[{"match":{"token":"ios-1"},"error":"UNAVAILABLE","times":2,"retry_after_s":5}],"latency_ms":10}}"#
      )
      #expect(try getRules(server).body == posted.body)
      // What GET answers reads back as the same rules.
      #expect(try postRules(posted.body, to: server).body == posted.body)
      // An error in an FCM section keeps every rule in force.
      let invalid = try postRules(#"{"tokens": {"x": {"platform": "ios"}}}"#, to: server)
      #expect(invalid.status == 400)
      #expect(invalid.body.contains("fcmRulesMissingField"))
      #expect(try getRules(server).body == posted.body)
    }
  }

  @Test func anInvalidPostIs400WithTheDiagnosticsAndKeepsTheRules() throws {
    var rules = ServerRules()
    rules.apns.latencyMilliseconds = 1
    try withServer(PushServer.Configuration(tls: .disabled, rules: rules)) { server in
      let response = try postRules(
        "{\"apns\": {\n  \"faults\": [{\"reason\": \"Unavailable\"}], \"sinc\": true}}", to: server)
      #expect(response.status == 400)
      #expect(response.header("content-type") == "application/json")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
      let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
      #expect(
        diagnostics.compactMap { $0["id"] as? String } == ["serveUnknownReason", "serveUnknownKey"])
      #expect(diagnostics.first?["file"] as? String == "POST /_pushc/rules")
      #expect(diagnostics.first?["line"] as? Int == 2)
      #expect(diagnostics.first?["pointer"] as? String == "/apns/faults/0/reason")
      #expect((diagnostics.last?["message"] as? String)?.contains("did you mean 'sink'?") == true)
      #expect(server.rules == rules)

      let notJSON = try postRules("apns: {}", to: server)
      #expect(notJSON.status == 400)
      #expect(notJSON.body.contains(#""id":"json"#))
      let wrongMethod = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/rules", method: "DELETE", options: ["--http1.1"])
      #expect(wrongMethod.status == 405)
    }
  }

  @Test func faultedAnswersAreRecordedWithTheirRuleAndFilteredByReason() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-record-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var rules = ServerRules()
    let other = String(repeating: "cd", count: 32)
    rules.apns.faults = [ServerRules.Fault(token: other, reason: "TooManyRequests")]
    let configuration = PushServer.Configuration(tls: .disabled, recordPath: path, rules: rules)
    try withServer(configuration) { server in
      let base = "http://127.0.0.1:\(server.port)"
      for (token, extra) in [
        (deviceToken, [String]()), (other, []), (deviceToken, ["apns-priority: 7"]),
      ] {
        _ = try CurlClient.send(
          "\(base)/3/device/\(token)", headers: validHeaders() + extra, body: alertPayload,
          options: ["--http2-prior-knowledge"])
      }
      func listed(_ query: String) throws -> [[String: Any]] {
        let response = try CurlClient.send(
          "\(base)/_pushc/requests\(query)", options: ["--http1.1"])
        #expect(response.status == 200, "\(query): \(response)")
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8))
        return (object as? [String: Any])?["requests"] as? [[String: Any]] ?? []
      }
      let faulted = try listed("?reason=TooManyRequests")
      #expect(faulted.count == 1)
      let response = try #require(faulted.first?["response"] as? [String: Any])
      #expect(response["status"] as? Int == 429)
      #expect(response["rule"] as? String == "/apns/faults/0")
      #expect(try listed("?reason=BadPriority").count == 1)
      #expect(try listed("?status=429&token=\(other)").count == 1)
      #expect(try listed("?status=200&token=\(other)").isEmpty)
      #expect(try listed("?topic=com.example.app&reason=TooManyRequests").count == 1)
      #expect(try listed("?token=\(deviceToken)").count == 2)
      let accepted = try listed("?status=200")
      #expect(accepted.count == 1)
      #expect((accepted.first?["response"] as? [String: Any])?["rule"] == nil)
      let unknown = try CurlClient.send("\(base)/_pushc/requests?rule=x", options: ["--http1.1"])
      #expect(unknown.status == 400)
      #expect(unknown.body.contains("token, topic, status and reason"))

      let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      #expect(lines.count == 3)
      #expect(lines[1].contains(#""rule":"/apns/faults/0""#))
      #expect(!lines[0].contains(#""rule""#))
    }
  }
}
