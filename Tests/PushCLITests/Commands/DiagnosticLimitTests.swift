import Foundation
import PushDiagnostics
import PushPayload
import Testing

@testable import pushc

/// Issue 12: the text and annotated formats show a bounded number of diagnostics per file.
@Suite struct DiagnosticLimitTests {
  static func unknownFields(_ count: Int) -> String {
    let members = (0..<count).map { "\"bogus\($0)\": \($0)" }.joined(separator: ", ")
    return #"{"message": {"topic": "news", "notification": {"title": "t"}, "# + members + "}}"
  }

  @Test(arguments: ["text", "annotated"])
  func lintShowsTheFirstDiagnosticsAndCountsTheRest(format: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.unknownFields(5), to: "m.json")
    let recorder = ConsoleRecorder()
    let code = recorder.run([
      "lint", "--format", format, "--max-diagnostics", "2", "--now", "1", path,
    ])
    #expect(code == .failure)
    let output = recorder.outputText
    #expect(output.contains("'bogus0'") && output.contains("'bogus1'"))
    #expect(!output.contains("'bogus2'"))
    #expect(
      output.contains(
        "\(path): note: 3 more diagnostics not shown after the first 2; raise the limit with "
          + "--max-diagnostics or use --format json [cliDiagnosticsOmitted]"))
    // The summary counts every diagnostic.
    #expect(output.contains(": 5 errors"))
  }

  @Test func jsonKeepsEveryDiagnostic() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.unknownFields(5), to: "m.json")
    let recorder = ConsoleRecorder()
    _ = recorder.run(["lint", "--format", "json", "--max-diagnostics", "2", "--now", "1", path])
    #expect(recorder.outputText.components(separatedBy: "fcmUnknownField").count == 6)
  }

  @Test func compileLimitsItsDiagnosticsToo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.unknownFields(4), to: "m.json")
    let recorder = ConsoleRecorder()
    _ = recorder.run(["compile", "--max-diagnostics", "1", "--now", "1", path])
    #expect(recorder.error.contains("3 more diagnostics not shown after the first 1"))
  }

  @Test func limitingKeepsShortListsAndOrdersNotesByFile() throws {
    let a = Diagnostic(id: .cliNoDocuments, severity: .warning, message: "a", file: "a")
    let b = Diagnostic(id: .cliNoDocuments, severity: .warning, message: "b", file: "b")
    func report(_ diagnostics: [Diagnostic]) throws -> [String] {
      let recorder = ConsoleRecorder()
      var writer = LintReportWriter(
        format: .text, console: recorder.console, usesColor: false,
        options: DiagnosticOptions(maximumDiagnosticsPerFile: 1), inputNames: [], lateFiles: [])
      writer.add(diagnostics.map { LintCommand.ReportEntry(diagnostic: $0, rendered: nil) })
      try writer.finish(summary: LintSummary())
      return recorder.outputText.split(separator: "\n").dropLast().map(String.init)
    }
    let short = try report([a, b])
    #expect(short == ["a: warning: a [cliNoDocuments]", "b: warning: b [cliNoDocuments]"])
    let limited = try report([a, a, b, b, b])
    #expect(limited.map { $0.prefix(2) } == ["a:", "b:", "a:", "b:"])
    #expect(limited.suffix(2).allSatisfy { $0.hasSuffix("[cliDiagnosticsOmitted]") })
  }
}
