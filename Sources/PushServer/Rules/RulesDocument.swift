public import PushDiagnostics
public import PushJSON

/// A whole rules document, as `pushc serve --rules FILE` and `POST /_pushc/rules` take it: the
/// top level and `apns` (``ServerRulesReader``), `tokens` and `fcm` (``FCMRulesReader``), read
/// from one parse with every diagnostic of both.
public struct RulesDocument: Sendable {
  /// The APNs side's rules.
  public var rules: ServerRules
  /// The FCM side's rules.
  public var fcmRules: FCMRules
  /// The diagnostics of reading, parsing included, in presentation order.
  public var diagnostics: [Diagnostic]

  /// Whether no diagnostic is an error: only then are the rules put in force.
  public var isValid: Bool { !diagnostics.containsErrors }

  /// Reads the parsed document (an empty file is no rules).
  public init(_ parsed: ParsedSource) {
    let apns = ServerRulesReader.read(parsed)
    let fcm = parsed.documents.first.map {
      FCMRulesReader(checksTopLevel: false).read($0, file: parsed.file)
    }
    rules = apns.rules
    fcmRules = fcm?.rules ?? FCMRules()
    diagnostics = (apns.diagnostics + (fcm?.diagnostics ?? [])).sortedForPresentation()
  }
}
