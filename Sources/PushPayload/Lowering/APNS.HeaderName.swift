extension APNS {
  /// The request headers APNs reads for device pushes, plus the broadcast and channel ones, in
  /// lower case: the one place each header name is spelled.
  public enum HeaderName: String, CaseIterable, Hashable, Sendable {
    /// `apns-push-type`: the ``APNS/PushType``.
    case pushType = "apns-push-type"
    /// `apns-id`: the canonical UUID of the notification.
    case id = "apns-id"
    /// `apns-expiration`: when the notification expires, in UNIX seconds (`0`: now).
    case expiration = "apns-expiration"
    /// `apns-priority`: `10`, `5` or `1`.
    case priority = "apns-priority"
    /// `apns-topic`: the bundle ID, with the push type's suffix.
    case topic = "apns-topic"
    /// `apns-collapse-id`: the identifier that merges notifications.
    case collapseID = "apns-collapse-id"
    /// `apns-channel-id`: the broadcast channel.
    case channelID = "apns-channel-id"
    /// `apns-request-id`: the channel-management request identifier.
    case requestID = "apns-request-id"
    /// `authorization`: the provider token.
    case authorization

    /// The header name as it is sent.
    public var name: String { rawValue }
  }
}
