import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Every raw APNs sample in `samples/lint-apns/` is read, checked and its diagnostics rendered
/// as text; the result must equal `<name>.diagnostics.txt` next to it. `RECORD_GOLDENS=1`
/// rewrites the goldens and still fails, so a missing golden never passes.
///
/// Samples named `*-valid.*` must have no diagnostics at all, and `*-invalid.*` at least one
/// error, so a wrong golden cannot hide a broken check.
@Suite struct APNSLintSamplesTests {
  static let folder = RepositoryPaths.samples.appendingPathComponent("lint-apns")

  static func sampleNames() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".apns") }.sorted()
  }

  /// The rendered diagnostics of one sample, as `pushc lint` would print them without colour.
  static func render(_ name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    let bytes = Array(try Data(contentsOf: url))
    let file = SourceFile(name: name, bytes: bytes)
    let parsed = JSONReader.read(file)
    let read = APNSInputReader().read(parsed)
    var diagnostics = parsed.diagnostics + read.diagnostics
    for definition in read.definitions {
      diagnostics += definition.diagnostics
      var collector = DiagnosticCollector(file: file)
      APNSRequestChecker(options: definition.checkerOptions).check(
        definition.request, collector: &collector)
      diagnostics += collector.diagnostics
    }
    // Columns count Unicode scalars, as in pushc's reports.
    return TextDiagnosticRenderer(usesColor: false).render(
      diagnostics.convertingColumns(to: .unicodeScalars, in: file).sortedForPresentation())
  }

  @Test func thereAreSamples() {
    #expect(Self.sampleNames().count >= 20)
  }

  @Test(arguments: sampleNames())
  func sampleMatchesItsGolden(name: String) throws {
    let rendered = try Self.render(name)
    let stem = name.split(separator: ".").dropLast().joined(separator: ".")
    if stem.hasSuffix("-valid") {
      #expect(rendered.isEmpty, "a valid sample has diagnostics:\n\(rendered)")
    }
    if stem.hasSuffix("-invalid") {
      #expect(rendered.contains(": error: "), "an invalid sample has no error")
    }
    let golden = Self.folder.appendingPathComponent("\(stem).diagnostics.txt")
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
      try rendered.write(to: golden, atomically: true, encoding: .utf8)
      Issue.record("recorded \(golden.lastPathComponent); run again without RECORD_GOLDENS")
      return
    }
    guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
      Issue.record("missing golden \(golden.lastPathComponent); run with RECORD_GOLDENS=1")
      return
    }
    if rendered != expected {
      let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      var diff: [String] = []
      for index in 0..<max(renderedLines.count, expectedLines.count) {
        let actual = index < renderedLines.count ? String(renderedLines[index]) : "<none>"
        let wanted = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
        if actual != wanted { diff.append("line \(index + 1):\n- \(wanted)\n+ \(actual)") }
      }
      Issue.record("\(name) differs from its golden:\n\(diff.joined(separator: "\n"))")
    }
  }
}
