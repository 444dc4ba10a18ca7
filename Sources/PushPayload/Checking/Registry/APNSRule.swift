import PushDiagnostics

/// A check of APNs requests: one file, a ``RuleDescriptor`` and a `check` function.
///
/// ``APNSRequestChecker`` runs the rules of ``RuleRegistry/apnsRules`` in order, each with its
/// ``RuleConfiguration`` setting, and stops after a rule whose ``allowsLaterRules(_:)`` is
/// `false`.
protocol APNSRule: SendableMetatype {
  /// The identifier, severity, summary, source and diagnostics of the rule.
  static var descriptor: RuleDescriptor { get }

  /// Checks the request of `context`, emitting into `collector`.
  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector)

  /// Whether the rules after this one can read the request of `context`; `false` stops them,
  /// whether this rule is enabled or not (the payload is empty, or is not a dictionary).
  static func allowsLaterRules(_ context: APNSCheckContext) -> Bool
}

extension APNSRule {
  static func allowsLaterRules(_ context: APNSCheckContext) -> Bool { true }
}
