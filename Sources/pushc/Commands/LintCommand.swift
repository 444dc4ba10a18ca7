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
    /// `{"version": 2, "columnUnit": "unicodeScalars", "diagnostics": [...], "summary": {...}}`,
    /// described by `schemas/lint-report.schema.json`.
    case json
    /// A SARIF 2.1.0 log, for GitHub code scanning and editors.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), which the runner shows as
    /// annotations, and the summary line.
    case github

    /// What the format's columns count: Unicode scalars, as editors count characters, except
    /// for SARIF, whose default is UTF-16 code units, and GitHub, whose web interface counts
    /// them too.
    var columnUnit: ColumnUnit {
      switch self {
      case .text, .annotated, .json: .unicodeScalars
      case .sarif, .github: .utf16CodeUnits
      }
    }

    /// Whether the format is for people, and so coloured on a terminal.
    var isColorable: Bool { self == .text || self == .annotated }
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
    options: [format] + CompileOptions.options + InputOptions.options + [
      InputOptions.jobs, InputOptions.partSize,
    ]
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
    var runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: DiagnosticPrinter(options: diagnosticOptions, console: console),
      options: CompileOptions(arguments).compiler
    )
    runner.readsNDJSONInParts = true
    runner.jobs = arguments[InputOptions.jobs]
    runner.partSize = arguments[InputOptions.partSize]
    // The report goes to standard output: colour when it is a terminal (under `auto`).
    let usesColor =
      format.isColorable
      && diagnosticOptions.usesColor(onTerminal: console.isOutputTerminal, console)
    let reportPart = ReportPart.maker(
      format: format,
      warningsAsErrors: diagnosticOptions.warningsAsErrors,
      usesColor: usesColor,
      limit: diagnosticOptions.maximumDiagnosticsPerFile
    )
    var all: [ReportEntry] = []
    var summary = LintSummary()
    var code = runner.run(paths, reportsDiagnostics: false, transform: reportPart) { part, input in
      all += part.entries
      var partSummary = LintSummary(
        messages: part.messages, diagnostics: part.entries.map(\.diagnostic))
      if input.index > 0 { partSummary.files = 0 }
      summary += partSummary
      return part.hasErrors ? .failure : .success
    }
    all.sort { Diagnostic.presentationOrder($0.diagnostic, $1.diagnostic) }
    switch format {
    case .json:
      let renderer = DiagnosticJSONRenderer(style: .pretty, columnUnit: format.columnUnit)
      var document = renderer.document(for: all.map(\.diagnostic))
      if case .object(var object) = document.kind {
        object.members.append(.init(key: "summary", value: summary.jsonValue))
        document = ValueNode(.object(object))
      }
      console.writeOutput(
        CanonicalJSONWriter(style: .pretty).bytes(for: document) + [UInt8(ascii: "\n")])
    case .text, .annotated:
      let limited = DiagnosticLimit.limited(
        all,
        perFile: diagnosticOptions.maximumDiagnosticsPerFile,
        diagnostic: \.diagnostic,
        entry: { ReportEntry(diagnostic: $0, rendered: nil) }
      )
      let text: String
      if format == .text {
        text = TextDiagnosticRenderer(usesColor: usesColor).render(limited.map(\.diagnostic))
      } else {
        let renderer = AnnotatedSourceRenderer(usesColor: usesColor) { _ in nil }
        text =
          limited.map { $0.rendered ?? renderer.render($0.diagnostic) }.joined(separator: "\n")
          + (limited.isEmpty ? "" : "\n")
      }
      console.print(text + Self.summaryLine(summary) + "\n")
    case .sarif:
      let renderer = SARIFRenderer(
        toolName: PushcCommand.toolName, toolVersion: PushcCommand.version,
        domains: RulesCommand.domains)
      console.writeOutput(renderer.bytes(for: all.map(\.diagnostic)))
    case .github:
      let commands = GitHubAnnotationRenderer().render(all.map(\.diagnostic))
      console.print(commands + Self.summaryLine(summary) + "\n")
    }
    if summary.errors > 0 { code.escalate(to: .failure) }
    return code
  }

  /// A diagnostic of the report, with its annotated rendering when that format was asked for
  /// (made while its input, which may be one part of an NDJSON file, was at hand).
  struct ReportEntry: Sendable {
    /// The diagnostic, with warnings promoted under `--warnings-as-errors`.
    var diagnostic: Diagnostic
    /// The annotated rendering, with its source excerpt.
    var rendered: String?
  }

  /// What one input, or one part of an NDJSON input, adds to the report.
  struct ReportPart: Sendable {
    /// The diagnostics.
    var entries: [ReportEntry]
    /// How many messages were read.
    var messages: Int
    /// Whether any diagnostic is an error.
    var hasErrors: Bool

    /// The function that turns a compilation into its part of the report: diagnostics
    /// promoted under `--warnings-as-errors`, and, for the annotated format, rendered with
    /// their excerpts, at most `limit` of them (no input shows more).
    static func maker(format: Format, warningsAsErrors: Bool, usesColor: Bool, limit: Int)
      -> @Sendable (PushCompilation, CompilationRunner.InputPart) -> ReportPart
    {
      { compilation, _ in
        // Columns are counted as the format counts them, while the input is at hand.
        var diagnostics = compilation.diagnostics.convertingColumns(
          to: format.columnUnit, in: compilation.file)
        if warningsAsErrors {
          for index in diagnostics.indices where diagnostics[index].severity == .warning {
            diagnostics[index].severity = .error
          }
        }
        var entries = diagnostics.map { ReportEntry(diagnostic: $0, rendered: nil) }
        if format == .annotated {
          let file = compilation.file
          let renderer = AnnotatedSourceRenderer(usesColor: usesColor) { name in
            name == file.name ? file : nil
          }
          // The compilation's diagnostics are in presentation order: an input shows at most
          // its first `limit`.
          for index in entries.indices.prefix(limit) {
            entries[index].rendered = renderer.render(entries[index].diagnostic)
          }
        }
        return ReportPart(
          entries: entries, messages: compilation.messages.count,
          hasErrors: diagnostics.containsErrors)
      }
    }
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
