import PushServer

// The FCM options of `pushc serve`: the service-account file, OAuth and forwarding to APNs.
extension ServeCommand {
  /// `--emit-service-account <file>`.
  static let emitServiceAccount = Option<String?>(
    "emit-service-account", valueName: "file",
    help:
      "Write a service-account JSON file (fresh RSA key, token_uri on this server) for the "
      + "Firebase Admin SDKs, once the port is bound.")
  /// `--fcm-auth oauth|none`.
  static let fcmAuth = Option<String>(
    "fcm-auth", valueName: "mode", default: "oauth",
    help: "'oauth' (FCM requests need a live access token from POST /token) or 'none'.")
  /// `--fcm-project <id>`.
  static let fcmProject = Option<String>(
    "fcm-project", valueName: "id", default: "pushc-local",
    help: "The project ID of the service account; with OAuth the only project FCM answers.")
  /// `--forward-apns`.
  static let forwardAPNs = Option<Bool>.flag(
    "forward-apns",
    help: "Send the APNs request of each accepted FCM message to an iOS token to the APNs side.")
  /// The FCM options, in the order `--help` lists them.
  static let fcmOptions: [any CommandOption] = [
    emitServiceAccount, fcmAuth, fcmProject, forwardAPNs,
  ]

  /// Sets the FCM options the arguments ask for on `fcm` (its rules come with `--rules`).
  static func configureFCM(_ fcm: inout PushServer.FCMConfiguration, _ arguments: ParsedArguments)
    throws(UsageError)
  {
    fcm.projectID = arguments[fcmProject]
    switch arguments[fcmAuth] {
    case "oauth": fcm.authentication = .oauth
    case "none": fcm.authentication = .none
    case let other: throw UsageError("--fcm-auth must be 'oauth' or 'none', not '\(other)'")
    }
    if fcm.authentication == .none, arguments[emitServiceAccount] != nil {
      throw UsageError("--emit-service-account needs --fcm-auth oauth")
    }
    fcm.forwardsToAPNs = arguments[forwardAPNs]
  }
}
