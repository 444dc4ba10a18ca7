public import PushDiagnostics

/// A capture compared with the payload that was meant to arrive, by ``CaptureComparer``.
public struct CaptureComparison: Sendable {
  /// The capture as read, with its reading diagnostics.
  public var capture: ParsedCapture
  /// The differences, or `nil` when the capture could not be read.
  public var diff: PayloadDiff?

  /// Creates a comparison.
  package init(capture: ParsedCapture, diff: PayloadDiff?) {
    self.capture = capture
    self.diff = diff
  }

  /// The capture's reading diagnostics.
  public var diagnostics: [Diagnostic] { capture.diagnostics }

  /// Whether the push arrived as meant: the capture was read without errors and nothing but
  /// FCM's own keys differs.
  public var matches: Bool { diff.map { !$0.hasDifferences } ?? false }
}
