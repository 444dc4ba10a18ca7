import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// HTTP/2 as APNs speaks it, frame by frame, with Python's `h2` over h2c: the stream limit
/// before and after a valid provider token, GOAWAY with a JSON reason, and frames that must
/// not take the server down.
@Suite struct HTTP2FrameTests {
  @Test func theClientIsAvailableUnderCI() {
    if PythonProcess.isCI {
      #expect(
        H2FrameClient.isAvailable,
        "CI must install h2 for the frame-level tests: 'python3 -m pip install h2'")
    }
  }

  /// Runs `scenario` against a fresh cleartext server.
  private func run(
    _ scenario: String,
    _ configuration: PushServer.Configuration = PushServer.Configuration(tls: .disabled),
    _ check: ([String: Any], PushServer) throws -> Void
  ) throws {
    try withServer(configuration) { server in
      let result = try H2FrameClient.run(scenario, port: server.port, token: providerToken())
      try check(result, server)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func oneStreamUntilTheFirstValidTokenThenAThousand() throws {
    try run("stream_limit") { result, _ in
      #expect(result["settings"] as? [Int] == [1, 1000])
      #expect((result["first"] as? [String: Any])?["status"] as? Int == 200)
      let concurrent = try #require(result["concurrent"] as? [[String: Any]])
      #expect(concurrent.count == 5)
      #expect(concurrent.allSatisfy { $0["status"] as? Int == 200 })
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func aFirstRequestForTheFCMSideLiftsTheLimitToo() throws {
    try run("fcm_stream_limit") { result, _ in
      #expect(result["settings"] as? [Int] == [1, 1000])
      // FCM's answer to a request without an access token; the limit is lifted all the same.
      #expect((result["first"] as? [String: Any])?["status"] as? Int == 401)
    }
  }

  /// The hosts-file route of the Admin SDKs with a built-in host (Node, Java, .NET) reaches the
  /// server under Google's names: no one-stream start there (a client that honours the first
  /// SETTINGS sends its whole burst at once); under Apple's names the start is APNs' one stream.
  @Test(
    .enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI),
    arguments: [("fcm.googleapis.com", [1000]), ("api.push.apple.com", [1, 1000])])
  func theStreamLimitAtTheStartFollowsTheHostName(host: String, settings: [Int]) throws {
    try withServer(PushServer.Configuration()) { server in
      let caFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("pushc-ca-\(UUID().uuidString).pem").path
      try Data(try #require(server.caCertificatePEM).utf8).write(to: URL(fileURLWithPath: caFile))
      defer { try? FileManager.default.removeItem(atPath: caFile) }
      let result = try H2FrameClient.run(
        "burst_at_start", port: server.port, token: providerToken(),
        tls: (caFile: caFile, serverName: host))
      #expect(result["settings"] as? [Int] == settings)
      // FCM's answer to a request without an access token, to each.
      let burst = try #require(result["burst"] as? [[String: Any]])
      #expect(burst.map { $0["status"] as? Int } == Array(repeating: 401, count: 5))
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func aSecondStreamBeforeAValidTokenIsRefused() throws {
    try run("exceed_limit") { result, _ in
      let first = try #require(result["first"] as? [String: Any])
      #expect(first["status"] as? Int == 403)
      #expect(first["body"] as? String == #"{"reason":"MissingProviderToken"}"#)
      // REFUSED_STREAM (7): the client may retry it.
      #expect((result["second"] as? [String: Any])?["reset"] as? Int == 7)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func repeatedHeaderFieldsAreDuplicateHeaders() throws {
    try run("duplicate_headers") { result, server in
      let response = try #require(result["response"] as? [String: Any])
      #expect(response["status"] as? Int == 400)
      #expect(response["body"] as? String == #"{"reason":"DuplicateHeaders"}"#)
      #expect(server.requests.last?.headers.filter { $0.name == "apns-topic" }.count == 2)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func anOversizedHeaderBlockResetsTheStreamOnly() throws {
    try run("oversized_headers") { result, server in
      // INTERNAL_ERROR (2) on that stream; the connection stays open.
      #expect((result["response"] as? [String: Any])?["reset"] as? Int == 2)
      #expect(result["goaway"] is NSNull)
      #expect(result["closed"] as? Bool == false)
      #expect(server.requests.isEmpty)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func aStreamResetMidBodyIsDroppedAndTheConnectionGoesOn() throws {
    try run("reset_mid_body") { result, server in
      #expect((result["after"] as? [String: Any])?["status"] as? Int == 200)
      #expect(server.requests.count == 1)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func aMalformedFrameEndsThatConnectionOnly() throws {
    try run("malformed_frame") { result, _ in
      let goaway = try #require(result["goaway"] as? [String: Any])
      #expect(goaway["error"] as? Int == 6)  // FRAME_SIZE_ERROR
      #expect(result["closed"] as? Bool == true)
      #expect((result["other"] as? [String: Any])?["status"] as? Int == 200)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func aClientVanishingMidStreamLeavesNothingBehind() throws {
    try run("vanish") { result, server in
      #expect((result["other"] as? [String: Any])?["status"] as? Int == 200)
      #expect(server.requests.count == 1)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func anIdleConnectionGetsGoAwayIdleTimeout() throws {
    try run("idle", PushServer.Configuration(tls: .disabled, idleTimeout: 0.5)) { result, _ in
      #expect((result["response"] as? [String: Any])?["status"] as? Int == 200)
      let goaway = try #require(result["goaway"] as? [String: Any])
      #expect(goaway["error"] as? Int == 0)
      #expect(goaway["data"] as? String == #"{"reason":"IdleTimeout"}"#)
      #expect(result["closed"] as? Bool == true)
    }
  }

  @Test(.enabled(if: H2FrameClient.isAvailable || PythonProcess.isCI))
  func stoppingSendsGoAwayShutdown() throws {
    try #require(CurlClient.isAvailable)
    let server = try PushServer(configuration: PushServer.Configuration(tls: .disabled))
    try server.start()
    let port = server.port
    let token = providerToken()
    let outcome = OutcomeBox()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      outcome.result = Result { try H2FrameClient.run("shutdown", port: port, token: token) }
      finished.signal()
    }
    // Bounded: the client's request is recorded within seconds.
    let deadline = Date().addingTimeInterval(10)
    while server.requests.isEmpty && Date() < deadline { usleep(20_000) }
    server.stop()
    #expect(finished.wait(timeout: .now() + 20) == .success)
    let result = try #require(try outcome.result?.get())
    let goaway = try #require(result["goaway"] as? [String: Any])
    #expect(goaway["error"] as? Int == 0)
    #expect(goaway["data"] as? String == #"{"reason":"Shutdown"}"#)
  }

  /// The client's result, filled by another thread.
  private final class OutcomeBox: @unchecked Sendable {
    var result: Result<[String: Any], any Error>?
  }
}
