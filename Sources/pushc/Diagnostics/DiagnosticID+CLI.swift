import PushDiagnostics

// The identifiers of the CLI diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+CLI.swift` use them.
extension DiagnosticID {
  /// An input file cannot be read.
  static var cliCannotReadFile: Self { Self(memberName: #function) }

  /// An output file cannot be written.
  static var cliCannotWriteFile: Self { Self(memberName: #function) }

  /// More diagnostics of one file than the text and annotated formats show.
  static var cliDiagnosticsOmitted: Self { Self(memberName: #function) }

  /// An input holds no document at all, such as a YAML file with only comments.
  static var cliNoDocuments: Self { Self(memberName: #function) }

  /// `fmt --check` found a file whose bytes differ from its canonical form.
  static var cliNotCanonical: Self { Self(memberName: #function) }

  /// `fmt --write` wrote the canonical JSON of a YAML file next to it.
  static var cliWroteFile: Self { Self(memberName: #function) }
}
