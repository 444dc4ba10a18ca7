import PushDiagnostics
import PushPayload

/// What the identifiers in configuration files and suppressions can name: the rules of
/// ``RuleRegistry`` (`apns-headers`) and every diagnostic identifier (`apnsInvalidPriority`).
enum RuleNames {
  /// What an identifier names.
  enum Resolution: Hashable, Sendable {
    /// A rule.
    case rule(RuleID)
    /// A diagnostic.
    case diagnostic(DiagnosticID)
    /// Nothing; the hint suggests what was probably meant.
    case unknown(hint: String?)
  }

  /// The rule an identifier of a `rules` setting names, or what is wrong with it.
  enum RuleLookup {
    /// The rule.
    case found(RuleID)
    /// The diagnostic to report instead.
    case problem(DiagnosticMessage)
  }

  /// Every rule identifier, in registry order.
  static let ruleIdentifiers = RuleRegistry.rules.map(\.id.rawValue)

  /// Every diagnostic identifier of every domain.
  static let diagnosticIdentifiers = Set(
    RulesCommand.domains.flatMap { $0.diagnostics.map(\.rawValue) })

  /// What `text` names.
  static func resolve(_ text: String) -> Resolution {
    if RuleRegistry.rule(RuleID(text)) != nil { return .rule(RuleID(text)) }
    if diagnosticIdentifiers.contains(text) { return .diagnostic(DiagnosticID(rawValue: text)) }
    let candidates = ruleIdentifiers + diagnosticIdentifiers.sorted()
    return .unknown(
      hint: Suggestion.closest(to: text, among: candidates).map { "did you mean '\($0)'?" })
  }

  /// Whether `text` names neither a rule nor a diagnostic.
  static func isUnknown(_ text: String) -> Bool {
    if case .unknown = resolve(text) { return true }
    return false
  }

  /// The rule `text` names, or the diagnostic to report (an unknown identifier, or a diagnostic
  /// identifier where only rules are meaningful).
  static func rule(_ text: String) -> RuleLookup {
    switch resolve(text) {
    case .rule(let rule):
      return .found(rule)
    case .diagnostic(let diagnostic):
      let rules = RuleRegistry.rules(emitting: diagnostic).map { "'\($0.id)'" }
      let hint =
        rules.isEmpty
        ? "'\(text)' is a diagnostic, and settings name rules"
        : "'\(text)' is a diagnostic of \(rules.joined(separator: " or ")); settings name rules"
      return .problem(.configUnknownRule(text, hint: hint))
    case .unknown(let hint):
      let ruleHint = Suggestion.closest(to: text, among: ruleIdentifiers).map {
        "did you mean '\($0)'?"
      }
      return .problem(.configUnknownRule(text, hint: ruleHint ?? hint))
    }
  }

  /// Whether a suppression of `identifier` (a rule's or a diagnostic's) silences `diagnostic`.
  static func suppression(_ identifier: String, covers diagnostic: DiagnosticID) -> Bool {
    if identifier == diagnostic.rawValue { return true }
    return RuleRegistry.rules(emitting: diagnostic).contains { $0.id.rawValue == identifier }
  }
}
