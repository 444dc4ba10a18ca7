public import PushDiagnostics

/// What a rule declares about itself: its identifier, default severity, a one-line summary, the
/// document it follows and the diagnostics it emits.
///
/// Every check of `FCMChecker` and `APNSRequestChecker` is a rule with a descriptor, listed in
/// ``RuleRegistry``; `pushc rules` prints them and ``RuleConfiguration`` refers to them by
/// ``id``.
public struct RuleDescriptor: Hashable, Sendable, Identifiable {
  /// What a rule checks.
  public enum Domain: String, Hashable, Sendable, CaseIterable {
    /// FCM messages, as the Admin SDKs and the FCM HTTP v1 API see them.
    case fcm
    /// APNs requests: raw, or lowered from an FCM message.
    case apns
  }

  /// The stable identifier, kebab-case, starting with the domain.
  public let id: RuleID
  /// What the rule checks.
  public let domain: Domain
  /// The severity of the rule's most serious diagnostic, as the catalog gives it.
  public let defaultSeverity: Severity
  /// One line saying what the rule checks, without a trailing period.
  public let summary: String
  /// Where the rule comes from: the URL of the Apple or Firebase document it follows, or
  /// `Admin SDK behaviour` for what only the Firebase Admin SDKs enforce.
  public let source: String
  /// Every diagnostic the rule can emit, in the order its documentation lists them.
  public let emits: [DiagnosticID]

  /// Creates a descriptor.
  ///
  /// - Parameters:
  ///   - id: The stable identifier.
  ///   - domain: What the rule checks.
  ///   - defaultSeverity: The severity of the rule's most serious diagnostic.
  ///   - summary: One line saying what the rule checks.
  ///   - source: The document the rule follows, or `Admin SDK behaviour`.
  ///   - emits: Every diagnostic the rule can emit.
  public init(
    _ id: RuleID,
    domain: Domain,
    defaultSeverity: Severity,
    summary: String,
    source: String,
    emits: [DiagnosticID]
  ) {
    self.id = id
    self.domain = domain
    self.defaultSeverity = defaultSeverity
    self.summary = summary
    self.source = source
    self.emits = emits
  }
}

extension RuleDescriptor {
  /// The sources rules cite, spelled once.
  enum Source {
    /// Firebase: the FCM HTTP v1 `projects.messages` resource.
    static let fcmMessages =
      "https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages"
    /// Firebase: FCM error codes, with the message size limits.
    static let fcmErrorCodes = "https://firebase.google.com/docs/cloud-messaging/error-codes"
    /// Firebase: sending topic messages (topic names and conditions).
    static let fcmTopics = "https://firebase.google.com/docs/cloud-messaging/send-topic-messages"
    /// Firebase: Live Activities through FCM.
    static let fcmLiveActivity = "https://firebase.google.com/docs/cloud-messaging/live-activity"
    /// What the Firebase Admin SDKs enforce before sending.
    static let adminSDK = "Admin SDK behaviour"
    /// Apple: sending notification requests to APNs (headers, push types, topics, tokens).
    static let apnsSending =
      "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
    /// Apple: generating a remote notification (the payload keys).
    static let apnsPayload =
      "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification"
    /// Apple: pushing background updates to your app.
    static let apnsBackground =
      "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    /// Apple: starting and updating Live Activities with ActivityKit push notifications.
    static let apnsLiveActivity =
      "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
  }
}
