/// What the `tokens` and `fcm` sections of a `pushc serve --rules` file say about FCM: the
/// registration tokens the server knows (iOS devices with their APNs token, Android and web
/// apps, unregistered ones) and the faults injected into `messages:send`.
///
/// Read with ``FCMRulesReader``; a registration token the rules do not name is accepted as a
/// token of an unknown platform (its messages are recorded without an APNs request).
public struct FCMRules: Hashable, Sendable {
  /// The platform of an app instance.
  public enum Platform: String, CaseIterable, Hashable, Sendable {
    /// An iOS app: FCM sends its messages to APNs.
    case ios
    /// An Android app.
    case android
    /// A web app.
    case web
  }

  /// One registration token.
  public struct Device: Hashable, Sendable {
    /// The app's platform, if known.
    public var platform: Platform?
    /// The 64 hexadecimal digits of the APNs device token (iOS).
    public var apnsToken: String?
    /// The app's bundle ID, the `apns-topic` FCM sends with (iOS).
    public var bundleID: String?
    /// Whether the token is no longer valid: every message to it is `UNREGISTERED`.
    public var isUnregistered: Bool
    /// After how many accepted messages the token becomes unregistered.
    public var unregisteredAfter: Int?

    /// Creates a device.
    public init(
      platform: Platform? = nil, apnsToken: String? = nil, bundleID: String? = nil,
      isUnregistered: Bool = false, unregisteredAfter: Int? = nil
    ) {
      self.platform = platform
      self.apnsToken = apnsToken
      self.bundleID = bundleID
      self.isUnregistered = isUnregistered
      self.unregisteredAfter = unregisteredAfter
    }
  }

  /// An injected FCM error: checked in order, the first that matches and has not run out is
  /// the answer.
  public struct Fault: Hashable, Sendable {
    /// The registration token the message must target, if any.
    public var token: String?
    /// The topic the message must target, if any.
    public var topic: String?
    /// The error answered.
    public var error: FCMErrorCode
    /// How many times it is answered; `nil` is every time (or with ``probability``).
    public var times: Int?
    /// The chance of answering it, in `[0, 1]`; `nil` is every time (or ``times``).
    public var probability: Double?
    /// Seconds for the `Retry-After` header (`QUOTA_EXCEEDED`, `UNAVAILABLE`).
    public var retryAfterSeconds: Int?

    /// Creates a fault.
    public init(
      token: String? = nil, topic: String? = nil, error: FCMErrorCode, times: Int? = nil,
      probability: Double? = nil, retryAfterSeconds: Int? = nil
    ) {
      self.token = token
      self.topic = topic
      self.error = error
      self.times = times
      self.probability = probability
      self.retryAfterSeconds = retryAfterSeconds
    }
  }

  /// The known registration tokens.
  public var tokens: [String: Device]
  /// The faults, in order.
  public var faults: [Fault]
  /// `fcm.latency_ms`: added to every answer of the FCM side (`messages:send`, `/token`, the
  /// topic endpoints), without holding up other requests.
  public var latencyMilliseconds: Int?

  /// Creates rules.
  public init(
    tokens: [String: Device] = [:], faults: [Fault] = [], latencyMilliseconds: Int? = nil
  ) {
    self.tokens = tokens
    self.faults = faults
    self.latencyMilliseconds = latencyMilliseconds
  }
}
