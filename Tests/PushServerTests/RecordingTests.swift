import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// The record file (one JSON line per request, flushed per request) and the control API.
@Suite struct RecordingTests {
  @Test func recordFileHasOneFlushedLinePerRequest() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-record-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try withServer(PushServer.Configuration(tls: .disabled, recordPath: path)) { server in
      let url = "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)"
      _ = try CurlClient.send(
        url, headers: validHeaders(), body: alertPayload, options: ["--http2-prior-knowledge"])
      _ = try CurlClient.send(
        url, headers: validHeaders() + ["apns-priority: 7"], body: alertPayload,
        options: ["--http1.1"])
      // Read while the server still runs: each line is flushed when its request is answered.
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let lines = text.split(separator: "\n")
      try #require(lines.count == 2)
      let first = try #require(
        try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
      #expect(first["protocol"] as? String == "h2c")
      #expect(first["path"] as? String == "/3/device/\(deviceToken)")
      #expect(first["body"] as? String == String(decoding: alertPayload, as: UTF8.self))
      #expect((first["response"] as? [String: Any])?["status"] as? Int == 200)
      #expect((first["time"] as? String)?.hasSuffix("Z") == true)
      let second = try #require(
        try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
      #expect(second["protocol"] as? String == "http/1.1")
      #expect((second["response"] as? [String: Any])?["reason"] as? String == "BadPriority")
      let diagnostics = try #require(second["diagnostics"] as? [[String: Any]])
      #expect(diagnostics.first?["id"] as? String == "apnsInvalidPriority")
      #expect(diagnostics.first?["apns_reason"] as? String == "BadPriority")
      #expect(diagnostics.first?["pointer"] as? String == "/headers/apns-priority")
      #expect((diagnostics.first?["notes"] as? [Any])?.isEmpty == true)
      let headers = try #require(second["headers"] as? [[String]])
      #expect(headers.contains(["apns-priority", "7"]))
    }
  }

  @Test func controlAPIListsFiltersAndResets() throws {
    try withServer { server in
      let base = "http://127.0.0.1:\(server.port)"
      let other = String(repeating: "cd", count: 32)
      for (token, extra) in [(deviceToken, [String]()), (other, ["apns-priority: 7"])] {
        _ = try CurlClient.send(
          "\(base)/3/device/\(token)", headers: validHeaders() + extra, body: alertPayload,
          options: ["--http2-prior-knowledge"])
      }
      let health = try CurlClient.send("\(base)/_pushc/health", options: ["--http1.1"])
      #expect(health.status == 200)
      #expect(health.body == #"{"status":"ok","requests":2}"#)

      func listed(_ query: String) throws -> [[String: Any]] {
        let response = try CurlClient.send(
          "\(base)/_pushc/requests\(query)", options: ["--http2-prior-knowledge"])
        #expect(response.status == 200)
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8))
        return (object as? [String: Any])?["requests"] as? [[String: Any]] ?? []
      }
      #expect(try listed("").count == 2)
      #expect(try listed("?status=400").count == 1)
      #expect(try listed("?token=\(other)").count == 1)
      #expect(try listed("?topic=com.example.app&status=200").count == 1)
      #expect(try listed("?topic=com.example.none").isEmpty)

      let badFilter = try CurlClient.send(
        "\(base)/_pushc/requests?colour=red", options: ["--http1.1"])
      #expect(badFilter.status == 400)
      let wrongMethod = try CurlClient.send(
        "\(base)/_pushc/reset", method: "GET", options: ["--http1.1"])
      #expect(wrongMethod.status == 405)
      let unknown = try CurlClient.send("\(base)/_pushc/nothing", options: ["--http1.1"])
      #expect(unknown.status == 404)

      let reset = try CurlClient.send(
        "\(base)/_pushc/reset", method: "POST", options: ["--http1.1"])
      #expect(reset.status == 200)
      #expect(reset.body == #"{"removed":2}"#)
      #expect(try listed("").isEmpty)
      #expect(server.requests.isEmpty)
    }
  }

  @Test func ringKeepsTheLastRequestsOnly() throws {
    try withServer(PushServer.Configuration(tls: .disabled, ringCapacity: 2)) { server in
      for index in 1...3 {
        let token = String(repeating: String(index), count: 64)
        _ = try CurlClient.send(
          "http://127.0.0.1:\(server.port)/3/device/\(token)", headers: validHeaders(),
          body: alertPayload, options: ["--http2-prior-knowledge"])
      }
      #expect(server.requests.map(\.sequence) == [2, 3])
      #expect(server.requests.last?.deviceToken == String(repeating: "3", count: 64))
    }
  }
}
