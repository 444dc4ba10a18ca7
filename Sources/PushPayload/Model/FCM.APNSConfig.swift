public import PushJSON

extension FCM {
  /// APNs options (`ApnsConfig`).
  public struct APNSConfig: Hashable, Sendable {
    /// APNs request headers such as `apns-priority` and `apns-expiration`, string values only.
    /// Wire key: `headers`.
    public var headers: Located<StringMap>?
    /// The APNs payload: an object holding the `aps` dictionary and custom keys, kept as
    /// written (keys in source order). It overrides ``Notification/title`` and
    /// ``Notification/body`` on iOS. Wire key: `payload`.
    public var payload: Located<ValueNode>? {
      get { storedPayload }
      // A payload set or changed has a size of its own. Changed in place: observing it with
      // `didSet` made every change a copy.
      _modify {
        defer { measuredPayloadByteCount = nil }
        yield &storedPayload
      }
    }
    /// ``payload``, which the reader fills in place before it measures it.
    var storedPayload: Located<ValueNode>?
    /// Options for the FCM SDK for Apple platforms. Wire key: `fcm_options`.
    public var fcmOptions: Located<APNSFCMOptions>?
    /// A Live Activity push token or push-to-start token; the message still needs a `token`
    /// target. Wire key: `live_activity_token`.
    public var liveActivityToken: Located<String>?
    /// The bytes ``payload`` takes in compact canonical JSON, when the reader found it sent as
    /// written (``FCMRequestEncoder/FreeForm/isSentAsWritten(_:in:)``) and counted them from
    /// its source (``ValueTree/verbatimCompactByteCount(of:)``); `nil` otherwise, and once
    /// ``payload`` changes. ``FCMRequestEncoder/measure(_:)`` adds it instead of judging and
    /// counting the payload again. Not compared: configurations with the same fields are
    /// equal, measured or not.
    package var measuredPayloadByteCount: Int?

    /// Creates an APNs configuration.
    public init(
      headers: Located<StringMap>? = nil,
      payload: Located<ValueNode>? = nil,
      fcmOptions: Located<APNSFCMOptions>? = nil,
      liveActivityToken: Located<String>? = nil
    ) {
      self.headers = headers
      self.storedPayload = payload
      self.fcmOptions = fcmOptions
      self.liveActivityToken = liveActivityToken
    }

    /// A configuration with every field unset, for the reader to fill in place; built with
    /// stores alone, where the public initialiser assigns each argument over an implicit `nil`.
    init(unset: ()) {}

    /// Whether both have the same fields (a measured size is not compared).
    public static func == (lhs: APNSConfig, rhs: APNSConfig) -> Bool {
      lhs.headers == rhs.headers && lhs.storedPayload == rhs.storedPayload
        && lhs.fcmOptions == rhs.fcmOptions
        && lhs.liveActivityToken == rhs.liveActivityToken
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(headers)
      hasher.combine(storedPayload)
      hasher.combine(fcmOptions)
      hasher.combine(liveActivityToken)
    }
  }
}
