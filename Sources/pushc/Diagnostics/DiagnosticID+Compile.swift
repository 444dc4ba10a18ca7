import PushDiagnostics

// The identifiers of the Compile diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+Compile.swift` use them.
extension DiagnosticID {
  /// `--target simctl` needs the app's bundle ID and the request names none.
  static var cliSimulatorNeedsBundleID: Self { Self(memberName: #function) }

  /// `--target fcm` was asked for raw APNs input, which has no FCM form.
  static var cliTargetNeedsFCM: Self { Self(memberName: #function) }
}
