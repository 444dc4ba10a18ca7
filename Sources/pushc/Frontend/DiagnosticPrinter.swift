import PushDiagnostics
import PushPayload

/// Writes diagnostics and file-level messages to standard error in the chosen format.
///
/// With `text` and `annotated`, everything is written as soon as it is reported. With `json`,
/// everything is collected and ``finish()`` writes one JSON document, so standard error holds
/// exactly that document. Under `--warnings-as-errors`, warnings are shown and counted as errors.
final class DiagnosticPrinter {
  /// The options in force.
  let options: DiagnosticOptions
  /// Where the output goes.
  let console: Console
  /// Whether ANSI colours are used.
  let usesColor: Bool
  private var collected: [Diagnostic] = []

  /// Creates a printer writing to `console`'s standard error.
  init(options: DiagnosticOptions, console: Console) {
    self.options = options
    self.console = console
    self.usesColor = options.usesColor(on: console)
  }

  /// Reports the diagnostics of one input.
  ///
  /// - Parameters:
  ///   - diagnostics: The diagnostics, in any order.
  ///   - file: The input, for the excerpts of the annotated format.
  /// - Returns: Whether any diagnostic is an error once warnings are promoted.
  @discardableResult
  func report(_ diagnostics: [Diagnostic], in file: SourceFile) -> Bool {
    let shown = promoted(diagnostics).sortedForPresentation()
    let limited = DiagnosticLimit.limited(shown, perFile: options.maximumDiagnosticsPerFile)
    switch options.format {
    case .text:
      console.writeError(TextDiagnosticRenderer(usesColor: usesColor).render(limited))
    case .annotated:
      let renderer = AnnotatedSourceRenderer(usesColor: usesColor) { name in
        name == file.name ? file : nil
      }
      for diagnostic in limited {
        console.writeError(renderer.render(diagnostic) + "\n")
      }
    case .json:
      collected += shown
    }
    return shown.containsErrors
  }

  /// Reports that the input `path` cannot be read:
  /// `pushc: error: cannot read 'path': reason`.
  func reportCannotRead(_ path: String, _ error: FileError) {
    reportToolError(.cliCannotReadFile(path, reason: error.reason), file: path)
  }

  /// Reports that the output `path` cannot be written:
  /// `pushc: error: cannot write 'path': reason`.
  func reportCannotWrite(_ path: String, _ error: FileError) {
    reportToolError(.cliCannotWriteFile(path, reason: error.reason), file: path)
  }

  /// Reports that `fmt --check` found `path` not in canonical form: `path: not in canonical form`.
  func reportNotCanonical(_ path: String) {
    let fixIt = Diagnostic.FixIt("run 'pushc fmt --write' to rewrite it")
    reportFileMessage(Diagnostic(.cliNotCanonical(), file: path, fixIts: [fixIt]))
  }

  /// Reports that the canonical JSON of the YAML input `path` was written to `destination`.
  func reportWrote(_ destination: String, from path: String) {
    reportFileMessage(Diagnostic(.cliWroteFile(destination), file: path))
  }

  /// Writes what was collected; call once, after the last input.
  func finish() {
    guard options.format == .json else { return }
    console.writeError(DiagnosticJSONRenderer().render(collected.sortedForPresentation()))
    collected = []
  }

  // MARK: - Implementation

  private func promoted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard options.warningsAsErrors else { return diagnostics }
    return diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      if diagnostic.severity == .warning { diagnostic.severity = .error }
      return diagnostic
    }
  }

  /// A failure of the tool rather than of an input, as `pushc: error: message`.
  private func reportToolError(_ message: DiagnosticMessage, file: String) {
    guard options.format != .json else {
      collected.append(Diagnostic(message, file: file))
      return
    }
    console.writeError(
      "\(PushcCommand.toolName): \(label(.error)): \(TerminalText.escaped(message.text))\n")
  }

  /// A message about a whole file, as `file: message`.
  private func reportFileMessage(_ diagnostic: Diagnostic) {
    guard options.format != .json else {
      collected.append(diagnostic)
      return
    }
    let name = diagnostic.file.map { TerminalText.escaped($0) } ?? PushcCommand.toolName
    console.writeError("\(name): \(TerminalText.escaped(diagnostic.message))\n")
  }

  private func label(_ severity: Severity) -> String {
    guard usesColor else { return severity.rawValue }
    let color =
      switch severity {
      case .error: "\u{1B}[1;31m"
      case .warning: "\u{1B}[1;33m"
      case .note: "\u{1B}[1;36m"
      }
    return color + severity.rawValue + "\u{1B}[0m"
  }
}
