public import PushDiagnostics
public import PushJSON

/// Checks FCM messages against every rule pushc knows: those FCM and the Admin SDKs enforce,
/// and the mistakes that make a message silently do the wrong thing.
///
/// The reader (``FCMMessageReader``) has already checked shapes and types; the checker looks
/// at values and at how fields combine. Each diagnostic points at the value it is about and
/// carries the JSON Pointer to it; for a message built in code the pointer is relative to the
/// request body (`/message/topic`).
///
/// Rules: targets, topic names and conditions; reserved and colliding `data` keys; image URLs;
/// analytics labels; Android TTL, colours, light settings and localization arguments; web push
/// link and notification; `apns.payload`; the Live Activity token and data-only priority; and
/// the message size. See `Documentation/Diagnostics/FCM.md` for each diagnostic.
public struct FCMChecker: Sendable {
  /// Creates a checker.
  public init() {}

  /// The diagnostics of `request`.
  ///
  /// - Parameters:
  ///   - request: The request to check.
  ///   - file: The source the request was read from, for positions and fix-its; `nil` for
  ///     requests built in code.
  ///   - encodedMessage: The `message` object of ``FCMRequestEncoder/encode(_:)-(FCM.SendRequest)``
  ///     for `request`, when the caller has it already; encoded here otherwise.
  /// - Returns: The diagnostics, in the order the rules found them.
  public func check(
    _ request: FCM.SendRequest,
    file: SourceFile? = nil,
    encodedMessage: ValueNode? = nil
  ) -> [Diagnostic] {
    var context = FCMCheckContext(file: file, message: request.message)
    let message = request.message.value
    FCMTargetRule.check(message, in: &context)
    FCMDataRule.check(message, in: &context)
    FCMImageURLRule.check(message, in: &context)
    FCMAnalyticsLabelRule.check(message, in: &context)
    FCMAndroidRule.check(message, in: &context)
    FCMWebpushRule.check(message, in: &context)
    FCMAPNSPayloadRule.check(message, in: &context)
    FCMAPNSRule.check(message, in: &context)
    if !context.collector.hasErrors {
      FCMSizeRule.check(
        message, encoded: encodedMessage ?? FCMRequestEncoder().encode(message), in: &context)
    }
    return context.collector.diagnostics
  }
}
