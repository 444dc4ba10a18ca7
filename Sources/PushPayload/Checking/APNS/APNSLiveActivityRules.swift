import PushDiagnostics
import PushJSON

/// The Live Activity rules (ActivityKit push notifications): every push needs `event` and
/// `timestamp`; `start` and `update` need `content-state` (`end` should send the final one);
/// `start` also needs `alert`, `attributes-type` and `attributes`; `input-push-token` and
/// `input-push-channel` only start an activity; dates are seconds, not milliseconds; and the
/// alert's `sound` goes inside `alert`.
///
/// Runs when the push type is `liveactivity`, or when no valid push type is given and `aps`
/// has an `event`.
///
/// Emits: see ``descriptor``.
enum APNSLiveActivityRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-live-activity"),
    domain: .apns,
    defaultSeverity: .error,
    summary: "Live Activity pushes have the keys their event needs, with dates in seconds",
    source: RuleDescriptor.Source.apnsLiveActivity,
    emits: [
      .apnsLiveActivityMissingKey,
      .apnsLiveActivityInvalidEvent,
      .apnsLiveActivityKeyNotForEvent,
      .apnsLiveActivitySoundOutsideAlert,
      .apnsDateInMilliseconds,
    ]
  )

  /// The keys a Live Activity start needs.
  static let startKeys = APNS.APS.Key.allCases.filter(\.isRequiredToStartLiveActivity)

  /// The keys only a Live Activity start may carry.
  static let startOnlyKeys = APNS.APS.Key.allCases.filter(\.isOnlyForLiveActivityStart)

  /// The dates in UNIX seconds, in the order they are checked.
  static let epochSecondsKeys: [APNS.APS.Key] = [.timestamp, .staleDate, .dismissalDate]

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    guard context.isLiveActivity else { return }
    let aps = context.aps ?? JSONObject()
    let anchor =
      context.apsMember.map { context.location(ofKeyOf: $0, at: APNSCheckContext.apsPointer) }
      ?? context.location(ofPayloadValueAt: .root, span: context.request.payload.span)

    var event: String?
    if let node = aps[aps: .event] {
      if let value = node.stringValue {
        if APNSLimits.liveActivityEvents.contains(value) {
          event = value
        } else {
          reportInvalidEvent(value, node: node, context: context, collector: &collector)
        }
      }
    } else {
      collector.emit(.apnsLiveActivityMissingKey("aps.event", event: nil), at: anchor)
    }
    if aps[aps: .timestamp] == nil {
      collector.emit(.apnsLiveActivityMissingKey("aps.timestamp", event: nil), at: anchor)
    }
    checkDates(aps, context: context, collector: &collector)
    if let member = aps.member(aps: .sound) {
      let pointer = APNSCheckContext.apsPointer.appending(member.key)
      collector.emit(
        .apnsLiveActivitySoundOutsideAlert(),
        at: context.location(ofKeyOf: member, at: pointer)
      )
    }
    guard let event else { return }

    if aps[aps: .contentState] == nil {
      collector.emit(
        .apnsLiveActivityMissingKey("aps.content-state", event: event),
        at: anchor,
        severity: event == APNS.LiveActivityEvent.end.rawValue ? .warning : nil
      )
    }
    let start = APNS.LiveActivityEvent.start.rawValue
    if event == start {
      for key in startKeys where aps[aps: key] == nil {
        collector.emit(
          .apnsLiveActivityMissingKey("aps.\(key.rawValue)", event: event), at: anchor)
      }
    } else {
      for key in startOnlyKeys {
        guard let member = aps.member(aps: key) else { continue }
        let pointer = APNSCheckContext.apsPointer.appending(member.key)
        collector.emit(
          .apnsLiveActivityKeyNotForEvent("aps.\(member.key)", event: event, expectedEvent: start),
          at: context.location(ofKeyOf: member, at: pointer)
        )
      }
    }
  }

  static func reportInvalidEvent(
    _ value: String,
    node: ValueNode,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let pointer = APNSCheckContext.apsPointer.appending(APNS.APS.Key.event.rawValue)
    let location = context.location(ofPayloadValueAt: pointer, span: node.span)
    let suggestion = EditDistance.closest(to: value, among: APNSLimits.liveActivityEvents)
    collector.emit(
      .apnsLiveActivityInvalidEvent(value, suggestion: suggestion),
      at: location,
      fixIts: suggestion.map {
        [
          collector.fixIt(
            "replace with '\($0)'", replacingString: value, at: location.span, with: $0)
        ]
      } ?? []
    )
  }

  /// `timestamp`, `stale-date` and `dismissal-date` are UNIX seconds; millisecond values put
  /// the date thousands of years ahead.
  static func checkDates(
    _ aps: JSONObject,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    for apsKey in epochSecondsKeys {
      let key = apsKey.rawValue
      guard let node = aps[key], let number = node.numberValue, number.isIntegerLiteral,
        number.intValue.map({ $0 > APNSLimits.largestPlausibleEpochSeconds }) ?? true
      else { continue }
      let pointer = APNSCheckContext.apsPointer.appending(key)
      let location = context.location(ofPayloadValueAt: pointer, span: node.span)
      var fixIts: [Diagnostic.FixIt] = []
      if let milliseconds = number.intValue {
        fixIts.append(
          collector.fixIt(
            "divide by 1000", replacingValueAt: location.span, with: String(milliseconds / 1000)))
      }
      collector.emit(
        .apnsDateInMilliseconds("aps.\(key)", value: number.lexeme),
        at: location,
        fixIts: fixIts
      )
    }
  }
}
