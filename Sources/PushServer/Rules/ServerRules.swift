/// What `--rules FILE`, `POST /_pushc/rules` and ``PushServer/Configuration/rules`` script: the
/// answers the server gives instead of, or on top of, Apple's checks.
///
/// The document's top level has the keys `apns` (read here), `tokens` and `fcm` (the FCM
/// endpoint's sections, accepted and left to its reader). Read a document with
/// ``ServerRulesReader``; build one in code for in-process tests:
///
/// ```swift
/// var rules = ServerRules()
/// rules.apns.faults = [ServerRules.Fault(reason: "ServiceUnavailable", trigger: .times(2))]
/// ```
public struct ServerRules: Hashable, Sendable {
  /// The top-level keys of a rules document.
  public static let topLevelKeys = ["apns", "tokens", "fcm"]

  /// The rules of the APNs endpoint (`apns`).
  public var apns: APNS

  /// Creates rules; without arguments, none: every request gets Apple's answer.
  public init(apns: APNS = APNS()) {
    self.apns = apns
  }
}
