import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

// BEGIN Serve.md example
@Test func senderRetriesAfterServiceUnavailable() throws {
  let deviceToken = String(repeating: "ab", count: 32)
  // The first push to the device is answered 503 ServiceUnavailable; the rules are a value.
  var rules = ServerRules()
  rules.apns.faults = [
    ServerRules.Fault(token: deviceToken, reason: "ServiceUnavailable", trigger: .times(1))
  ]
  let server = try PushServer(configuration: .init(tls: .disabled, rules: rules))  // port 0
  try server.start()
  defer { server.stop() }

  // A provider token of the right shape (without --apns-key, signatures are not verified).
  func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
  let jwt =
    base64URL(#"{"alg":"ES256","kid":"ABC123DEFG"}"#) + "."
    + base64URL(#"{"iss":"DEF123GHIJ","iat":\#(Int(Date().timeIntervalSince1970))}"#) + ".c2ln"

  // The sender under test sends twice; here it is curl over h2c (pushc's CurlClient).
  for _ in 0..<2 {
    _ = try CurlClient.send(
      "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)",
      headers: [
        "authorization: bearer \(jwt)", "apns-topic: com.example.app", "apns-push-type: alert",
      ],
      body: Array(#"{"aps":{"alert":"Hello"}}"#.utf8), options: ["--http2-prior-knowledge"])
  }

  let requests = server.requests
  #expect(requests.map(\.status) == [503, 200])
  #expect(requests[0].reason == "ServiceUnavailable")
  #expect(requests[0].rule == "/apns/faults/0")
  #expect(requests[1].header("apns-topic") == "com.example.app")
  #expect(requests[1].diagnostics.isEmpty)
}
// END Serve.md example

/// The in-process example of Documentation/Serve.md is the test above, as written.
@Suite struct SwiftAPIExampleTests {
  @Test func theDocumentationShowsTheTestAsWritten() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let begin = try #require(source.range(of: "// BEGIN Serve.md example\n"))
    let end = try #require(source.range(of: "// END Serve.md example"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    let documentation = try String(
      contentsOf: RepositoryPaths.documentation.appendingPathComponent("Serve.md"),
      encoding: .utf8)
    let marker = "<!-- Tests/PushServerTests/SwiftAPIExampleTests.swift -->\n```swift\n"
    let start = try #require(documentation.range(of: marker), "Serve.md has no tested example")
    let rest = documentation[start.upperBound...]
    let close = try #require(rest.range(of: "```\n"))
    #expect(String(rest[..<close.lowerBound]) == example)
  }
}
