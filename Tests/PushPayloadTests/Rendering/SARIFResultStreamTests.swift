import PushDiagnostics
import PushJSON
import PushPayload
import Testing

/// The log written a result at a time, its opening last, is the log the renderer writes whole.
@Suite struct SARIFResultStreamTests {
  @Test(arguments: [0, 1, 2, 3])
  func piecesJoinedAreTheRendererBytes(count: Int) {
    let diagnostics = Array(DiagnosticJSONStreamTests.diagnostics.prefix(count))
    let renderer = SARIFRenderer(toolName: "pushc", toolVersion: "1.2.3")
    var stream = SARIFResultStream(renderer: renderer)
    var results: [UInt8] = []
    for diagnostic in diagnostics { stream.write(diagnostic, into: &results) }
    #expect(stream.count == count)
    #expect(stream.opening() + results + stream.closing() == renderer.bytes(for: diagnostics))
  }

  @Test func rulesAreListedInTheOrderTheyFirstOccur() {
    let diagnostics = [
      Diagnostic(.jsonTrailingComma(), file: "a.json"),
      Diagnostic(.apnsMissingTopic(), file: "a.json"),
      Diagnostic(.jsonTrailingComma(), file: "b.json"),
    ]
    let renderer = SARIFRenderer(toolName: "pushc", toolVersion: "1.2.3")
    var stream = SARIFResultStream(renderer: renderer)
    var results: [UInt8] = []
    for diagnostic in diagnostics { stream.write(diagnostic, into: &results) }
    let log = stream.opening() + results + stream.closing()
    #expect(log == renderer.bytes(for: diagnostics))
    let text = String(decoding: log, as: UTF8.self)
    #expect(text.contains("\"ruleIndex\": 1"))
  }
}
