import PushDiagnostics
import PushPayload

extension DiagnosticDomain {
  /// The `pushc` command line: files, output and `fit`, declared in `DiagnosticID+CLI.swift` and
  /// `DiagnosticID+Compile.swift`. Add each new identifier here too.
  static let cli = DiagnosticDomain(
    "cli",
    documentationFile: "CLI.md",
    diagnostics: [
      .cliCannotReadFile,
      .cliCannotWriteFile,
      .cliDiagnosticsOmitted,
      .cliFitShortened,
      .cliFixApplied,
      .cliNoDocuments,
      .cliNotCanonical,
      .cliSimulatorNeedsBundleID,
      .cliTargetNeedsFCM,
      .cliWroteFile,
    ]
  )
}
