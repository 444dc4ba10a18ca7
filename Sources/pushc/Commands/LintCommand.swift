import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc lint`: checks FCM message definitions and raw APNs payloads and prints what it finds.
struct LintCommand: Command {
  /// The layouts of the report.
  enum Format: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// `file:line:col: severity: message [id]` lines and a summary line.
    case text
    /// The text lines with source excerpts and carets.
    case annotated
    /// `{"version": 1, "diagnostics": [...], "summary": {...}}`.
    case json
  }

  /// `--format`: the report is the diagnostics, so this is lint's only diagnostics format
  /// option (`--diagnostics-format` is redirected to it).
  static let format = Option<Format>(
    "format",
    valueName: "format",
    default: .text,
    formats: .diagnostics,
    help: "How the report is written to standard output."
  )
  /// The input files.
  static let files = PositionalSpec(
    "file",
    arity: .oneOrMore,
    help: "An FCM message definition or APNs payload (JSON, NDJSON or YAML), or '-'.",
    missingMessage: "missing input file; pass a file, or '-' to read standard input"
  )

  static let signature = CommandSignature(
    name: "lint",
    abstract: "Check FCM messages and APNs payloads against every rule.",
    discussion: """
      Each input is read as FCM message definitions (a message, a {"message": ...} request, a \
      JSON array, NDJSON or a YAML stream) or as raw APNs input (a payload with headers from \
      --header and friends, a request document, or a Simulator .apns file), detected from \
      its first document or chosen with --kind. FCM messages are also lowered to the APNs \
      request FCM sends, and that request is checked against every APNs rule. The report goes \
      to standard output; the exit code is 1 when anything is an error.
      """,
    options: [format] + CompileOptions.options + InputOptions.options
      + DiagnosticOptions.optionsWithoutFormat,
    positionals: [files],
    redirects: [
      OptionRedirect(
        DiagnosticOptions.format,
        to: format,
        because: "its report on standard output is its diagnostics"
      )
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let paths = arguments.values(of: files)
    try CompilationRunner.checkStandardInput(paths)
    let format = arguments[Self.format]
    // Standard error gets only the lines about unreadable files, as text.
    let diagnosticOptions = DiagnosticOptions(arguments, format: .text)
    let runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: DiagnosticPrinter(options: diagnosticOptions, console: console),
      options: CompileOptions(arguments).compiler
    )
    var all: [Diagnostic] = []
    var summary = LintSummary()
    var files: [String: SourceFile] = [:]
    var code = runner.run(paths, reportsDiagnostics: false) { compilation in
      var diagnostics = compilation.diagnostics
      if diagnosticOptions.warningsAsErrors {
        for index in diagnostics.indices where diagnostics[index].severity == .warning {
          diagnostics[index].severity = .error
        }
      }
      files[compilation.file.name] = compilation.file
      all += diagnostics
      summary += LintSummary(messages: compilation.messages.count, diagnostics: diagnostics)
      return diagnostics.containsErrors ? .failure : .success
    }
    let sorted = all.sortedForPresentation()
    switch format {
    case .json:
      var document = DiagnosticJSONRenderer(style: .pretty).document(for: sorted)
      if case .object(var object) = document.kind {
        object.members.append(.init(key: "summary", value: summary.jsonValue))
        document = ValueNode(.object(object))
      }
      console.writeOutput(
        CanonicalJSONWriter(style: .pretty).bytes(for: document) + [UInt8(ascii: "\n")])
    case .text, .annotated:
      // Standard output is often piped into files and CI logs: colour only when asked for.
      let usesColor = diagnosticOptions.colorMode == .always
      let text: String
      let limited = DiagnosticLimit.limited(
        sorted, perFile: diagnosticOptions.maximumDiagnosticsPerFile)
      if format == .text {
        text = TextDiagnosticRenderer(usesColor: usesColor).render(limited)
      } else {
        let snapshot = files
        text =
          AnnotatedSourceRenderer(usesColor: usesColor) { snapshot[$0] }.render(limited)
          + (limited.isEmpty ? "" : "\n")
      }
      console.print(text + Self.summaryLine(summary) + "\n")
    }
    if summary.errors > 0 { code.escalate(to: .failure) }
    return code
  }

  /// `2 files, 3 messages: 1 error, 2 warnings`.
  static func summaryLine(_ summary: LintSummary) -> String {
    func count(_ value: Int, _ noun: String) -> String {
      "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
    return count(summary.files, "file") + ", " + count(summary.messages, "message") + ": "
      + count(summary.errors, "error") + ", " + count(summary.warnings, "warning")
  }
}
