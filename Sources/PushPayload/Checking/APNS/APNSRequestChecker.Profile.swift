extension APNSRequestChecker {
  /// What the request being checked is, which decides what some rules report.
  ///
  /// A request lowered from an FCM message is not the one the user writes: FCM sets
  /// `apns-topic` itself and delivers data-only messages to apps in the foreground, and the
  /// values of `apns.payload.aps` have been checked already, by the FCM rule
  /// `fcm-apns-payload`. In the ``fcmLowered(hasContentForApple:)`` profile the APNs rules leave
  /// out what does not apply and what that FCM rule reports, so each problem is reported once.
  public enum Profile: Hashable, Sendable {
    /// A request written as APNs input (a payload, a request document or a Simulator file):
    /// every rule applies.
    case rawAPNs
    /// A request ``APNSLowering`` built from an FCM message. `hasContentForApple` is whether the
    /// message has a notification, data or `apns` (a message without, such as an Android-only
    /// one, has no silent-push problem to report).
    case fcmLowered(hasContentForApple: Bool)

    /// The profile for the lowering of `message`.
    public static func fcmLowered(from message: FCM.Message) -> Profile {
      // Told by case, without a binding: `!= nil` copied each value it compared (a retain of
      // each of its references, and a release after).
      if case .some = message.notification { return .fcmLowered(hasContentForApple: true) }
      if case .some = message.data { return .fcmLowered(hasContentForApple: true) }
      if case .some = message.apns { return .fcmLowered(hasContentForApple: true) }
      return .fcmLowered(hasContentForApple: false)
    }

    /// Whether the request was lowered from an FCM message.
    public var isFCMLowered: Bool {
      if case .fcmLowered = self { return true }
      return false
    }
  }
}
