import PushDiagnostics

// The identifiers of the configuration and suppression diagnostics, alphabetically; each is
// declared once, here, and its text is the member's name. The entries of
// `DiagnosticMessage+Config.swift` use them.
extension DiagnosticID {
  /// An input named on the command line is skipped: the configuration file excludes it.
  static var configExcludedInput: Self { Self(memberName: #function) }

  /// A setting of the configuration file has a value of the wrong type or out of its set.
  static var configInvalidValue: Self { Self(memberName: #function) }

  /// A `pushc-disable` comment names no rule or diagnostic.
  static var configMalformedSuppression: Self { Self(memberName: #function) }

  /// The configuration file has a key pushc does not know.
  static var configUnknownKey: Self { Self(memberName: #function) }

  /// A rule or diagnostic identifier of the configuration file or a suppression names nothing.
  static var configUnknownRule: Self { Self(memberName: #function) }

  /// A suppression silenced nothing in the inputs it applies to.
  static var configUnusedSuppression: Self { Self(memberName: #function) }
}
