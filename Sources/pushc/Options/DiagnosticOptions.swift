import PushDiagnostics

/// The options that say how diagnostics are shown, shared by every subcommand that reports
/// them.
struct DiagnosticOptions: OptionGroup {
  /// The layouts of diagnostics on standard error.
  enum Format: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// `file:line:col: severity: message [id]`, one line each.
    case text
    /// The text line followed by the source line and a caret.
    case annotated
    /// One versioned JSON document for the whole run.
    case json
  }

  /// When diagnostics are coloured.
  enum ColorMode: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// When standard error is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    case auto
    /// Always.
    case always
    /// Never.
    case never
  }

  /// `--diagnostics-format text|annotated|json`.
  static let format = Option<Format>(
    "diagnostics-format",
    valueName: "format",
    default: .text,
    formats: .diagnostics,
    help: "How diagnostics are written to standard error.",
    isShownInUsage: false
  )

  /// `--color-diagnostics auto|always|never`.
  static let color = Option<ColorMode>(
    "color-diagnostics",
    valueName: "when",
    default: .auto,
    help:
      "When to colour diagnostics; 'auto' colours them when standard error is a terminal and "
      + "NO_COLOR is not set.",
    isShownInUsage: false
  )

  /// `--warnings-as-errors`.
  static let warningsAsErrors = Option<Bool>.flag(
    "warnings-as-errors",
    help: "Report warnings as errors, so that they make pushc exit with 1.",
    isShownInUsage: false
  )

  /// `--max-diagnostics <n>`.
  static let maxDiagnostics = Option<Int>(
    "max-diagnostics",
    valueName: "n",
    default: 1_000,
    in: 1...Int.max,
    help:
      "The most diagnostics shown per file in the text and annotated formats; the rest are "
      + "counted in one note. JSON output always has them all.",
    isShownInUsage: false
  )

  /// `--max-line-width <bytes>`.
  static let maxLineWidth = Option<Int>(
    "max-line-width",
    valueName: "bytes",
    default: AnnotatedSourceRenderer.defaultMaximumLineWidth,
    in: 1...Int.max,
    expecting: "a positive number of bytes",
    help:
      "The most bytes of a source line an annotated excerpt shows; a longer line shows a "
      + "window around the caret, with '…' where it is cut.",
    isShownInUsage: false
  )

  /// The options of the group, for a command's signature.
  static let options: [any CommandOption] = [
    format, color, warningsAsErrors, maxDiagnostics, maxLineWidth,
  ]

  /// The group without `--diagnostics-format`, for a command whose report on standard output
  /// is its diagnostics (`lint`): its own `--format` chooses their layout, and a second option
  /// for the same thing would conflict with it.
  static let optionsWithoutFormat: [any CommandOption] = [
    color, warningsAsErrors, maxDiagnostics, maxLineWidth,
  ]

  /// The layout chosen.
  var format: Format
  /// When to colour.
  var colorMode: ColorMode
  /// Whether warnings are promoted to errors.
  var warningsAsErrors: Bool
  /// The most diagnostics the text and annotated formats show per file.
  var maximumDiagnosticsPerFile: Int
  /// The most bytes of a source line an annotated excerpt shows.
  var maximumLineWidth: Int

  /// Creates options.
  init(
    format: Format = .text,
    colorMode: ColorMode = .auto,
    warningsAsErrors: Bool = false,
    maximumDiagnosticsPerFile: Int = 1_000,
    maximumLineWidth: Int = AnnotatedSourceRenderer.defaultMaximumLineWidth
  ) {
    self.format = format
    self.colorMode = colorMode
    self.warningsAsErrors = warningsAsErrors
    self.maximumDiagnosticsPerFile = maximumDiagnosticsPerFile
    self.maximumLineWidth = maximumLineWidth
  }

  /// Reads the group's options from parsed arguments.
  init(_ arguments: ParsedArguments) {
    self.init(arguments, format: arguments[Self.format])
  }

  /// Reads ``optionsWithoutFormat`` from the arguments of a command that declares them, with
  /// `format` for what the command still writes to standard error.
  init(_ arguments: ParsedArguments, format: Format) {
    // `--strict` (of the compiling subcommands) includes `--warnings-as-errors`.
    let isStrict =
      arguments.declaredOptions.contains(CompileOptions.strict.spec.name)
      && arguments[CompileOptions.strict]
    self.init(
      format: format,
      colorMode: arguments[Self.color],
      warningsAsErrors: arguments[Self.warningsAsErrors] || isStrict,
      maximumDiagnosticsPerFile: arguments[Self.maxDiagnostics],
      maximumLineWidth: arguments[Self.maxLineWidth]
    )
  }

  /// The renderer of the annotated format, with `--max-line-width`, excerpting `file` (or
  /// nothing when `nil`).
  func annotatedRenderer(usesColor: Bool, excerpting file: SourceFile?) -> AnnotatedSourceRenderer {
    AnnotatedSourceRenderer(usesColor: usesColor, maximumLineWidth: maximumLineWidth) { name in
      name == file?.name ? file : nil
    }
  }

  /// The severities that fail the run: errors, and warnings under `--warnings-as-errors`.
  var failingSeverities: Set<Severity> {
    warningsAsErrors ? [.error, .warning] : [.error]
  }

  /// Whether `NO_COLOR` is set to a non-empty value (https://no-color.org).
  private static func isNoColorSet(_ console: Console) -> Bool {
    guard let value = console.environmentValue("NO_COLOR") else { return false }
    return !value.isEmpty
  }

  /// Whether colours are used when writing to `console`'s standard error.
  func usesColor(on console: Console) -> Bool {
    format != .json && usesColor(onTerminal: console.isErrorTerminal, console)
  }

  /// Whether colours are used on a stream that is a terminal when `isTerminal` is true: always
  /// under `always` (an explicit option wins over `NO_COLOR`, as https://no-color.org asks),
  /// never under `never`, and under `auto` when the stream is a terminal, `NO_COLOR` is not
  /// set and `TERM` is not `dumb`.
  func usesColor(onTerminal isTerminal: Bool, _ console: Console) -> Bool {
    switch colorMode {
    case .never: false
    case .always: true
    case .auto:
      isTerminal && !Self.isNoColorSet(console) && console.environmentValue("TERM") != "dumb"
    }
  }
}
