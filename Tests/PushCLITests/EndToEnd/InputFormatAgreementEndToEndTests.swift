import Foundation
import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

/// The same payload gets the same verdicts whether it is written as JSON, YAML or NDJSON: the
/// same identifiers, severities and messages, and the same exit code (bug 8: a missing
/// `apns-topic` was a warning in JSON and a note in YAML). YAML's one documented leniency, an
/// unquoted number in an FCM string map read as a string with a warning, is left out.
@Suite struct InputFormatAgreementEndToEndTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var yaml: String
    var options: [String] = []
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "raw payload without headers", json: #"{"aps": {"alert": "hi"}}"#,
      yaml: "aps:\n  alert: hi\n"),
    Case(
      name: "background payload with a topic",
      json: #"{"aps": {"content-available": 1}, "id": 7}"#,
      yaml: "aps:\n  content-available: 1\nid: 7\n",
      options: ["--topic", "com.example", "--push-type", "background", "--priority", "10"]),
    Case(
      name: "request document",
      json: #"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {}}}"#,
      yaml: "headers:\n  apns-push-type: alert\npayload:\n  aps: {}\n"),
    Case(
      name: "FCM message",
      json: #"{"token": "t", "notification": {"title": "x"}, "data": {"k": "1"}}"#,
      yaml: "token: t\nnotification:\n  title: x\ndata:\n  k: \"1\"\n"),
  ]

  /// `severity id message` of every diagnostic of a JSON report, sorted.
  static func verdicts(_ result: PushcProcess.Result) throws -> [String] {
    let document = try #require(
      JSONReader.read(SourceFile(name: "r", bytes: result.outputBytes)).documents.first)
    let diagnostics = try #require(document.objectValue?["diagnostics"]?.arrayValue)
    return diagnostics.compactMap { diagnostic -> String? in
      guard let object = diagnostic.objectValue else { return nil }
      let fields = ["severity", "id", "message"].map { object[$0]?.stringValue ?? "?" }
      return fields.joined(separator: " ")
    }.sorted()
  }

  @Test(arguments: cases)
  func jsonYAMLAndNDJSONAgree(_ testCase: Case) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(testCase.json, to: "p.json")
    try folder.write(testCase.yaml, to: "p.yaml")
    try folder.write(testCase.json + "\n", to: "p.ndjson")
    var results: [String: (status: Int32, verdicts: [String])] = [:]
    for name in ["p.json", "p.yaml", "p.ndjson"] {
      let result = try PushcProcess.run(
        ["lint", "--format", "json"] + testCase.options + [name], directory: folder.url)
      results[name] = (result.status, try Self.verdicts(result))
    }
    let json = try #require(results["p.json"])
    #expect(results["p.yaml"]?.status == json.status)
    #expect(results["p.yaml"]?.verdicts == json.verdicts)
    #expect(results["p.ndjson"]?.status == json.status)
    #expect(results["p.ndjson"]?.verdicts == json.verdicts)
  }

  @Test func aMissingTopicIsAWarningInEveryFormat() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("aps:\n  alert: hi\n", to: "p.yaml")
    let result = try PushcProcess.run(["lint", "p.yaml"], directory: folder.url)
    #expect(
      result.output.contains(
        "p.yaml:1:1: warning: 'apns-topic' is missing; APNs requires it unless a single-topic certificate is used [apnsMissingTopic]"
      ), "\(result)")
  }
}
