import PushDiagnostics
import PushJSON
import PushPayload
import Testing

/// The SARIF log's shape, rule metadata and file URIs; the log is also validated against the
/// official schema end to end (`ReportFormatsEndToEndTests`).
@Suite struct SARIFRendererTests {
  static let renderer = SARIFRenderer(toolName: "pushc", toolVersion: "1.2.3")

  @Test func ruleMetadataComesFromTheRegistry() throws {
    let file = SourceFile(name: "m.json", text: "{\"aps\": {}}")
    let diagnostics = [
      Diagnostic(
        .apnsMissingTopic(), file: "m.json",
        range: file.range(of: SourceSpan(start: 0, end: 1))),
      Diagnostic(.apnsMissingTopic(), file: "m.json"),
      Diagnostic(.jsonTrailingComma(), file: "m.json"),
    ]
    let log = Self.renderer.document(for: diagnostics)
    let rules = try #require(log[JSONPointer("/runs/0/tool/driver/rules")!]?.arrayValue)
    #expect(rules.count == 2, "one descriptor per identifier")
    let rule = try #require(RuleRegistry.rules(emitting: .apnsMissingTopic).first)
    #expect(rules[0].objectValue?["id"]?.stringValue == "apnsMissingTopic")
    #expect(rules[0].objectValue?["name"]?.stringValue == rule.id.rawValue)
    #expect(rules[0][JSONPointer("/shortDescription/text")!]?.stringValue == rule.summary)
    #expect(rules[0].objectValue?["helpUri"]?.stringValue == rule.source)
    #expect(
      rules[1][JSONPointer("/fullDescription/text")!]?.stringValue?.contains("JSON.md") == true)
    let results = try #require(log[JSONPointer("/runs/0/results")!]?.arrayValue)
    #expect(results.map { $0.objectValue?["ruleIndex"]?.numberValue?.intValue } == [0, 0, 1])
    #expect(results[1][JSONPointer("/locations/0/physicalLocation/region")!] == nil)
    #expect(
      results[0][JSONPointer("/locations/0/physicalLocation/region/startColumn")!]?.numberValue?
        .intValue == 1)
    #expect(log[JSONPointer("/runs/0/columnKind")!]?.stringValue == "utf16CodeUnits")
  }

  @Test func pathsBecomeURIReferences() {
    #expect(SARIFRenderer.uri(forPath: "samples/lint/a.json") == "samples/lint/a.json")
    #expect(SARIFRenderer.uri(forPath: "/tmp/my file.json") == "file:///tmp/my%20file.json")
    #expect(SARIFRenderer.uri(forPath: "공지.json") == "%EA%B3%B5%EC%A7%80.json")
    #expect(SARIFRenderer.uri(forPath: "<stdin>") == "%3Cstdin%3E")
    #expect(SARIFRenderer.uri(forPath: "c:x#y?z%") == "c%3Ax%23y%3Fz%25")
  }
}
