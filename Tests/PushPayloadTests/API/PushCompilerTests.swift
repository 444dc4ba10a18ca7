import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct PushCompilerTests {
  /// Every diagnostic of a message is reported once, and the file's own diagnostics (here a
  /// duplicate key warning of the reader) are kept besides the message's.
  @Test func inputAndMessageDiagnosticsAreEachReportedOnce() {
    let file = SourceFile(
      name: "m.json",
      text: #"{"token": "t", "token": "u", "data": {"from": "x"}}"#)
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let compilation = PushCompiler(options: .init(lowering: .init(now: 0))).compile(parsed)
    let ids = compilation.diagnostics.map(\.id)
    #expect(ids.filter { $0 == .fcmReservedDataKey }.count == 1)
    #expect(ids.filter { $0 == .jsonDuplicateKey }.count == 1)
  }

  /// Separating the file's diagnostics from the messages' is linear: it used to search every
  /// message's diagnostics for each diagnostic, hours for this input.
  @Test(.timeLimit(.minutes(1))) func manyDiagnosticsAreSeparatedInLinearTime() {
    let count = 40_000
    let members = (0..<count).map { #""google.k\#($0)": "v""# }.joined(separator: ",")
    let text = #"{"token": "t", "data": {"# + members + "}}"
    let parsed = JSONReader.read(SourceFile(name: "big.json", text: text))
    let compilation = PushCompiler(options: .init(lowering: .init(now: 0))).compile(parsed)
    #expect(compilation.diagnostics.filter { $0.id == .fcmReservedDataKey }.count == count)
  }
}
