import PushDiagnostics
import PushJSON
import PushServer

// The FCM options of `pushc serve`: the service-account file, OAuth, forwarding to APNs and
// the `tokens` and `fcm` sections of the rules file.
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
  /// `--rules <file>`.
  static let rules = Option<String?>(
    "rules", valueName: "file",
    help: "Read registration tokens and FCM faults from this YAML or JSON file.")

  /// The FCM options, in the order `--help` lists them.
  static let fcmOptions: [any CommandOption] = [
    emitServiceAccount, fcmAuth, fcmProject, forwardAPNs, rules,
  ]

  /// The FCM configuration the arguments ask for, or the exit code when the rules file cannot
  /// be read (`cannotRead`) or has errors (`failure`), which are reported on `console`.
  static func fcmConfiguration(_ arguments: ParsedArguments, console: Console)
    throws(UsageError) -> (configuration: PushServer.FCMConfiguration?, failure: ExitCode)
  {
    var fcm = PushServer.FCMConfiguration(projectID: arguments[fcmProject])
    switch arguments[fcmAuth] {
    case "oauth": fcm.authentication = .oauth
    case "none": fcm.authentication = .none
    case let other: throw UsageError("--fcm-auth must be 'oauth' or 'none', not '\(other)'")
    }
    if fcm.authentication == .none, arguments[emitServiceAccount] != nil {
      throw UsageError("--emit-service-account needs --fcm-auth oauth")
    }
    fcm.forwardsToAPNs = arguments[forwardAPNs]
    guard let path = arguments[rules] else { return (fcm, .success) }
    let printer = DiagnosticPrinter(options: DiagnosticOptions(), console: console)
    defer { printer.finish() }
    let file: SourceFile
    do {
      file = try InputReader(console: console, maximumSize: 16 * 1024 * 1024).read(path)
    } catch {
      printer.reportCannotRead(path, error)
      return (nil, .cannotRead)
    }
    let parsed = SourceLoader().load(file)
    var hasErrors = printer.report(parsed.diagnostics, in: file) || parsed.hasErrors
    if !hasErrors {
      let read = FCMRulesReader(checksTopLevel: true).read(
        parsed.documents.first ?? ValueNode(.object(JSONObject())), file: file)
      hasErrors = printer.report(read.diagnostics, in: file)
      fcm.rules = read.rules
    }
    return hasErrors ? (nil, .failure) : (fcm, .success)
  }
}
