import PushDiagnostics

/// A check of FCM messages: one file, a ``RuleDescriptor`` and a `check` function.
///
/// ``FCMChecker`` runs the rules of ``RuleRegistry/fcmRules`` in order, each with its
/// ``RuleConfiguration`` setting.
protocol FCMRule: SendableMetatype {
  /// The identifier, severity, summary, source and diagnostics of the rule.
  static var descriptor: RuleDescriptor { get }

  /// Whether the rule runs only when the rules before it found no error, as the size rule,
  /// which measures the encoding of a message that must first be valid.
  static var runsOnlyWithoutErrors: Bool { get }

  /// Checks `message`, emitting into `context`.
  static func check(_ message: FCM.Message, in context: inout FCMCheckContext)
}

extension FCMRule {
  static var runsOnlyWithoutErrors: Bool { false }
}
