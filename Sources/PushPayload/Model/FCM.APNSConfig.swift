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
    public var payload: Located<ValueNode>?
    /// Options for the FCM SDK for Apple platforms. Wire key: `fcm_options`.
    public var fcmOptions: Located<APNSFCMOptions>?
    /// A Live Activity push token or push-to-start token; the message still needs a `token`
    /// target. Wire key: `live_activity_token`.
    public var liveActivityToken: Located<String>?

    /// Creates an APNs configuration.
    public init(
      headers: Located<StringMap>? = nil,
      payload: Located<ValueNode>? = nil,
      fcmOptions: Located<APNSFCMOptions>? = nil,
      liveActivityToken: Located<String>? = nil
    ) {
      self.headers = headers
      self.payload = payload
      self.fcmOptions = fcmOptions
      self.liveActivityToken = liveActivityToken
    }

    /// A configuration with every field unset, for the reader to fill in place; built with
    /// stores alone, where the public initialiser assigns each argument over an implicit `nil`.
    init(unset: ()) {}
  }
}
