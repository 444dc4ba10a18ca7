import PushDiagnostics

// The diagnostics of `.pushc.yaml` files and of suppressions, alphabetically.
extension DiagnosticMessage {
  /// An input named on the command line is skipped: the configuration file excludes it.
  static func configExcludedInput(configuration: String) -> Self {
    .init(
      .configExcludedInput, .note,
      "not checked: '\(configuration)' excludes it")
  }

  /// A setting of the configuration file has a value of the wrong type or out of its set.
  static func configInvalidValue(_ subject: String, expected: String) -> Self {
    .init(.configInvalidValue, .error, "invalid value for \(subject); expected \(expected)")
  }

  /// A `pushc-disable` comment names no rule or diagnostic.
  static func configMalformedSuppression(_ keyword: String) -> Self {
    .init(
      .configMalformedSuppression, .error,
      "'\(keyword)' names no rule; expected '# \(keyword) RULE-ID[, RULE-ID] [reason]'")
  }

  /// The configuration file has a key pushc does not know.
  static func configUnknownKey(_ key: String, in section: String?, suggestion: String?) -> Self {
    let place = section.map { " in '\($0)'" } ?? ""
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return .init(.configUnknownKey, .error, "unknown key '\(key)'\(place)\(hint)")
  }

  /// A rule or diagnostic identifier names nothing.
  static func configUnknownRule(_ identifier: String, hint: String?) -> Self {
    .init(
      .configUnknownRule, .error,
      "unknown rule '\(identifier)'" + (hint.map { "; \($0)" } ?? ""))
  }

  /// A suppression silenced nothing.
  static func configUnusedSuppression(_ identifiers: [String]) -> Self {
    .init(
      .configUnusedSuppression, .warning,
      "unused suppression of " + identifiers.map { "'\($0)'" }.joined(separator: ", ")
        + "; nothing it names was reported here")
  }
}
