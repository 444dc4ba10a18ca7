public import PushDiagnostics

extension DiagnosticDomain {
  /// The rules of `pushc serve` (`--rules FILE`, `POST /_pushc/rules`), declared in
  /// `DiagnosticID+Serve.swift`. Add each new identifier here too.
  public static let serve = DiagnosticDomain(
    "serve",
    documentationFile: "Serve.md",
    diagnostics: [
      .serveConflictingKeys,
      .serveInvalidDate,
      .serveInvalidDeviceToken,
      .serveInvalidType,
      .serveMissingKey,
      .serveReasonStatusMismatch,
      .serveUnknownKey,
      .serveUnknownReason,
      .serveUnknownStatus,
      .serveValueOutOfRange,
    ]
  )
}
