import PushDiagnostics
import PushJSON

/// APNs options outside the payload: the Live Activity token and the priority of data-only
/// messages.
///
/// Emits: see ``descriptor``.
enum FCMAPNSRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-apns-options"),
    domain: .fcm,
    defaultSeverity: .error,
    summary:
      "the Live Activity token goes without a topic or condition, and data-only messages use priority 5",
    source: RuleDescriptor.Source.fcmLiveActivity,
    emits: [.fcmEmptyValue, .fcmLiveActivityWithoutToken, .fcmDataOnlyAPNSPriority]
  )

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // The fields are read through `message.apns` without copying the configuration.
    guard case .some = message.apns else { return }
    // Tested in place first: an optional chain through the configuration copies all of it.
    if message.withAPNS({ $0.pointee.liveActivityToken.isSome }) == true,
      let token = message.apns?.value.liveActivityToken
    {
      if token.value.isEmpty {
        context.emit(
          .fcmEmptyValue("apns.live_activity_token"), token.source,
          path: ["apns", "live_activity_token"])
      } else if let target = [("topic", message.topic), ("condition", message.condition)]
        .first(where: { $0.1 != nil })
      {
        context.emit(
          .fcmLiveActivityWithoutToken(target.0), token.source,
          path: ["apns", "live_activity_token"], onKey: true)
      }
    }
    // Only data-only messages are reported, which is tested first: most messages have a
    // notification, and are then not searched for the header. The header is found by index and
    // copied out only when it is reported.
    if isDataOnly(message), let entries = message.apns?.value.headers?.value.entries,
      let index = entries.lastIndex(where: {
        $0.key.lowercasedIfNeeded == APNS.HeaderName.priority.rawValue
      }), entries[index].value.value == "10"
    {
      let priority = entries[index]
      context.emit(
        .fcmDataOnlyAPNSPriority(), priority.value.source,
        path: ["apns", "headers", priority.key],
        span: context.span(of: 0..<2, in: "10", priority.value.source),
        fixIts: [
          context.fixIt(
            "use priority 5", replacing: 0..<2, in: "10", priority.value.source, with: "5")
        ])
    }
  }

  /// Whether iOS shows nothing for the message: no notification and no alert, badge or sound.
  static func isDataOnly(_ message: FCM.Message) -> Bool {
    // A pattern without a binding tests the case without copying the notification.
    if case .some = message.notification { return false }
    let aps = message.apns?.value.payload?.value.objectValue?[APNS.Payload.apsKey]?.objectValue
    return aps?[aps: .alert] == nil && aps?[aps: .badge] == nil && aps?[aps: .sound] == nil
  }
}
