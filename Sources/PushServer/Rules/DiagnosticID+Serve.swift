public import PushDiagnostics

// The identifiers of the rules-file diagnostics of `pushc serve` (`--rules FILE`,
// `POST /_pushc/rules`), alphabetically; each is declared once, here, and its text is the
// member's name. The entries of `DiagnosticMessage+Serve.swift` use them.
extension DiagnosticID {
  /// A fault gives both `times` and `probability`.
  public static var serveConflictingKeys: Self { Self(memberName: #function) }

  /// A date of the rules is not an ISO 8601 date and time.
  public static var serveInvalidDate: Self { Self(memberName: #function) }

  /// A device token of the rules is not 64 hexadecimal digits.
  public static var serveInvalidDeviceToken: Self { Self(memberName: #function) }

  /// A value of the rules has the wrong type.
  public static var serveInvalidType: Self { Self(memberName: #function) }

  /// An entry of the rules lacks a key it needs.
  public static var serveMissingKey: Self { Self(memberName: #function) }

  /// A fault's status is not the one Apple gives its reason.
  public static var serveReasonStatusMismatch: Self { Self(memberName: #function) }

  /// The rules have a key the server does not know.
  public static var serveUnknownKey: Self { Self(memberName: #function) }

  /// A fault's reason is not one of Apple's.
  public static var serveUnknownReason: Self { Self(memberName: #function) }

  /// A fault's status is not one APNs answers with.
  public static var serveUnknownStatus: Self { Self(memberName: #function) }

  /// A number of the rules is outside its range.
  public static var serveValueOutOfRange: Self { Self(memberName: #function) }
}
