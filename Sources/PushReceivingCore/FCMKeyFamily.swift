/// The families of top-level keys that FCM adds to a push delivered to iOS, or reserves.
///
/// FCM copies the message's `data` to the top level of the APNs payload, next to keys of its
/// own. A key belongs to FCM when it is one of these families; everything else is app data.
public enum FCMKeyFamily: String, CaseIterable, Hashable, Sendable {
  /// `gcm.message_id`: the FCM message id, used by the SDK for de-duplication and delivery
  /// metrics.
  case messageID = "message-id"
  /// `google.c.a.e`: `"1"` when analytics are enabled for the message.
  case analyticsEnabled = "analytics-enabled"
  /// `google.c.sender.id`: the sender's project number.
  case senderID = "sender-id"
  /// `google.c.fid`: the Firebase installation ID of the target.
  case installationID = "fid"
  /// `fcm_options`: options for the Notification Service Extension, such as `image`.
  case options = "fcm-options"
  /// `google.c.a.*` other than `google.c.a.e`: console campaign and analytics keys
  /// (`c_id`, `c_l`, `ts`, `udt`, `tc`, `m_l`).
  case analytics
  /// `gcm.n.e`: `"1"` on notifications composed in the Firebase console.
  case consoleNotification = "console-notification"
  /// `gcm.notification.*`, `google.c.cm.*` and `gcms`: contextual (local-time) console
  /// campaigns, and notification keys forwarded by the legacy API.
  case contextual
  /// `gcm.app_link`: a link the SDK forwards as a web-browsing user activity.
  case appLink = "app-link"
  /// `google.product_id`: the product id for delivery metrics.
  case productID = "product-id"
  /// Any other reserved key: `from`, `message_type`, or a key starting with `google` or `gcm`.
  case reserved

  /// The family of the top-level key `key`, or `nil` when the key is app data.
  public init?(key: String) {
    switch key {
    case "gcm.message_id": self = .messageID
    case "google.c.a.e": self = .analyticsEnabled
    case "google.c.sender.id": self = .senderID
    case "google.c.fid": self = .installationID
    case "fcm_options": self = .options
    case "gcm.n.e": self = .consoleNotification
    case "gcm.app_link": self = .appLink
    case "google.product_id": self = .productID
    case "gcms": self = .contextual
    case "from", "message_type": self = .reserved
    default:
      if key.hasPrefix("google.c.a.") {
        self = .analytics
      } else if key.hasPrefix("gcm.notification.") || key.hasPrefix("google.c.cm.") {
        self = .contextual
      } else if key.hasPrefix("google") || key.hasPrefix("gcm") {
        self = .reserved
      } else {
        return nil
      }
    }
  }
}
