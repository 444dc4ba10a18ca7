import Foundation
import PushDiagnostics
import Testing
import _PushPayloadTestSupport

/// The shared test helpers must be able to fail: a spec compares whole messages, and a golden
/// compares, records and treats missing files as the suite says.
@Suite struct TestSupportTests {
  static let source = MarkedSource("{1️⃣\"a\": 1}")

  static func diagnostic(_ message: String) -> Diagnostic {
    var collector = DiagnosticCollector(file: SourceFile(name: "x.json", text: source.text))
    collector.emit(
      DiagnosticMessage(id: .sampleSpec, severity: .error, text: message),
      at: SourceSpan(start: source["1️⃣"] ?? 0, end: (source["1️⃣"] ?? 0) + 3)
    )
    return collector.diagnostics[0]
  }

  @Test func specMatchesTheWholeMessage() {
    expectDiagnostics(
      [Self.diagnostic("key 'a' is wrong")],
      [DiagnosticSpec("1️⃣", id: .sampleSpec, severity: .error, message: "key 'a' is wrong")],
      in: Self.source
    )
  }

  @Test func specRejectsAPartOfTheMessage() {
    withKnownIssue {
      expectDiagnostics(
        [Self.diagnostic("key 'a' is wrong")],
        [DiagnosticSpec("1️⃣", id: .sampleSpec, message: "'a'")],
        in: Self.source
      )
    }
  }

  @Test func goldenAbsenceAndRecording() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-golden-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("a.json")
    let ndjson = folder.appendingPathComponent("a.ndjson")

    let optional = GoldenFile(oneOf: [json, ndjson], recordingAt: ndjson, absence: .meansEmpty)
    #expect(try optional.expectedText() == "")
    #expect(try GoldenFile(json).expectedText() == nil)

    try Data("old".utf8).write(to: json)
    try optional.record("new")
    #expect(!FileManager.default.fileExists(atPath: json.path))
    #expect(try optional.expectedText() == "new")

    try optional.record("")
    #expect(!FileManager.default.fileExists(atPath: ndjson.path))
    try GoldenFile(json).record("")
    #expect(try String(contentsOf: json, encoding: .utf8) == "")
  }

  @Test func goldenMismatchAndMissingGoldenFail() throws {
    guard !GoldenFile.isRecording else { return }
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-missing-\(UUID().uuidString).txt")
    withKnownIssue {
      try expectGolden("text", GoldenFile(missing), "a missing golden")
    }
    try Data("expected\n".utf8).write(to: missing)
    defer { try? FileManager.default.removeItem(at: missing) }
    withKnownIssue {
      try expectGolden("actual\n", GoldenFile(missing), "a different golden")
    }
    try expectGolden("expected\n", GoldenFile(missing), "an equal golden")
  }
}

extension DiagnosticID {
  fileprivate static var sampleSpec: Self { Self(memberName: #function) }
}
