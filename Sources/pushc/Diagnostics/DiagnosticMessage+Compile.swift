import PushDiagnostics

// The diagnostics of the compiling subcommands (compile, explain, fit), alphabetically.
extension DiagnosticMessage {
  /// `--target simctl` needs the app's bundle ID and the request names none.
  static func cliSimulatorNeedsBundleID() -> Self {
    .init(
      .cliSimulatorNeedsBundleID,
      .error,
      "a Simulator file names the app to deliver to; pass --bundle-id or set 'apns-topic'"
    )
  }

  /// `--target fcm` was asked for raw APNs input, which has no FCM form.
  static func cliTargetNeedsFCM() -> Self {
    .init(
      .cliTargetNeedsFCM, .error,
      "this output needs an FCM message, but the input is a raw APNs payload")
  }
}
