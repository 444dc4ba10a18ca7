public import PushDiagnostics

// The identifiers of the Input diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+Input.swift` use them.
extension DiagnosticID {
  /// The first document of an input looks like none of the kinds pushc reads, and no kind was
  /// given.
  public static var inputUnknownKind: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// Telling what an input is: an FCM message, an APNs payload, an APNs request document or a
  /// Simulator file.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let input = DiagnosticDomain(
    "input",
    documentationFile: "Input.md",
    diagnostics: [
      .inputUnknownKind
    ]
  )
}
