package import PushDiagnostics

// The diagnostics of lowering an FCM message to APNs, alphabetically.
extension DiagnosticMessage {
  /// An image is set but `aps.mutable-content` is not 1, so no Notification Service Extension
  /// runs and the image is never shown.
  package static func apnsImageWithoutMutableContent() -> Self {
    .init(
      .apnsImageWithoutMutableContent,
      .warning,
      "the image is only shown on iOS by a Notification Service Extension, which runs only when 'aps.mutable-content' is 1"
    )
  }

  /// `apns.payload.aps.alert` is not a dictionary, so it replaces `notification.title` and
  /// `notification.body` on iOS.
  package static func apnsNotificationOverriddenByAlert() -> Self {
    .init(
      .apnsNotificationOverriddenByAlert,
      .warning,
      "'aps.alert' replaces 'notification.title' and 'notification.body' on iOS; they are not delivered to Apple devices"
    )
  }

  /// Two parts of the message produce the same top-level APNs payload key.
  package static func apnsPayloadKeyProducedTwice(_ key: String, first: String, second: String)
    -> Self
  {
    .init(
      .apnsPayloadKeyProducedTwice,
      .error,
      "the APNs payload key '\(key)' is produced by both \(first) and \(second); only one value can reach the device"
    )
  }
}

// The diagnostics of `pushc fit`, alphabetically.
extension DiagnosticMessage {
  /// Even the shortest string (just the ellipsis) leaves the payload over the budget.
  package static func apnsFitImpossible(_ pointer: String, bytesWithoutIt: Int, limit: Int) -> Self
  {
    .init(
      .apnsFitImpossible,
      .error,
      "the payload cannot be made to fit by shortening '\(pointer)': without it, it is still \(bytesWithoutIt) bytes of the \(limit)-byte budget"
    )
  }

  /// The payload is over the budget and has no string to shorten.
  package static func apnsFitNoTarget(_ target: String, bytes: Int, limit: Int) -> Self {
    .init(
      .apnsFitNoTarget,
      .error,
      "the payload is \(bytes) bytes, over the \(limit)-byte budget, and has no \(target) string to shorten"
    )
  }
}
