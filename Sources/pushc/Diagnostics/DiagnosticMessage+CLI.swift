import PushDiagnostics

// The diagnostics of the command-line tool itself, alphabetically. Each identifier is the
// member's name. With `--diagnostics-format text` the file-level ones are printed as the plain
// lines documented in Documentation/CLI.md; with `json` they are part of the JSON document.
extension DiagnosticMessage {
  /// An input file cannot be read.
  static func cliCannotReadFile(_ path: String, reason: String) -> Self {
    .init(.cliCannotReadFile, .error, "cannot read '\(path)': \(reason)")
  }

  /// An output file cannot be written.
  static func cliCannotWriteFile(_ path: String, reason: String) -> Self {
    .init(.cliCannotWriteFile, .error, "cannot write '\(path)': \(reason)")
  }

  /// More diagnostics of one file than the text and annotated formats show.
  static func cliDiagnosticsOmitted(_ count: Int, limit: Int) -> Self {
    .init(
      .cliDiagnosticsOmitted,
      .note,
      "\(count) more diagnostic\(count == 1 ? "" : "s") not shown after the first \(limit); "
        + "raise the limit with --max-diagnostics or use --format json"
    )
  }

  /// An input holds no document at all, such as a YAML file with only comments.
  static func cliNoDocuments() -> Self {
    .init(.cliNoDocuments, .warning, "the input holds no document; there is nothing to format")
  }

  /// `fmt --check` found a file whose bytes differ from its canonical form.
  static func cliNotCanonical() -> Self {
    .init(.cliNotCanonical, .error, "not in canonical form")
  }

  /// `fmt --write` wrote the canonical JSON of a YAML file next to it.
  static func cliWroteFile(_ path: String) -> Self {
    .init(
      .cliWroteFile, .note,
      "wrote the canonical JSON to '\(path)'; YAML files are never overwritten")
  }
}
