import PushDiagnostics
import PushJSON

/// The rules that match the payload to push types whose payload Apple prescribes: a background
/// push carries only `content-available: 1`; an alert push shows or plays something; a widget or
/// control push carries `content-changed`.
///
/// Emits: see ``descriptor``.
enum APNSBackgroundRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-push-type-payload"),
    domain: .apns,
    defaultSeverity: .error,
    summary:
      "the payload suits the push type: background pushes only wake the app, alert pushes show something, widget pushes carry content-changed",
    source: RuleDescriptor.Source.apnsBackground,
    emits: [
      .apnsBackgroundWithUserInteraction,
      .apnsBackgroundWithoutContentAvailable,
      .apnsKeyNotForPushType,
      .apnsAlertPushShowsNothing,
      .apnsMissingContentChanged,
    ]
  )

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    switch context.knownPushType {
    case .background?: checkBackground(context, collector: &collector)
    case .alert?: checkAlert(context, collector: &collector)
    case .widgets?, .controls?: checkWidgets(context, collector: &collector)
    default: break
    }
  }

  /// Where a diagnostic about `aps` as a whole points: its key, or the payload.
  static func apsAnchor(_ context: APNSCheckContext) -> APNSLocation {
    context.apsMember.map { context.location(ofKeyOf: $0, at: APNSCheckContext.apsPointer) }
      ?? context.location(ofPayloadValueAt: .root, span: context.request.payload.span)
  }

  // MARK: - Background

  static func checkBackground(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    let aps = context.aps ?? JSONObject()
    for member in APNSCheckContext.effectiveMembers(of: aps)
    where member.key != APNS.APS.Key.contentAvailable.rawValue {
      let pointer = APNSCheckContext.apsPointer.appending(member.key)
      let location = context.location(ofKeyOf: member, at: pointer)
      if APNSLimits.userInteractionKeys.contains(member.key) {
        collector.emit(
          .apnsBackgroundWithUserInteraction("aps.\(member.key)"),
          at: location,
          notes: APNSPushTypeRules.pushTypeNote(context, collector: collector)
        )
      } else if let key = APNSLimits.apsKey(named: member.key) {
        collector.emit(
          .apnsKeyNotForPushType(
            APNSCheckContext.path(pointer), pushType: APNS.PushType.background.rawValue,
            meaningfulFor: key.pushTypes.map(\.rawValue)),
          at: location
        )
      }
    }
    guard aps[aps: .contentAvailable] == nil else { return }
    var severity: Severity?
    var notes: [Diagnostic.Note] = []
    if case .fcmLowered(let hasContentForApple) = context.options.profile {
      // FCM delivers data-only messages to apps in the foreground; a message with nothing for
      // Apple devices (such as an Android-only one) has no silent push to report.
      guard hasContentForApple else { return }
      severity = .warning
      notes.append(
        Diagnostic.Note(
          "FCM delivers such data-only messages only while the app is in the foreground; add "
            + "'\"content-available\": 1' to 'apns.payload.aps' to wake it in the background"
        ))
    }
    collector.emit(
      .apnsBackgroundWithoutContentAvailable(),
      at: apsAnchor(context),
      severity: severity,
      notes: notes,
      fixIts: [Diagnostic.FixIt("add '\"content-available\": 1' to 'aps'")]
    )
  }

  // MARK: - Alert

  static func checkAlert(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    let aps = context.aps ?? JSONObject()
    // Told by index: the subscript copies the value it finds.
    if aps.lastIndex(ofMemberNamed: APNS.APS.Key.badge.rawValue) != nil
      || aps.lastIndex(ofMemberNamed: APNS.APS.Key.sound.rawValue) != nil
    {
      return
    }
    if let alert = aps[aps: .alert], isVisible(alert) { return }
    let suggestion: APNS.PushType? =
      if aps[aps: .event] != nil {
        .liveactivity
      } else if aps[aps: .contentChanged] != nil {
        .widgets
      } else if aps[aps: .contentAvailable]?.numberValue?.intValue == 1 {
        .background
      } else {
        nil
      }
    collector.emit(
      .apnsAlertPushShowsNothing(suggestedPushType: suggestion?.rawValue),
      at: apsAnchor(context),
      notes: APNSPushTypeRules.pushTypeNote(context, collector: collector)
    )
  }

  /// The alert keys whose text makes an alert visible.
  static let visibleTextKeys: [APNS.AlertDictionary.Key] = [
    .title, .subtitle, .body, .titleLocKey, .subtitleLocKey, .locKey,
  ]

  /// Whether an `alert` value shows text: a non-empty string, or a dictionary with a non-empty
  /// title, subtitle or body, a localization key, or a Live Activity text dictionary. Values of
  /// another type count as visible, since their type error is reported already.
  static func isVisible(_ alert: ValueNode) -> Bool {
    if let text = alert.stringValue { return !text.isEmpty }
    guard let object = alert.objectValue else { return true }
    for key in visibleTextKeys {
      guard let value = object[alert: key] else { continue }
      if let text = value.stringValue, !text.isEmpty { return true }
      if value.objectValue != nil { return true }
    }
    return false
  }

  // MARK: - Widgets and controls

  static func checkWidgets(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    guard context.aps?[aps: .contentChanged] == nil, let pushType = context.pushTypeName else {
      return
    }
    collector.emit(
      .apnsMissingContentChanged(pushType: pushType),
      at: apsAnchor(context),
      fixIts: [Diagnostic.FixIt("add '\"content-changed\": true' to 'aps'")]
    )
  }
}
