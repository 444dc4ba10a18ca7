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
    .init(.cliTargetNeedsFCM, .error, "this output needs an FCM message, but the input is a raw APNs payload")
  }
}

extension DiagnosticMessage {
  /// `pushc fit` shortened a string to make the payload fit.
  static func cliFitShortened(
    _ pointer: String,
    source: String?,
    characters: Int,
    before: Int,
    after: Int,
    budget: Int
  ) -> Self {
    .init(
      .cliFitShortened,
      .note,
      "shortened '\(pointer)'\(source.map { " (from '\($0)')" } ?? "") by \(characters) characters: the payload is now \(after) bytes (was \(before)) of the \(budget)-byte budget"
    )
  }
}
