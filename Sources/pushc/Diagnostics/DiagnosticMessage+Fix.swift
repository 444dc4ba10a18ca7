import PushDiagnostics

// The diagnostics of `lint --fix`.
extension DiagnosticMessage {
  /// `lint --fix` applied a fix-it to the file.
  static func cliFixApplied(_ fixIt: String, of diagnostic: DiagnosticID) -> Self {
    .init(.cliFixApplied, .note, "fixed \(diagnostic): \(fixIt)")
  }
}
