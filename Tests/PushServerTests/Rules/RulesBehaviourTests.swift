import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// What the rules do to the answers, end to end with curl over h2c and HTTP/1.1 (nghttp for
/// several streams on one HTTP/2 connection).
@Suite struct RulesBehaviourTests {
  /// The protocols each behaviour is checked over.
  static let protocols: [[String]] = [["--http2-prior-knowledge"], ["--http1.1"]]

  /// The token of the `index`th test device.
  static func token(_ index: Int) -> String {
    String(repeating: "0", count: 60) + String(format: "%04d", index)
  }

  /// A server with `rules`, without TLS.
  static func configuration(_ rules: ServerRules) -> PushServer.Configuration {
    PushServer.Configuration(tls: .disabled, rules: rules)
  }

  /// Sends a valid alert push to `token`.
  static func push(
    _ server: PushServer,
    to token: String,
    headers: [String] = validHeaders(),
    body: [UInt8] = alertPayload,
    options: [String]
  ) throws -> CurlClient.Response {
    try CurlClient.send(
      "http://127.0.0.1:\(server.port)/3/device/\(token)", headers: headers, body: body,
      options: options)
  }

  @Test(arguments: protocols)
  func anUnregisteredDeviceIsAnswered410WithItsTimestamp(_ options: [String]) throws {
    var rules = ServerRules()
    rules.apns.devices = [
      Self.token(1): ServerRules.Device(unregisteredSince: 1_796_040_000.5),
      Self.token(2): ServerRules.Device(unregisteredSince: Date().timeIntervalSince1970 + 3600),
      // Tokens are compared in lower case, whatever case the rules give.
      String(repeating: "CD", count: 32): ServerRules.Device(unregisteredSince: 1_796_040_000),
    ]
    try withServer(Self.configuration(rules)) { server in
      let gone = try Self.push(server, to: Self.token(1), options: options)
      #expect(gone.status == 410)
      #expect(gone.body == #"{"reason":"Unregistered","timestamp":1796040000500}"#)
      #expect(gone.header("apns-id") != nil)
      #expect(gone.header("apns-unique-id") == nil)
      // Apple's checks come first: a bad request to the device keeps its own answer.
      let bad = try Self.push(
        server, to: Self.token(1), headers: validHeaders() + ["apns-priority: 7"],
        options: options)
      #expect(bad.body == #"{"reason":"BadPriority"}"#)
      // Unregistered from its time on, not before.
      let later = try Self.push(server, to: Self.token(2), options: options)
      #expect(later.status == 200)
      let upper = try Self.push(server, to: String(repeating: "cd", count: 32), options: options)
      #expect(upper.body == #"{"reason":"Unregistered","timestamp":1796040000000}"#)
      let recorded = server.requests.prefix(3)
      #expect(recorded.map(\.status) == [410, 400, 200])
      #expect(recorded.map(\.rule) == ["/apns/devices/\(Self.token(1))", nil, nil])
      #expect(recorded.first?.reason == "Unregistered")
    }
  }

  @Test(arguments: protocols)
  func aFaultAnswersItsTimesThenAppleAnswers(_ options: [String]) throws {
    var rules = ServerRules()
    rules.apns.faults = [
      ServerRules.Fault(
        token: Self.token(3), reason: "ServiceUnavailable", status: 503, trigger: .times(2))
    ]
    try withServer(Self.configuration(rules)) { server in
      // Each curl run is a new connection: the count is the rule's, across connections.
      let statuses = try (0..<3).map { _ in
        try Self.push(server, to: Self.token(3), options: options).status
      }
      #expect(statuses == [503, 503, 200])
      let other = try Self.push(server, to: Self.token(4), options: options)
      #expect(other.status == 200)
      let recorded = server.requests
      #expect(recorded.map(\.rule) == ["/apns/faults/0", "/apns/faults/0", nil, nil])
      #expect(recorded.first?.reason == "ServiceUnavailable")
      #expect(Set(recorded.map(\.connectionID)).count == 4)
    }
  }

  @Test func aFaultMatchesByTopicAndToken() throws {
    var rules = ServerRules()
    rules.apns.faults = [
      ServerRules.Fault(token: Self.token(5), topic: "com.example.app", reason: "Shutdown"),
      ServerRules.Fault(topic: "com.example.other", reason: "InternalServerError"),
    ]
    try withServer(Self.configuration(rules)) { server in
      let h2c = ["--http2-prior-knowledge"]
      let other = validHeaders().map {
        $0.hasPrefix("apns-topic") ? "apns-topic: com.example.other" : $0
      }
      let statuses = try [
        Self.push(server, to: Self.token(5), options: h2c),
        Self.push(server, to: Self.token(6), options: h2c),
        Self.push(server, to: Self.token(5), headers: other, options: h2c),
        Self.push(server, to: Self.token(6), headers: other, options: h2c),
      ].map(\.status)
      #expect(statuses == [503, 200, 500, 500])
      #expect(
        server.requests.map(\.reason) == [
          "Shutdown", nil, "InternalServerError", "InternalServerError",
        ])
    }
  }

  struct ReasonCase: CustomTestStringConvertible, Sendable {
    var reason: String
    var status: Int
    var testDescription: String { "\(reason) \(status)" }
  }

  @Test(arguments: [
    ReasonCase(reason: "TooManyRequests", status: 429),
    ReasonCase(reason: "ServiceUnavailable", status: 503),
    ReasonCase(reason: "Shutdown", status: 503),
    ReasonCase(reason: "InternalServerError", status: 500),
    ReasonCase(reason: "DeviceTokenNotForTopic", status: 400),
    ReasonCase(reason: "TopicDisallowed", status: 400),
    ReasonCase(reason: "Forbidden", status: 403),
    ReasonCase(reason: "BadCertificateEnvironment", status: 403),
    ReasonCase(reason: "IdleTimeout", status: 400),
  ])
  func aFaultAnswersAnyReasonWithItsStatus(_ testCase: ReasonCase) throws {
    var rules = ServerRules()
    rules.apns.faults = [ServerRules.Fault(reason: testCase.reason)]
    try withServer(Self.configuration(rules)) { server in
      for options in Self.protocols {
        let response = try Self.push(server, to: deviceToken, options: options)
        #expect(response.status == testCase.status)
        #expect(response.body == #"{"reason":"\#(testCase.reason)"}"#)
      }
    }
  }

  @Test func probabilitiesAreReproducibleWithTheSeed() throws {
    func statuses(seed: UInt64, options: [String]) throws -> [Int] {
      var rules = ServerRules()
      rules.apns.seed = seed
      rules.apns.faults = [
        ServerRules.Fault(reason: "TooManyRequests", trigger: .probability(0.5))
      ]
      var statuses: [Int] = []
      try withServer(Self.configuration(rules)) { server in
        for _ in 0..<12 {
          statuses.append(try Self.push(server, to: deviceToken, options: options).status)
        }
        #expect(server.requests.map(\.status) == statuses)
      }
      return statuses
    }
    let first = try statuses(seed: 42, options: ["--http2-prior-knowledge"])
    let second = try statuses(seed: 42, options: ["--http1.1"])
    #expect(first == second)
    #expect(first.contains(429) && first.contains(200), "\(first)")
    #expect(Set(first).isSubset(of: [200, 429]))
    let otherSeed = try statuses(seed: 7, options: ["--http1.1"])
    #expect(otherSeed != first)
  }

  @Test(arguments: protocols)
  func latencyIsAddedToEveryAPNsAnswer(_ options: [String]) throws {
    var rules = ServerRules()
    rules.apns.latencyMilliseconds = 300
    try withServer(Self.configuration(rules)) { server in
      for headers in [validHeaders(), validHeaders() + ["apns-priority: 7"]] {
        let start = Date()
        let response = try Self.push(server, to: deviceToken, headers: headers, options: options)
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(response.status == 200 || response.status == 400)
      }
    }
  }

  @Test func latencyDoesNotHoldUpOtherConnections() throws {
    var rules = ServerRules()
    rules.apns.latencyMilliseconds = 3000
    try withServer(Self.configuration(rules)) { server in
      let finished = LockedFlag()
      let done = DispatchSemaphore(value: 0)
      let port = server.port
      Thread.detachNewThread {
        _ = try? CurlClient.send(
          "http://127.0.0.1:\(port)/3/device/\(deviceToken)", headers: validHeaders(),
          body: alertPayload, options: ["--http2-prior-knowledge"])
        finished.set()
        done.signal()
      }
      // The request is recorded when it arrives, before its answer is due.
      for _ in 0..<1000 where server.requests.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
      try #require(server.requests.count == 1)
      let health = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/health", options: ["--http1.1"])
      #expect(health.status == 200)
      // Without latency from now on; the first answer keeps its time.
      let replaced = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/rules", body: Array(#"{"apns": {}}"#.utf8),
        options: ["--http1.1"])
      #expect(replaced.status == 200)
      let other = try Self.push(server, to: deviceToken, options: ["--http2-prior-knowledge"])
      #expect(other.status == 200)
      // All three were answered while the first request still waited for its answer.
      #expect(!finished.value)
      done.wait()
      #expect(finished.value)
    }
  }

  @Test func goawayAfterStreamsOnOneHTTP2Connection() throws {
    try #require(NghttpClient.isAvailable, "this test needs nghttp (Debian's nghttp2-client)")
    var rules = ServerRules()
    rules.apns.goawayAfterStreams = 2
    try withServer(Self.configuration(rules)) { server in
      let urls = (7...9).map { "http://127.0.0.1:\(server.port)/3/device/\(Self.token($0))" }
      let output = try Self.nghttpVerbose(urls)
      let goaways = output.split(separator: "\n").filter { $0.contains("last_stream_id=") }
      let received = try #require(
        output.components(separatedBy: "recv GOAWAY").dropFirst().first, "\(output)")
      let requests = server.requests
      #expect(requests.count == 2)
      #expect(Set(requests.map(\.connectionID)).count == 1)
      #expect(requests.allSatisfy { $0.status == 200 })
      // The GOAWAY names the second stream as the last one served; the third is refused.
      let statusLines = output.split(separator: "\n").filter { $0.contains(":status: 200") }
      #expect(statusLines.count == 2)
      let streamIDs = statusLines.compactMap { line in
        line.firstMatch(of: /stream_id=(\d+)/).map { Int($0.1) }
      }.compactMap { $0 }
      #expect(received.contains("last_stream_id=\(streamIDs.max() ?? -1)"), "\(goaways)")
      #expect(received.contains("NO_ERROR"))
      #expect(output.contains("REFUSED_STREAM"))
    }
  }

  @Test func anHTTP1ConnectionClosesAfterTheRequestsOfGoawayAfterStreams() throws {
    var rules = ServerRules()
    rules.apns.goawayAfterStreams = 2
    try withServer(Self.configuration(rules)) { server in
      let url = "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)"
      let lines = try Self.curlSeveral(Array(repeating: url, count: 5), options: ["--http1.1"])
      #expect(lines == ["200 1", "200 0", "200 1", "200 0", "200 1"])
      let connections = server.requests.map(\.connectionID)
      #expect(connections.count == 5)
      #expect(connections[0] == connections[1] && connections[1] != connections[2])
      #expect(connections[2] == connections[3] && connections[3] != connections[4])
    }
  }

  @Test func curlOverTLSOpensANewConnectionAfterTheGoaway() throws {
    var rules = ServerRules()
    rules.apns.goawayAfterStreams = 2
    try withServer(PushServer.Configuration(rules: rules)) { server in
      let ca = FileManager.default.temporaryDirectory
        .appendingPathComponent("pushc-ca-\(UUID().uuidString).pem").path
      try Data(try #require(server.caCertificatePEM).utf8).write(to: URL(fileURLWithPath: ca))
      defer { try? FileManager.default.removeItem(atPath: ca) }
      let url = "https://localhost:\(server.port)/3/device/\(deviceToken)"
      let lines = try Self.curlSeveral(
        Array(repeating: url, count: 3), options: ["--http2", "--cacert", ca])
      #expect(lines == ["200 1", "200 0", "200 1"])
      let requests = server.requests
      #expect(requests.map(\.transport) == [.h2, .h2, .h2])
      #expect(requests[0].connectionID == requests[1].connectionID)
      #expect(requests[1].connectionID != requests[2].connectionID)
    }
  }

  @Test(arguments: protocols)
  func theSinkAnswers200WithoutChecksAndRecords(_ options: [String]) throws {
    var rules = ServerRules()
    rules.apns.isSink = true
    rules.apns.faults = [ServerRules.Fault(reason: "Shutdown")]
    try withServer(Self.configuration(rules)) { server in
      // No authorization, a bad priority, no body: all 200 in the sink.
      let response = try Self.push(
        server, to: "not-a-token", headers: ["apns-priority: 7", "apns-id: x"], body: [],
        options: options)
      #expect(response.status == 200)
      #expect(response.body.isEmpty)
      #expect(response.header("apns-id") == "x")
      let wrongMethod = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)", method: "GET",
        options: options)
      #expect(wrongMethod.status == 405)
      let recorded = try #require(server.requests.first)
      #expect(recorded.status == 200)
      #expect(recorded.rule == "/apns/sink")
      #expect(recorded.deviceToken == "not-a-token")
      #expect(recorded.diagnostics.isEmpty)
      #expect(recorded.header("apns-priority") == "7")
      #expect(server.requests.count == 2)
    }
  }

  // MARK: - Clients

  /// Runs nghttp with every URL as a stream of one h2c connection; its verbose output.
  /// Runs nghttp on `urls`, one stream at a time until the server's SETTINGS allow more (as
  /// APNs, the server allows one stream until the first valid provider token).
  static func nghttpVerbose(_ urls: [String]) throws -> String {
    try runWithPayload("/usr/bin/nghttp") { body in
      [
        "--verbose", "--null-out", "--timeout=10", "--peer-max-concurrent-streams=1",
        "--data=" + body,
      ]
        + validHeaders().map { "--header=" + $0 } + urls
    }
  }

  /// POSTs a valid push to every URL in one curl run (which reuses its connection when it
  /// can); `"<status> <new connections>"` per URL.
  static func curlSeveral(_ urls: [String], options: [String]) throws -> [String] {
    let text = try runWithPayload("/usr/bin/curl") { body in
      var arguments =
        ["--silent", "--max-time", "10", "--write-out", "%{http_code} %{num_connects}\\n"]
        + options + ["--data-binary", "@" + body]
      for header in validHeaders() { arguments += ["--header", header] }
      for url in urls { arguments += ["--output", "/dev/null", url] }
      return arguments
    }
    return text.split(separator: "\n").map(String.init)
  }

  /// Runs `executable` with the arguments made from the path of a file holding the alert
  /// payload; its standard output.
  static func runWithPayload(
    _ executable: String, arguments: (String) -> [String]
  ) throws -> String {
    let bodyURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-body-\(UUID().uuidString)")
    try Data(alertPayload).write(to: bodyURL)
    defer { try? FileManager.default.removeItem(at: bodyURL) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments(bodyURL.path)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }
}

/// A flag one thread sets and another reads.
final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var isSet = false

  /// Sets the flag.
  func set() {
    lock.withLock { isSet = true }
  }

  /// Whether the flag is set.
  var value: Bool {
    lock.withLock { isSet }
  }
}
