import PushDiagnostics
import PushPayload

/// Writes diagnostics and file-level messages to standard error in the chosen format.
///
/// With `text` and `annotated`, everything is written as soon as it is reported. With `json`,
/// standard error holds exactly one JSON document, its diagnostics sorted, which ``finish()``
/// ends: when the inputs to come were announced (``expectInputs(_:)``), each diagnostic is
/// written as soon as nothing still to come can sort before it; otherwise all of them wait for
/// ``finish()``. Under `--warnings-as-errors`, warnings are shown and counted as errors.
final class DiagnosticPrinter {
  /// The options in force.
  let options: DiagnosticOptions
  /// Where the output goes.
  let console: Console
  /// Whether ANSI colours are used.
  let usesColor: Bool
  /// The JSON format's diagnostics not written yet.
  private var pending = PresentationQueue<Diagnostic>()
  /// The JSON document on standard error.
  private var json = DiagnosticJSONStream(renderer: jsonRenderer)
  /// How far the JSON document can be written, once the inputs are announced.
  private var bound: PresentationBound?

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
    var budget = makeBudget()
    let hasErrors = report(diagnostics, in: file, budget: &budget)
    reportOmissions(of: file.name, budget: budget)
    return hasErrors
  }

  /// A budget for ``report(_:in:budget:)``: nothing shown yet.
  func makeBudget() -> DiagnosticLimit.Budget {
    DiagnosticLimit.Budget(limit: options.maximumDiagnosticsPerFile)
  }

  /// Reports some of the diagnostics of one input, which arrive in parts in presentation order
  /// (the parts of an NDJSON input read in parts), showing only what `budget` still admits.
  ///
  /// Call ``reportOmissions(of:budget:)`` after the input's last part.
  ///
  /// - Parameters:
  ///   - diagnostics: The diagnostics of this part, in any order.
  ///   - file: The input, or the part of it, for the excerpts of the annotated format.
  ///   - budget: What the input has shown so far.
  /// - Returns: Whether any diagnostic is an error once warnings are promoted.
  @discardableResult
  func report(
    _ diagnostics: [Diagnostic],
    in file: SourceFile,
    budget: inout DiagnosticLimit.Budget
  ) -> Bool {
    // Columns count Unicode scalars, as editors count characters, in every format.
    let shown = promoted(diagnostics.convertingColumns(to: Self.columnUnit, in: file))
      .sortedForPresentation()
    if options.format == .json {
      pending.add(shown)
      if let place = bound?.afterPart(ofInput: file.name, origin: file.origin.offset) {
        writeJSON(before: place)
      }
      return shown.containsErrors
    }
    let limited = shown.filter { _ in budget.admits() }
    switch options.format {
    case .text:
      console.writeError(TextDiagnosticRenderer(usesColor: usesColor).render(limited))
    case .annotated:
      let renderer = options.annotatedRenderer(usesColor: usesColor, excerpting: file)
      for diagnostic in limited {
        console.writeError(renderer.render(diagnostic) + "\n")
      }
    case .json:
      break
    }
    return shown.containsErrors
  }

  /// Reports how many diagnostics of the input `name` were left out, if any.
  func reportOmissions(of name: String, budget: DiagnosticLimit.Budget) {
    guard let note = budget.omissionNote(file: name), options.format != .json else { return }
    switch options.format {
    case .text:
      console.writeError(TextDiagnosticRenderer(usesColor: usesColor).render([note]))
    case .annotated:
      console.writeError(
        options.annotatedRenderer(usesColor: usesColor, excerpting: nil).render(note))
      console.writeError("\n")
    case .json:
      break
    }
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

  /// Writes the JSON format's diagnostics left and ends its document; call once, after the last
  /// input.
  func finish() {
    guard options.format == .json else { return }
    writeJSON(before: nil)
    var output: [UInt8] = []
    json.close(into: &output)
    console.writeError(String(decoding: output, as: UTF8.self))
    json = DiagnosticJSONStream(renderer: Self.jsonRenderer)
    bound = nil
  }

  /// Announces the inputs whose diagnostics are reported next, in that order, each in parts
  /// that come in order (a part's diagnostics at or after its first byte): the JSON document is
  /// then written as they come.
  func expectInputs(_ names: [String]) {
    bound = PresentationBound(inputNames: names)
  }

  /// The renderer of the JSON document.
  private static let jsonRenderer = DiagnosticJSONRenderer(columnUnit: columnUnit)

  /// Writes the JSON format's pending diagnostics that sort before `place` (all of them when it
  /// is `nil`).
  private func writeJSON(before place: PresentationPlace?) {
    let diagnostics = pending.removeAll(before: place)
    guard !diagnostics.isEmpty else { return }
    var output: [UInt8] = []
    for diagnostic in diagnostics { json.write(diagnostic, into: &output) }
    console.writeError(String(decoding: output, as: UTF8.self))
  }

  /// What the columns of every format on standard error count.
  static let columnUnit = ColumnUnit.unicodeScalars

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
      pending.add([Diagnostic(message, file: file)])
      return
    }
    console.writeError(
      "\(PushcCommand.toolName): \(label(.error)): \(TerminalText.escaped(message.text))\n")
  }

  /// A message about a whole file, as `file: message`.
  private func reportFileMessage(_ diagnostic: Diagnostic) {
    guard options.format != .json else {
      pending.add([diagnostic])
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
