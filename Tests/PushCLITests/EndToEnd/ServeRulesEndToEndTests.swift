import Foundation
import Testing
import _PushPayloadTestSupport

/// `pushc serve --rules FILE`: the sample rules file scripts the answers; a file with errors
/// is reported as `pushc lint` reports and nothing is served.
@Suite struct ServeRulesEndToEndTests {
  @Test func theSampleRulesFileScriptsTheAnswers() throws {
    try #require(CurlClient.isAvailable, "this test needs /usr/bin/curl")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sample = RepositoryPaths.samples.appendingPathComponent("serve/rules.yaml").path
    let serve = try ServeEndToEndTests.ServeProcess(
      ["--port", "0", "--rules", sample], directory: directory)
    var status: Int32?
    defer { if status == nil { status = serve.terminate() } }
    let line = try serve.startLine()
    let match = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)\s/), "\(line)")
    let base = "http://127.0.0.1:\(match.1)"

    let rules = try CurlClient.send("\(base)/_pushc/rules", options: ["--http1.1"])
    #expect(rules.status == 200)
    #expect(rules.body.contains(#""seed":42"#))
    #expect(rules.body.contains(#""reason":"TooManyRequests","probability":0.25"#))

    let gone = String(repeating: "0", count: 61) + "410"
    let headers = [
      "authorization: bearer \(unverifiedProviderToken())", "apns-push-type: alert",
      "apns-topic: com.example.app",
    ]
    let response = try CurlClient.send(
      "\(base)/3/device/\(gone)", headers: headers,
      body: Array(#"{"aps":{"alert":"hi"}}"#.utf8), options: ["--http2-prior-knowledge"])
    #expect(response.status == 410)
    #expect(response.body == #"{"reason":"Unregistered","timestamp":1796040000000}"#)

    status = serve.terminate()
    #expect(status == 0, "stderr: \(directory.read("stderr") ?? "")")
  }

  struct BadFile: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var expected: [String]
    var testDescription: String { name }
  }

  @Test(arguments: [
    BadFile(
      name: "rules.yaml",
      text: "apns:\n  latency: 5\n  faults:\n    - reason: ServiceUnavailable\n      status: 500\n",
      expected: [
        "rules.yaml:2:3: error: unknown key 'latency' in 'apns'; did you mean 'latency_ms'? [serveUnknownKey]",
        "rules.yaml:5:15: error: APNs answers 'ServiceUnavailable' with status 503, not 500 [serveReasonStatusMismatch]",
      ]),
    BadFile(
      name: "rules.json",
      text: #"{"apns": {"faults": [{"reason": "Shutdown", "probability": 2}]}}"#,
      expected: [
        "rules.json:1:60: error: 'probability' is 2; it must be between 0 and 1 [serveValueOutOfRange]"
      ]),
  ])
  func aRulesFileWithErrorsIsReportedAndNothingIsServed(_ bad: BadFile) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write(bad.text, to: bad.name)
    let result = try PushcProcess.run(
      ["serve", "--port", "0", "--rules", bad.name], directory: directory.url)
    #expect(result.status == 78, "\(result)")
    #expect(result.output.isEmpty)
    for line in bad.expected {
      #expect(result.error.contains(line + "\n"), "\(result.error)")
    }
  }

  @Test func anUnreadableRulesFileIsExit66() throws {
    let result = try PushcProcess.run([
      "serve", "--port", "0", "--rules", "/nonexistent/rules.yaml",
    ])
    #expect(result.status == 66)
    #expect(
      result.error
        == "pushc: error: cannot read '/nonexistent/rules.yaml': no such file or directory\n")
    #expect(result.output.isEmpty)
  }
}
