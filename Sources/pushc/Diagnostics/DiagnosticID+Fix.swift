import PushDiagnostics

// The identifiers of the diagnostics of `lint --fix`; each is declared once, here, and its text
// is the member's name. The entries of `DiagnosticMessage+Fix.swift` use them.
extension DiagnosticID {
  /// `lint --fix` applied a fix-it to the file.
  static var cliFixApplied: Self { Self(memberName: #function) }
}
