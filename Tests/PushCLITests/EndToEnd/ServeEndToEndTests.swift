import Foundation
import Testing
import _PushPayloadTestSupport

/// `pushc serve` as a user runs it: the start line, a push from curl over TLS with the CA from
/// `--ca-out`, the record file, and a clean exit on SIGTERM.
@Suite struct ServeEndToEndTests {
  /// A running `pushc serve` whose standard output and error go to files.
  final class ServeProcess {
    let process = Process()
    let directory: TemporaryDirectory

    init(_ arguments: [String], directory: TemporaryDirectory) throws {
      self.directory = directory
      _ = FileManager.default.createFile(atPath: directory.path("stdout"), contents: nil)
      _ = FileManager.default.createFile(atPath: directory.path("stderr"), contents: nil)
      process.executableURL = try PushcProcess.executableURL()
      process.arguments = ["serve"] + arguments
      process.standardOutput = try FileHandle(
        forWritingTo: directory.url.appendingPathComponent("stdout"))
      process.standardError = try FileHandle(
        forWritingTo: directory.url.appendingPathComponent("stderr"))
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    /// Waits (at most ten seconds) for the start line and returns it.
    func startLine() throws -> String {
      for _ in 0..<200 {
        if let text = directory.read("stdout"), text.hasSuffix("\n") { return text }
        guard process.isRunning else { break }
        Thread.sleep(forTimeInterval: 0.05)
      }
      Issue.record("no start line; stderr: \(directory.read("stderr") ?? "")")
      return ""
    }

    /// Sends SIGTERM and waits (at most ten seconds); kills the process if it does not exit.
    func terminate() -> Int32? {
      process.terminate()
      for _ in 0..<200 where process.isRunning {
        Thread.sleep(forTimeInterval: 0.05)
      }
      guard !process.isRunning else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
      process.waitUntilExit()
      return process.terminationReason == .exit ? process.terminationStatus : nil
    }
  }

  @Test func servesOverTLSRecordsAndExitsZeroOnSIGTERM() throws {
    try #require(CurlClient.isAvailable, "this test needs /usr/bin/curl")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let serve = try ServeProcess(
      [
        "--port", "0", "--ca-out", directory.path("ca.pem"), "--record",
        directory.path("record.jsonl"),
      ],
      directory: directory)
    var status: Int32?
    defer { if status == nil { status = serve.terminate() } }
    let line = try serve.startLine()
    let pattern = /pushc serve: listening on 127\.0\.0\.1:(\d+) \(h2, h2c, http\/1\.1\)\n/
    let match = try #require(line.wholeMatch(of: pattern), "\(line)")
    let port = String(match.1)
    #expect(directory.read("ca.pem")?.hasPrefix("-----BEGIN CERTIFICATE-----") == true)

    let response = try CurlClient.send(
      "https://localhost:\(port)/3/device/\(String(repeating: "ab", count: 32))",
      headers: ["apns-push-type: alert", "apns-topic: com.example.app", "apns-priority: 7"],
      body: Array(#"{"aps":{"alert":"hi"}}"#.utf8),
      options: ["--http2", "--cacert", directory.path("ca.pem")])
    #expect(response.version == "HTTP/2")
    #expect(response.status == 400)
    #expect(response.body == #"{"reason":"BadPriority"}"#)

    status = serve.terminate()
    #expect(status == 0, "stderr: \(directory.read("stderr") ?? "")")
    let record = directory.read("record.jsonl") ?? ""
    #expect(record.split(separator: "\n").count == 1)
    #expect(record.contains(#""reason":"BadPriority""#))
    #expect(record.contains(#""protocol":"h2""#))
    #expect(directory.read("stderr")?.contains("not verified") == true)
  }

  @Test(arguments: [("development", true), ("production", false)])
  func theEnvironmentDecidesWhetherAnswersCarryAnAPNsUniqueID(
    _ environment: String, _ carriesUniqueID: Bool
  ) throws {
    try #require(CurlClient.isAvailable, "this test needs /usr/bin/curl")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let serve = try ServeProcess(
      ["--port", "0", "--environment", environment], directory: directory)
    defer { _ = serve.terminate() }
    let line = try serve.startLine()
    let match = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/), "\(line)")
    let response = try CurlClient.send(
      "http://127.0.0.1:\(match.1)/3/device/\(String(repeating: "ab", count: 32))",
      headers: [
        "authorization: bearer \(unverifiedProviderToken())",
        "apns-push-type: alert", "apns-topic: com.example.app",
      ],
      body: Array(#"{"aps":{"alert":"hi"}}"#.utf8), options: ["--http1.1"])
    #expect(response.status == 200, "\(response)")
    #expect(response.header("apns-id") != nil)
    #expect((response.header("apns-unique-id") != nil) == carriesUniqueID, "\(response)")
  }

  @Test(arguments: [
    (["--tls-cert", "cert.pem"], "--tls-cert and --tls-key go together"),
    (["--tls-key", "key.pem"], "--tls-cert and --tls-key go together"),
    (["--port", "70000"], "70000"),
    (["--apns-key", "ABC123DEFG"], "is not KEYID=TEAMID:FILE"),
    (["--apns-key", "ABC123DEFG=:key.p8"], "is not KEYID=TEAMID:FILE"),
    (["--environment", "sandbox"], "--environment must be 'development' or 'production'"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) throws {
    let result = try PushcProcess.run(["serve"] + arguments)
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result)")
    #expect(result.output.isEmpty)
  }

  @Test func unreadableCertificateIsAnErrorBeforeListening() throws {
    let result = try PushcProcess.run([
      "serve", "--port", "0", "--tls-cert", "/nonexistent/cert.pem", "--tls-key",
      "/nonexistent/key.pem",
    ])
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("pushc serve: error: cannot read the certificate chain"))
    #expect(result.output.isEmpty)
  }
}
