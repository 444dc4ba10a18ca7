import Foundation
import Testing
import _PushPayloadTestSupport

/// One FCM message sample in `samples/lint/` or `samples/compile/` and its goldens.
///
/// - `samples/lint/<stem>.fcm.<ext>`: standard output of `pushc lint` must equal
///   `<stem>.lint.txt`; the exit code is 1 exactly when the golden reports an error.
/// - `samples/compile/<stem>.fcm.<ext>`: standard output of `pushc compile --target fcm` must
///   equal `<stem>.fcm-request.json` (`.fcm-request.ndjson` when the input has several
///   messages, which pushc prints one per line), standard error `<stem>.diagnostics.txt` (none
///   means empty), and the exit code must be 0: compile samples are valid.
///
/// Every run passes `--now` so that time-based APNs checks are reproducible.
struct FCMSample: CustomTestStringConvertible, Sendable {
  enum Kind: String, Sendable {
    case lint
    case compile
  }

  let kind: Kind
  let name: String

  var testDescription: String { "\(kind.rawValue)/\(name)" }

  static let inputExtensions = ["json", "ndjson", "yaml", "yml"]

  static func folder(_ kind: Kind) -> URL {
    RepositoryPaths.samples.appendingPathComponent(kind.rawValue)
  }

  static func all(_ kind: Kind) -> [FCMSample] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(kind).path)) ?? []
    return names.sorted()
      .filter { name in inputExtensions.contains { name.hasSuffix(".fcm.\($0)") } }
      .map { FCMSample(kind: kind, name: $0) }
  }

  /// The name without `.fcm.<ext>`.
  var stem: String {
    guard let range = name.range(of: ".fcm.", options: .backwards) else { return name }
    return String(name[..<range.lowerBound])
  }

  var folder: URL { Self.folder(kind) }

  var arguments: [String] {
    let path = "samples/\(kind.rawValue)/\(name)"
    switch kind {
    case .lint: return ["lint", "--now", "1700000000", path]
    case .compile: return ["compile", "--target", "fcm", "--now", "1700000000", path]
    }
  }

  var outputGoldens: [URL] {
    switch kind {
    case .lint: [folder.appendingPathComponent("\(stem).lint.txt")]
    case .compile:
      ["json", "ndjson"].map { folder.appendingPathComponent("\(stem).fcm-request.\($0)") }
    }
  }

  var diagnosticsGolden: URL { folder.appendingPathComponent("\(stem).diagnostics.txt") }
}

/// Golden tests for `pushc lint` and `pushc compile --target fcm` over the FCM samples.
/// `RECORD_GOLDENS=1 swift test` rewrites the goldens and still fails.
@Suite struct FCMSamplesTests {
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  @Test func theFoldersHaveSamples() {
    #expect(FCMSample.all(.lint).count >= 10)
    #expect(FCMSample.all(.compile).count >= 6)
    for kind in [FCMSample.Kind.lint, .compile] {
      #expect(FCMSample.all(kind).contains { $0.name.hasSuffix(".yaml") }, "no YAML \(kind)")
      let stems = FCMSample.all(kind).map(\.stem)
      #expect(Set(stems).count == stems.count, "two inputs would share goldens: \(stems)")
    }
  }

  @Test(arguments: FCMSample.all(.lint) + FCMSample.all(.compile))
  func sample(_ sample: FCMSample) throws {
    let result = try PushcProcess.run(sample.arguments)
    if Self.isRecording {
      try record(result, for: sample)
      return
    }
    let golden = sample.outputGoldens.first { FileManager.default.fileExists(atPath: $0.path) }
    let expectedOutput = try golden.map { try String(contentsOf: $0, encoding: .utf8) } ?? ""
    let expectedErrors =
      (try? String(contentsOf: sample.diagnosticsGolden, encoding: .utf8)) ?? ""
    expectSameText(result.output, expectedOutput, "standard output of \(sample.testDescription)")
    expectSameText(result.error, expectedErrors, "standard error of \(sample.testDescription)")
    switch sample.kind {
    case .lint:
      #expect(result.status == (expectedOutput.contains(": error: ") ? 1 : 0), "\(result)")
    case .compile:
      #expect(result.status == 0, "\(result)")
      #expect(!expectedOutput.isEmpty, "a compile sample must compile")
    }
  }

  private func record(_ result: PushcProcess.Result, for sample: FCMSample) throws {
    for url in sample.outputGoldens + [sample.diagnosticsGolden] {
      try? FileManager.default.removeItem(at: url)
    }
    if !result.outputBytes.isEmpty {
      // Several messages are printed compact, one per line; a single one pretty.
      let isSequence = sample.kind == .compile && result.output.hasPrefix("{\"")
      let golden = sample.outputGoldens[isSequence ? 1 : 0]
      try Data(result.outputBytes).write(to: golden)
    }
    if !result.error.isEmpty {
      try Data(result.error.utf8).write(to: sample.diagnosticsGolden)
    }
    Issue.record(
      "recorded the goldens of \(sample.testDescription); run again without RECORD_GOLDENS")
  }
}
