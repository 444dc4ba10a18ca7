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
  /// `--fix`.
  static let fix = Option<Bool>.flag(
    "fix",
    help:
      "Apply the fix-its that are mechanical (renames of misspelled keys, …) to each input "
      + "file, then check the fixed files; what was fixed is listed on standard error."
  )
  /// The input files.
  static let files = PositionalSpec(
    "file",
    arity: .zeroOrMore,
    help:
      "An FCM message definition or APNs payload (JSON, NDJSON or YAML), a folder to walk for "
      + "them, or '-'.",
    missingMessage: "missing input file; pass a file, or '-' to read standard input"
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "lint"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Check FCM messages and APNs payloads against every rule.",
    discussion: """
      Each input is read as FCM message definitions (a message, a {"message": ...} request, a \
      JSON array, NDJSON or a YAML stream) or as raw APNs input (a payload with headers from \
      --header and friends, a request document, or a Simulator .apns file), detected from \
      its first document or chosen with --kind. FCM messages are also lowered to the APNs \
      request FCM sends, and that request is checked against every APNs rule. The report goes \
      to standard output; the exit code is 1 when anything is an error.

      Settings come from the nearest .pushc.yaml above each input (up to the folder holding \
      .git), or from --config: a default bundle ID, rule severities and disables, include and \
      exclude globs, warnings-as-errors, the kind per glob and suppressions; command-line \
      options win. A YAML input can silence rules for one node with a '# pushc-disable \
      RULE-ID' comment. See Documentation/CLI.md.
      """,
    options: [format, fix] + CompileOptions.options + InputOptions.options + [
      InputOptions.jobs, InputOptions.partSize,
    ] + InputOptions.discoveryOptions
      + DiagnosticOptions.optionsWithoutFormat + ConfigurationOptions.options,
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
    let configurationOptions = ConfigurationOptions(arguments)
    let resolver = ConfigurationResolver(mode: try configurationOptions.mode())
    if configurationOptions.printsConfiguration {
      guard paths.count <= 1 else {
        throw UsageError("'--print-config' takes at most one path")
      }
      return ConfigurationPrinter(arguments: arguments, resolver: resolver).print(
        paths.first, console: console)
    }
    guard !paths.isEmpty else { throw UsageError(files.missingMessage ?? "missing input file") }
    let discovered = try InputOptions.discoveredInputs(paths, arguments)
    let fixes = arguments[Self.fix]
    if fixes, paths.contains(InputReader.standardInputArgument) {
      throw UsageError("'--fix' cannot fix standard input; name the file instead")
    }
    let format = arguments[Self.format]
    // Nothing goes to standard error: unreadable files are part of the report.
    let diagnosticOptions = DiagnosticOptions(arguments, format: .text)
    // The report needs the size of each APNs payload, not its bytes: they are counted.
    let commandLine = {
      var options = CompileOptions(arguments).compiler
      options.lowering.writesPayloadBytes = false
      options.lowering.omitsUncheckedDataKeys = true
      options.defersDataValues = true
      options.speculatesWithoutProvenance = true
      // The report reads the diagnostics and the counts alone.
      options.keepsRequests = false
      return options
    }()
    let inputs = LintInputs(
      discovered, resolver: resolver, commandLine: commandLine,
      warningsAsErrors: diagnosticOptions.warningsAsErrors)
    let settings = inputs.settings
    var runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: DiagnosticPrinter(options: diagnosticOptions, console: console),
      options: commandLine
    )
    runner.optionsByInput = { settings[$0]?.compiler ?? commandLine }
    runner.readsNDJSONInParts = true
    runner.jobs = arguments[InputOptions.jobs]
    runner.partSize = arguments[InputOptions.partSize]
    // The report goes to standard output: colour when it is a terminal (under `auto`).
    let usesColor =
      format.isColorable
      && diagnosticOptions.usesColor(onTerminal: console.isOutputTerminal, console)
    let reportPart = ReportPart.maker(
      format: format,
      settings: settings,
      loader: runner.loader,
      usesColor: usesColor,
      options: diagnosticOptions
    )
    // The report is written as the inputs are checked, in presentation order: the
    // unused-suppression warnings of the configurations with suppressions come at the end.
    var report = LintReportWriter(
      format: format, console: console, usesColor: usesColor, options: diagnosticOptions,
      inputNames: inputs.hasConfigurationErrors ? [] : inputs.inputs.map(\.name),
      lateFiles: inputs.inputs.compactMap { input in
        settings[input.name].flatMap { $0.suppressions.isEmpty ? nil : $0.configuration }?
          .displayName
      },
      spool: ByteSpool(
        folder: console.environmentValue("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"))
    report.add(inputs.diagnostics.map { ReportEntry(diagnostic: $0, rendered: nil) })
    var summary = LintSummary(
      files: 0, errors: inputs.diagnostics.count { $0.severity == .error },
      warnings: inputs.diagnostics.count { $0.severity == .warning })
    var code = ExitCode.success
    var usedSuppressions: [String: Set<Int>] = [:]
    if inputs.hasConfigurationErrors {
      for (path, error) in resolver.unreadable { runner.printer.reportCannotRead(path, error) }
      if !resolver.unreadable.isEmpty { code.escalate(to: .cannotRead) }
      if resolver.diagnostics.containsErrors { code.escalate(to: .configuration) }
    } else {
      if fixes {
        code.escalate(
          to: Self.applyFixes(inputs, runner: runner, commandLine: commandLine))
      }
      // An input that cannot be read is part of the report in every format, an error of its
      // file.
      runner.reportsUnreadable = { diagnostic in
        report.add([ReportEntry(diagnostic: diagnostic, rendered: nil)])
        summary += LintSummary(messages: 0, diagnostics: [diagnostic])
      }
      code.escalate(
        to: runner.run(inputs.inputs, reportsDiagnostics: false, transform: reportPart) {
          part, input in
          report.add(part.entries)
          report.partDelivered(ofInput: input.file.name, origin: input.file.origin.offset)
          var partSummary = LintSummary(
            messages: part.messages, diagnostics: part.entries.map(\.diagnostic))
          if input.index > 0 { partSummary.files = 0 }
          summary += partSummary
          if let path = settings[input.file.name]?.configuration?.path {
            usedSuppressions[path, default: []].formUnion(part.usedSuppressions)
          }
          return part.hasErrors ? .failure : .success
        })
      let unused = inputs.unusedSuppressions(used: usedSuppressions)
      report.add(unused.map { ReportEntry(diagnostic: $0, rendered: nil) })
      summary += LintSummary(
        files: 0, errors: 0, warnings: unused.count { $0.severity == .warning })
    }
    do {
      try report.finish(summary: summary)
    } catch {
      console.writeError(
        "\(PushcCommand.toolName): error: cannot write the whole report: its results kept in a "
          + "temporary file cannot be read back: \(error.reason)\n")
      code.escalate(to: .outputFailed)
    }
    if summary.errors > 0 { code.escalate(to: .failure) }
    return code
  }

  /// Applies the mechanical fix-its of every input to its file (`--fix`), listing each fix on
  /// standard error.
  ///
  /// - Returns: 73 when a fixed file cannot be written, else 0.
  static func applyFixes(
    _ inputs: LintInputs, runner: CompilationRunner, commandLine: PushCompiler.Options
  ) -> ExitCode {
    let fixer = LintFixer(
      reader: runner.reader, loader: runner.loader, settings: inputs.settings,
      commandLine: commandLine)
    var code = ExitCode.success
    for path in inputs.paths {
      let outcome = fixer.fix(path)
      if let error = outcome.writeError {
        runner.printer.reportCannotWrite(path, error)
        code.escalate(to: .cannotWrite)
      } else if !outcome.notes.isEmpty {
        runner.printer.report(outcome.notes, in: SourceFile(name: path, bytes: []))
      }
    }
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

    /// The `suppressions` entries of the input's configuration file that silenced something,
    /// by position in its list.
    var usedSuppressions: Set<Int> = []

    /// The function that turns a compilation into its part of the report: diagnostics
    /// silenced by the input's suppressions left out, the unused suppressions added, warnings
    /// promoted under `--warnings-as-errors` (or the configuration's `warnings-as-errors`),
    /// and, for the annotated format, rendered with their excerpts, at most `--max-diagnostics`
    /// of them (no input shows more).
    static func maker(
      format: Format,
      settings: [String: InputSettings],
      loader: SourceLoader,
      usesColor: Bool,
      options: DiagnosticOptions
    ) -> @Sendable (PushCompilation, CompilationRunner.InputPart) -> ReportPart {
      { compilation, _ in
        let inputSettings = settings[compilation.file.name]
        let filter = SuppressionFilter(
          entries: inputSettings?.suppressions ?? [],
          readsComments: loader.format(of: compilation.file) == .yaml)
        let outcome = filter.apply(to: compilation.diagnostics, in: compilation.file)
        // Columns are counted as the format counts them, while the input is at hand.
        var diagnostics = outcome.diagnostics.convertingColumns(
          to: format.columnUnit, in: compilation.file)
        if inputSettings?.warningsAsErrors ?? false {
          for index in diagnostics.indices where diagnostics[index].severity == .warning {
            diagnostics[index].severity = .error
          }
        }
        var entries = diagnostics.map { ReportEntry(diagnostic: $0, rendered: nil) }
        if format == .annotated {
          let renderer = options.annotatedRenderer(
            usesColor: usesColor, excerpting: compilation.file)
          // The compilation's diagnostics are in presentation order: an input shows at most
          // its first `--max-diagnostics`.
          for index in entries.indices.prefix(options.maximumDiagnosticsPerFile) {
            entries[index].rendered = renderer.render(entries[index].diagnostic)
          }
        }
        return ReportPart(
          entries: entries, messages: compilation.messages.count,
          hasErrors: diagnostics.containsErrors,
          usedSuppressions: outcome.usedConfigurationEntries)
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
