public import PushDiagnostics

// The identifiers of the diagnostics about the `tokens` and `fcm` sections of a
// `pushc serve --rules` file, alphabetically; the entries of `DiagnosticMessage+FCMRules.swift`
// use them.
extension DiagnosticID {
  /// Two fields that exclude each other are both given (`times` and `probability`).
  public static var fcmRulesConflictingFields: Self { Self(memberName: #function) }
  /// A value of the right type that is not allowed (an unknown platform or FCM error code, a
  /// device token that is not 64 hexadecimal digits, a probability above 1).
  public static var fcmRulesInvalidValue: Self { Self(memberName: #function) }
  /// A field the entry needs is missing (an iOS token without `apns_token`).
  public static var fcmRulesMissingField: Self { Self(memberName: #function) }
  /// A key the rules file does not define.
  public static var fcmRulesUnknownKey: Self { Self(memberName: #function) }
  /// A value of the wrong type.
  public static var fcmRulesWrongType: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// The `tokens` and `fcm` sections of a `pushc serve --rules` file.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let fcmRules = DiagnosticDomain(
    "fcmRules",
    documentationFile: "FCMRules.md",
    diagnostics: [
      .fcmRulesConflictingFields,
      .fcmRulesInvalidValue,
      .fcmRulesMissingField,
      .fcmRulesUnknownKey,
      .fcmRulesWrongType,
    ]
  )
}
