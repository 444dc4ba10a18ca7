import PushDiagnostics

// The catalog of diagnostics about the `tokens` and `fcm` sections of a rules file.
extension DiagnosticMessage {
  static func fcmRulesConflictingFields(_ first: String, _ second: String) -> Self {
    .init(.fcmRulesConflictingFields, .error, "'\(first)' and '\(second)' exclude each other")
  }

  static func fcmRulesInvalidValue(_ field: String, _ problem: String) -> Self {
    .init(.fcmRulesInvalidValue, .error, "'\(field)' \(problem)")
  }

  static func fcmRulesMissingField(_ field: String, _ reason: String) -> Self {
    .init(.fcmRulesMissingField, .error, "'\(field)' is missing: \(reason)")
  }

  static func fcmRulesUnknownKey(_ key: String, in section: String, suggestion: String?) -> Self {
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return .init(.fcmRulesUnknownKey, .error, "unknown key '\(key)' in \(section)\(hint)")
  }

  static func fcmRulesWrongType(_ field: String, expected: String, found: String) -> Self {
    .init(.fcmRulesWrongType, .error, "'\(field)' must be \(expected), not \(found)")
  }
}
