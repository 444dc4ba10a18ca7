import Foundation
import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// One input in `samples/fmt/` and its goldens.
///
/// `<stem>.<ext>` is formatted with `pushc fmt samples/fmt/<stem>.<ext>`; standard output must
/// equal `<stem>.fmt.json` (`<stem>.fmt.ndjson` when the output is NDJSON) and standard error
/// `<stem>.diagnostics.txt`. A missing golden means the stream must be empty. The exit code must
/// be 1 when the diagnostics golden has an error and 0 otherwise.
struct FmtSample: CustomTestStringConvertible, Sendable {
  /// The input's file name.
  let name: String

  var testDescription: String { name }

  /// The input extensions the samples folder may hold.
  static let inputExtensions: Set<String> = ["json", "ndjson", "jsonl", "yaml", "yml"]

  /// The folder.
  static var folder: URL { RepositoryPaths.samples.appendingPathComponent("fmt") }

  /// Every input in the folder, goldens excluded.
  static var all: [FmtSample] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted()
      .filter { !$0.contains(".fmt.") && inputExtensions.contains(fileExtension(of: $0)) }
      .map(FmtSample.init(name:))
  }

  static func fileExtension(of name: String) -> String {
    name.split(separator: ".").last.map { String($0).lowercased() } ?? ""
  }

  /// The name without its extension.
  var stem: String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[..<dot])
  }

  /// The path given to pushc, relative to the repository root.
  var argument: String { "samples/fmt/\(name)" }

  /// The goldens that may hold standard output.
  var outputGoldens: [URL] {
    ["json", "ndjson"].map { Self.folder.appendingPathComponent("\(stem).fmt.\($0)") }
  }

  /// The golden for standard error.
  var diagnosticsGolden: URL { Self.folder.appendingPathComponent("\(stem).diagnostics.txt") }

  /// The golden for standard output that exists, if any.
  var existingOutputGolden: URL? {
    outputGoldens.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The golden standard output should be recorded in: NDJSON for sequence inputs and for
  /// inputs with several documents.
  func outputGolden() throws -> URL {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    let parsed = SourceLoader().load(SourceFile(name: name, bytes: bytes))
    let isSequence = parsed.format == .jsonSequence || parsed.documents.count > 1
    return outputGoldens[isSequence ? 1 : 0]
  }
}

/// Golden tests for `pushc fmt` over `samples/fmt/`. `RECORD_GOLDENS=1 swift test` rewrites the
/// goldens and still fails, so a missing golden can never pass.
@Suite struct FmtSamplesTests {
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  @Test func theFolderHasSamples() {
    let names = FmtSample.all.map(\.name)
    #expect(names.count >= 5, "\(names)")
    #expect(names.contains { !$0.hasSuffix(".json") }, "no NDJSON or YAML sample")
  }

  @Test func stemsAreUnique() {
    let stems = FmtSample.all.map(\.stem)
    #expect(Set(stems).count == stems.count, "two inputs would share goldens: \(stems)")
  }

  @Test(arguments: FmtSample.all)
  func sample(_ sample: FmtSample) throws {
    let result = try PushcProcess.run(["fmt", sample.argument])
    if Self.isRecording {
      try record(result, for: sample)
      return
    }
    let expectedOutput =
      try sample.existingOutputGolden.map { try String(contentsOf: $0, encoding: .utf8) } ?? ""
    let expectedErrors =
      (try? String(contentsOf: sample.diagnosticsGolden, encoding: .utf8)) ?? ""
    expectSameText(result.output, expectedOutput, "standard output of \(sample.name)")
    expectSameText(result.error, expectedErrors, "standard error of \(sample.name)")
    #expect(result.status == (expectedErrors.contains(": error: ") ? 1 : 0), "\(result)")
    if let golden = sample.existingOutputGolden {
      #expect(golden == (try sample.outputGolden()), "output golden has the wrong extension")
    }
  }

  /// Every output golden is a fixed point: formatting it again changes nothing.
  @Test(arguments: FmtSample.all)
  func goldenIsCanonical(_ sample: FmtSample) throws {
    guard let golden = sample.existingOutputGolden else { return }
    let result = try PushcProcess.run(["fmt", "--check", "samples/fmt/\(golden.lastPathComponent)"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.isEmpty && result.error.isEmpty, "\(result)")
  }

  private func record(_ result: PushcProcess.Result, for sample: FmtSample) throws {
    for url in sample.outputGoldens + [sample.diagnosticsGolden] {
      try? FileManager.default.removeItem(at: url)
    }
    if !result.outputBytes.isEmpty {
      try Data(result.outputBytes).write(to: try sample.outputGolden())
    }
    if !result.error.isEmpty {
      try Data(result.error.utf8).write(to: sample.diagnosticsGolden)
    }
    Issue.record("recorded the goldens of \(sample.name); run again without RECORD_GOLDENS")
  }
}
