import PushDiagnostics

// The diagnostics of `pushc serve` rules documents, alphabetically.
extension DiagnosticMessage {
  /// A fault gives both `times` and `probability`.
  static func serveConflictingKeys() -> Self {
    .init(
      .serveConflictingKeys, .error,
      "a fault has both 'times' and 'probability'; give one, or neither to answer every "
        + "matching request")
  }

  /// A date of the rules is not an ISO 8601 date and time.
  static func serveInvalidDate(_ text: String, key: String) -> Self {
    .init(
      .serveInvalidDate, .error,
      "'\(key)' is '\(text)', not a date; expected ISO 8601 with a time zone such as "
        + "'2026-11-30T12:00:00Z'")
  }

  /// A device token of the rules is not 64 hexadecimal digits.
  static func serveInvalidDeviceToken(_ token: String) -> Self {
    .init(
      .serveInvalidDeviceToken, .error,
      "'\(token)' is not an APNs device token; expected 64 hexadecimal digits")
  }

  /// A value of the rules has the wrong type.
  static func serveInvalidType(_ subject: String, expected: String, found: String) -> Self {
    .init(.serveInvalidType, .error, "\(subject) must be \(expected), not \(found)")
  }

  /// An entry of the rules lacks a key it needs.
  static func serveMissingKey(_ key: String, in entry: String) -> Self {
    .init(.serveMissingKey, .error, "\(entry) needs '\(key)'")
  }

  /// A fault's status is not the one Apple gives its reason.
  static func serveReasonStatusMismatch(reason: String, status: Int, expected: Int) -> Self {
    .init(
      .serveReasonStatusMismatch, .error,
      "APNs answers '\(reason)' with status \(expected), not \(status)")
  }

  /// The rules have a key the server does not know.
  static func serveUnknownKey(_ key: String, in section: String, suggestion: String?) -> Self {
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return .init(.serveUnknownKey, .error, "unknown key '\(key)' in \(section)\(hint)")
  }

  /// A fault's reason is not one of Apple's.
  static func serveUnknownReason(_ reason: String, suggestion: String?) -> Self {
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return .init(.serveUnknownReason, .error, "'\(reason)' is not an APNs reason\(hint)")
  }

  /// A fault's status is not one APNs answers with.
  static func serveUnknownStatus(_ status: String, statuses: [Int]) -> Self {
    .init(
      .serveUnknownStatus, .error,
      "status \(status) is not an APNs error status; expected one of "
        + statuses.map(String.init).joined(separator: ", "))
  }

  /// A number of the rules is outside its range.
  static func serveValueOutOfRange(_ key: String, value: String, range: String) -> Self {
    .init(.serveValueOutOfRange, .error, "'\(key)' is \(value); it must be \(range)")
  }
}
