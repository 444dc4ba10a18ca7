public import PushJSON

extension FCM {
  /// Web push options (`WebpushConfig`).
  public struct WebpushConfig: Hashable, Sendable {
    /// Web push protocol headers such as `TTL` and `Urgency` (RFC 8030). Wire key: `headers`.
    public var headers: Located<StringMap>?
    /// Custom key-value pairs that replace ``Message/data`` for web clients. Wire key: `data`.
    public var data: Located<StringMap>?
    /// A Web Notification options object (free-form JSON: `title`, `body`, `icon`, `dir`,
    /// `actions`, `requireInteraction` …), keys in source order. Wire key: `notification`.
    public var notification: Located<ValueNode>?
    /// Options for the FCM SDK for the web. Wire key: `fcm_options`.
    public var fcmOptions: Located<WebpushFCMOptions>?

    /// Creates a web push configuration.
    public init(
      headers: Located<StringMap>? = nil,
      data: Located<StringMap>? = nil,
      notification: Located<ValueNode>? = nil,
      fcmOptions: Located<WebpushFCMOptions>? = nil
    ) {
      self.headers = headers
      self.data = data
      self.notification = notification
      self.fcmOptions = fcmOptions
    }
  }
}
