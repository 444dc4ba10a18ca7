public import PushDiagnostics

/// Which rules run, and with which severity: the defaults, changed per rule.
///
/// A disabled rule emits nothing. A rule given another severity emits every one of its
/// diagnostics with that severity instead of the catalog's. Rules are named by ``RuleID``; the
/// identifiers of ``RuleRegistry/rules`` are the ones that mean something.
///
/// ```swift
/// var rules = RuleConfiguration()
/// rules.disable(RuleID("apns-device-token"))
/// rules.setSeverity(.warning, for: RuleID("fcm-size"))
/// let checker = FCMChecker(rules: rules)
/// ```
public struct RuleConfiguration: Hashable, Sendable {
  /// How one rule differs from its defaults.
  public enum Setting: Hashable, Sendable {
    /// The rule does not run.
    case disabled
    /// The rule runs, and every diagnostic it emits has this severity.
    case severity(Severity)
  }

  /// The rules that differ from their defaults.
  public var settings: [RuleID: Setting]

  /// Creates a configuration; rules without a setting keep their defaults.
  public init(_ settings: [RuleID: Setting] = [:]) {
    self.settings = settings
  }

  /// The setting of `rule`, or `nil` when it keeps its defaults.
  public subscript(rule: RuleID) -> Setting? {
    get { settings[rule] }
    set { settings[rule] = newValue }
  }

  /// Turns `rule` off.
  public mutating func disable(_ rule: RuleID) {
    settings[rule] = .disabled
  }

  /// Gives every diagnostic of `rule` the severity `severity`.
  public mutating func setSeverity(_ severity: Severity, for rule: RuleID) {
    settings[rule] = .severity(severity)
  }

  /// Whether `rule` runs.
  public func isEnabled(_ rule: RuleID) -> Bool {
    settings[rule] != .disabled
  }

  /// The identifiers with a setting that name no rule of ``RuleRegistry``, sorted: probably
  /// misspelled.
  public var unknownRules: [RuleID] {
    settings.keys.filter { RuleRegistry.rule($0) == nil }.sorted()
  }

  /// Runs the rule `rule` with its setting: `body` checks `state`, emitting into the collector
  /// at `collector`.
  ///
  /// Rules with their defaults emit straight into the collector, so the common case costs
  /// nothing (with no settings at all, `rule` is not even evaluated, so callers need not fetch
  /// the rule's descriptor); a rule with another severity emits into a fresh collector whose
  /// diagnostics are then given that severity.
  func run<State>(
    _ rule: @autoclosure () -> RuleID,
    on state: inout State,
    collector: WritableKeyPath<State, DiagnosticCollector>,
    _ body: (inout State) -> Void
  ) {
    guard !settings.isEmpty, let setting = settings[rule()] else {
      body(&state)
      return
    }
    guard case .severity(let severity) = setting else { return }
    let original = state[keyPath: collector]
    state[keyPath: collector] = DiagnosticCollector(
      fileName: original.fileName, lineTable: original.lineTable)
    body(&state)
    var emitted = state[keyPath: collector].diagnostics
    for index in emitted.indices { emitted[index].severity = severity }
    state[keyPath: collector] = original
    state[keyPath: collector].append(contentsOf: emitted)
  }
}
