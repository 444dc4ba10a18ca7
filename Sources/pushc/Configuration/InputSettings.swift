import PushPayload

/// The settings one input is checked with: the command line's, completed by the configuration
/// that applies to the input. Command-line options win: `--kind` over `kinds`, `--bundle-id`
/// over `bundle-id`, and `--warnings-as-errors` turns promotion on whatever the file says.
struct InputSettings: Sendable {
  /// The configuration file, if one applies.
  var configuration: PushcConfiguration?
  /// The input's path relative to the configuration's folder, for its globs.
  var relativePath: String?
  /// The pipeline options, rules included.
  var compiler: PushCompiler.Options
  /// Whether warnings are reported as errors.
  var warningsAsErrors: Bool

  /// The settings of an input that `decision` describes, on top of the command line's.
  init(
    _ decision: ConfigurationResolver.Decision,
    commandLine: PushCompiler.Options,
    warningsAsErrors: Bool
  ) {
    configuration = decision.configuration
    relativePath = decision.absolutePath.flatMap { decision.configuration?.relativePath(of: $0) }
    compiler = commandLine
    self.warningsAsErrors = warningsAsErrors
    guard let configuration = decision.configuration else { return }
    if compiler.kind == nil { compiler.kind = decision.kind }
    if let relativePath, configuration.templates.contains(where: { $0.matches(relativePath) }) {
      compiler.checksTemplates = true
    }
    if compiler.lowering.bundleID == nil {
      compiler.lowering.bundleID = configuration.bundleID?.value
    }
    for entry in configuration.rules where compiler.rules[entry.rule] == nil {
      compiler.rules[entry.rule] = entry.setting.value
    }
    if !warningsAsErrors { self.warningsAsErrors = configuration.warningsAsErrors?.value ?? false }
  }

  /// The `suppressions` entries of the configuration that apply to this input, with their
  /// position in the file's list.
  var suppressions: [(index: Int, suppression: PushcConfiguration.Suppression)] {
    guard let configuration, let relativePath else { return [] }
    return configuration.suppressions.enumerated()
      .filter { $0.element.path.matches(relativePath) }
      .map { ($0.offset, $0.element) }
  }
}
