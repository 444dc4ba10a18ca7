package import Foundation
package import Testing

/// Where the expected output of a golden test is kept, and what a missing file means.
///
/// Every golden suite compares through ``expectGolden(_:_:_:sourceLocation:)``, so recording
/// works the same everywhere: `RECORD_GOLDENS=1 swift test` rewrites the goldens **and fails**,
/// as swift-argument-parser's `assertSnapshot` does, so a missing or stale golden never passes.
package struct GoldenFile: Sendable, CustomStringConvertible {
  /// What it means when no candidate file exists.
  package enum Absence: Sendable {
    /// The golden must exist; a missing file is a failure.
    case isAFailure
    /// A missing golden stands for empty output, as for a command that prints nothing on
    /// standard error. Recording empty output removes the file.
    case meansEmpty
  }

  /// The files that may hold the golden; the first that exists is compared.
  package var candidates: [URL]
  /// The file a recording writes; the other candidates are removed.
  package var recordingURL: URL
  /// What a missing golden means.
  package var absence: Absence

  /// A golden kept in one file.
  ///
  /// - Parameters:
  ///   - url: The golden file.
  ///   - absence: What it means when the file does not exist.
  package init(_ url: URL, absence: Absence = .isAFailure) {
    self.init(oneOf: [url], recordingAt: url, absence: absence)
  }

  /// A golden that may be kept in one of several files, such as `.json` for one message and
  /// `.ndjson` for several.
  ///
  /// - Parameters:
  ///   - candidates: The files that may hold the golden.
  ///   - recordingURL: The file a recording writes, usually one of `candidates`.
  ///   - absence: What it means when no candidate exists.
  package init(oneOf candidates: [URL], recordingAt recordingURL: URL, absence: Absence) {
    self.candidates = candidates
    self.recordingURL = recordingURL
    self.absence = absence
  }

  /// Whether this run records goldens instead of comparing (`RECORD_GOLDENS=1`).
  package static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  /// The candidate that exists, if any.
  package var existingURL: URL? {
    candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The expected text: the existing golden's contents, `""` for an absent golden that means
  /// empty output, or `nil` when the golden is missing.
  ///
  /// - Throws: When the golden exists but cannot be read as UTF-8.
  package func expectedText() throws -> String? {
    guard let url = existingURL else { return absence == .meansEmpty ? "" : nil }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// Replaces the golden with `text`: removes every candidate, then writes `recordingURL`
  /// unless `text` is empty and an absent golden means empty.
  ///
  /// - Throws: When a file cannot be written.
  package func record(_ text: String) throws {
    for url in candidates where FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.removeItem(at: url)
    }
    if text.isEmpty, absence == .meansEmpty { return }
    try Data(text.utf8).write(to: recordingURL)
  }

  package var description: String { recordingURL.lastPathComponent }
}

/// Compares `actual` with its golden, or records it when ``GoldenFile/isRecording``.
///
/// A mismatch shows the first differing line and the whole actual text
/// (``expectSameText(_:_:_:sourceLocation:)``). Recording always records an issue, so a run
/// that rewrote goldens fails and someone reads `git diff samples/` before the next run.
///
/// - Parameters:
///   - actual: The output to check.
///   - golden: Where the expected output is kept.
///   - what: What `actual` is, for messages ("standard output of lint/notice.fcm.json").
///   - sourceLocation: Where a failure is reported.
/// - Throws: When the golden cannot be read or written.
package func expectGolden(
  _ actual: String,
  _ golden: GoldenFile,
  _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  if GoldenFile.isRecording {
    try golden.record(actual)
    Issue.record(
      "recorded \(golden) for \(what); run again without RECORD_GOLDENS",
      sourceLocation: sourceLocation
    )
    return
  }
  guard let expected = try golden.expectedText() else {
    Issue.record(
      "\(golden) is missing for \(what); record it with RECORD_GOLDENS=1",
      sourceLocation: sourceLocation
    )
    return
  }
  expectSameText(actual, expected, what, sourceLocation: sourceLocation)
}
