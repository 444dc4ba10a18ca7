/// The options that say how diagnostics are shown, shared by every subcommand that reports
/// them.
struct DiagnosticOptions: Sendable {
  /// The layouts of diagnostics on standard error.
  enum Format: String, CaseIterable, Sendable {
    /// `file:line:col: severity: message [id]`, one line each.
    case text
    /// The text line followed by the source line and a caret.
    case annotated
    /// One versioned JSON document for the whole run.
    case json
  }

  /// When diagnostics are coloured.
  enum ColorMode: String, CaseIterable, Sendable {
    /// When standard error is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    case auto
    /// Always.
    case always
    /// Never.
    case never
  }

  /// `--diagnostics-format text|annotated|json`.
  static let format = OptionSpec.value(
    "diagnostics-format",
    valueName: "format",
    choices: Format.allCases.map(\.rawValue),
    defaultValue: Format.text.rawValue,
    help: "How diagnostics are written to standard error.",
    isShownInUsage: false
  )

  /// `--color-diagnostics auto|always|never`.
  static let color = OptionSpec.value(
    "color-diagnostics",
    valueName: "when",
    choices: ColorMode.allCases.map(\.rawValue),
    defaultValue: ColorMode.auto.rawValue,
    help:
      "When to colour diagnostics; 'auto' colours them when standard error is a terminal and "
      + "NO_COLOR is not set.",
    isShownInUsage: false
  )

  /// `--warnings-as-errors`.
  static let warningsAsErrors = OptionSpec.flag(
    "warnings-as-errors",
    help: "Report warnings as errors, so that they make pushc exit with 1.",
    isShownInUsage: false
  )

  /// The options of the group, for a command's signature.
  static let specs = [format, color, warningsAsErrors]

  /// The layout chosen.
  var format: Format
  /// When to colour.
  var colorMode: ColorMode
  /// Whether warnings are promoted to errors.
  var warningsAsErrors: Bool

  /// Creates options.
  init(format: Format = .text, colorMode: ColorMode = .auto, warningsAsErrors: Bool = false) {
    self.format = format
    self.colorMode = colorMode
    self.warningsAsErrors = warningsAsErrors
  }

  /// Reads the group's options from parsed arguments; the scanner has checked the choices.
  init(_ arguments: ParsedArguments) {
    self.init(
      format: arguments.value(of: Self.format).flatMap(Format.init(rawValue:)) ?? .text,
      colorMode: arguments.value(of: Self.color).flatMap(ColorMode.init(rawValue:)) ?? .auto,
      warningsAsErrors: arguments.isSet(Self.warningsAsErrors)
    )
  }

  /// Whether `NO_COLOR` is set to a non-empty value (https://no-color.org).
  private static func isNoColorSet(_ console: Console) -> Bool {
    guard let value = console.environmentValue("NO_COLOR") else { return false }
    return !value.isEmpty
  }

  /// Whether colours are used when writing to `console`'s standard error.
  func usesColor(on console: Console) -> Bool {
    switch (format, colorMode) {
    case (.json, _), (_, .never): false
    case (_, .always): true
    case (_, .auto):
      console.isErrorTerminal && !Self.isNoColorSet(console)
        && console.environmentValue("TERM") != "dumb"
    }
  }
}
