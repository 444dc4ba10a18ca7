import PushDiagnostics

extension DiagnosticDomain {
  /// The `.pushc.yaml` configuration file and the suppressions, declared in
  /// `DiagnosticID+Config.swift`. Add each new identifier here too.
  static let config = DiagnosticDomain(
    "config",
    documentationFile: "Config.md",
    diagnostics: [
      .configExcludedInput,
      .configInvalidValue,
      .configMalformedSuppression,
      .configUnknownKey,
      .configUnknownRule,
      .configUnusedSuppression,
    ]
  )
}
