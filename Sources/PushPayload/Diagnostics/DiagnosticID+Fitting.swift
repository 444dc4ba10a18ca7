public import PushDiagnostics

// The identifiers of the Fitting diagnostics; each is declared once, here, and its text is the
// member's name. The entries of `DiagnosticMessage+Fitting.swift` use them. (`apnsFitImpossible`
// and `apnsFitNoTarget`, which ``PayloadFitter`` emits, are declared with the Lowering ones.)
extension DiagnosticID {
  /// ``PushFitter`` shortened a string to make the payload fit.
  ///
  /// The identifier keeps the `cli` prefix it had when `pushc fit` emitted it, because
  /// identifiers are API.
  public static var cliFitShortened: Self { Self(memberName: #function) }
}
