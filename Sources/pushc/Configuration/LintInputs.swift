import PushDiagnostics
import PushPayload

/// The inputs of one `lint` run after the configuration files have had their say: which paths
/// are checked, with which settings, and what the configuration files reported.
struct LintInputs {
  /// The inputs to check, in command-line order, folders walked.
  var inputs: [InputDiscovery.Input] = []
  /// The paths of ``inputs``.
  var paths: [String] { inputs.map(\.path) }
  /// The settings of each input, by the name its diagnostics give it (the path, or `<stdin>`).
  var settings: [String: InputSettings] = [:]
  /// The configuration files' diagnostics, and a note for each input they exclude.
  var diagnostics: [Diagnostic] = []
  /// Whether a configuration file has errors or cannot be read, so nothing is checked.
  var hasConfigurationErrors: Bool

  /// Decides, for each of `inputs`, whether it is checked and with which settings. An input
  /// that a folder's walk found unreadable is kept, to be reported in its place.
  ///
  /// - Parameters:
  ///   - inputs: The inputs named on the command line, folders walked.
  ///   - resolver: Finds each input's configuration.
  ///   - commandLine: The pipeline options of the command line.
  ///   - warningsAsErrors: Whether `--warnings-as-errors` was given.
  init(
    _ inputs: [InputDiscovery.Input],
    resolver: ConfigurationResolver,
    commandLine: PushCompiler.Options,
    warningsAsErrors: Bool
  ) {
    var excluded: [Diagnostic] = []
    for input in inputs {
      guard input.problem == nil else {
        self.inputs.append(input)
        continue
      }
      let decision = resolver.decision(for: input.path)
      guard decision.isIncluded else {
        let configuration = decision.configuration.map {
          FilePaths.display($0.path, from: resolver.currentDirectory)
        }
        excluded.append(
          Diagnostic(.configExcludedInput(configuration: configuration ?? ""), file: input.name))
        continue
      }
      self.inputs.append(input)
      settings[input.name] = InputSettings(
        decision, commandLine: commandLine, warningsAsErrors: warningsAsErrors)
    }
    hasConfigurationErrors = resolver.hasErrors
    diagnostics = resolver.diagnostics + excluded
  }

  /// A warning at each `suppressions` entry that applies to a checked input but silenced
  /// nothing in any of them; `used` holds the positions of the entries that silenced something,
  /// by configuration path.
  func unusedSuppressions(used: [String: Set<Int>]) -> [Diagnostic] {
    var reported = Set<String>()
    var unused: [Diagnostic] = []
    for name in inputs.map(\.name) {
      guard let inputSettings = settings[name], let configuration = inputSettings.configuration
      else { continue }
      for (index, suppression) in inputSettings.suppressions
      where !(used[configuration.path]?.contains(index) ?? false) {
        guard reported.insert("\(configuration.path)\u{0}\(index)").inserted else { continue }
        unused.append(
          Diagnostic(
            .configUnusedSuppression([suppression.identifier]),
            file: configuration.displayName, range: suppression.range))
      }
    }
    return unused
  }
}
