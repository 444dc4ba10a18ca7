import PushDiagnostics
import PushJSON

/// Android values the types cannot express: TTL range, colours, light settings, localization
/// arguments, counts and vibration timings.
///
/// Emits: see ``descriptor``.
enum FCMAndroidRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-android"),
    domain: .fcm,
    defaultSeverity: .error,
    summary:
      "Android TTL, colours, light settings, localization arguments, counts and vibration timings",
    source: RuleDescriptor.Source.adminSDK,
    emits: [
      .fcmNegativeDuration,
      .fcmTTLTooLong,
      .fcmInvalidColor,
      .fcmMissingField,
      .fcmLocArgsWithoutLocKey,
      .fcmNegativeNotificationCount,
    ]
  )

  /// FCM's longest TTL: 28 days.
  static let maximumTTLSeconds = 2_419_200

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // The fields are read in place, without copying the configuration.
    _ = message.withAndroid { android in check(android, in: &context) }
  }

  /// Checks the Android configuration at `android`.
  private static func check(
    _ android: UnsafePointer<FCM.AndroidConfig>, in context: inout FCMCheckContext
  ) {
    if let ttl = android.pointee.ttl {
      if ttl.value.isNegative {
        context.emit(
          .fcmNegativeDuration(ttl.value.protoJSON, path: "android.ttl"),
          ttl.source,
          path: ["android", "ttl"]
        )
      } else if ttl.value > FCM.Duration(seconds: Int64(maximumTTLSeconds)) {
        context.emit(
          .fcmTTLTooLong(ttl.value.protoJSON, limit: maximumTTLSeconds),
          ttl.source,
          path: ["android", "ttl"]
        )
      }
    }
    // The notification is copied only when it has a field checked here.
    var hasCheckedField = false
    android.pointee.withNotificationAddress {
      hasCheckedField = $0.pointee.hasFieldCheckedByAndroidRule
    }
    if hasCheckedField, let notification = android.pointee.notification?.value {
      checkNotification(notification, in: &context)
    }
  }

  static func checkNotification(
    _ notification: FCM.AndroidNotification,
    in context: inout FCMCheckContext
  ) {
    let base = ["android", "notification"]
    if let color = notification.color,
      !(color.value.utf8.count == 7 && FCM.Color(hex: color.value) != nil)
    {
      context.emit(
        .fcmInvalidColor(
          "'\(color.value)'", path: "android.notification.color", expected: "'#RRGGBB'"),
        color.source,
        path: base + ["color"]
      )
    }
    checkLocArgs(
      notification.bodyLocArgs, key: notification.bodyLocKey,
      names: ("body_loc_args", "body_loc_key"), in: &context)
    checkLocArgs(
      notification.titleLocArgs, key: notification.titleLocKey,
      names: ("title_loc_args", "title_loc_key"), in: &context)
    if let count = notification.notificationCount, count.value < 0 {
      context.emit(
        .fcmNegativeNotificationCount(count.value),
        count.source,
        path: base + ["notification_count"]
      )
    }
    if let timings = notification.vibrateTimings {
      for (index, timing) in timings.value.enumerated() where timing.value.isNegative {
        context.emit(
          .fcmNegativeDuration(
            timing.value.protoJSON, path: "android.notification.vibrate_timings[\(index)]"),
          timing.source,
          path: base + ["vibrate_timings", String(index)]
        )
      }
    }
    if let settings = notification.lightSettings {
      checkLightSettings(settings, in: &context)
    }
  }

  static func checkLocArgs(
    _ args: Located<[Located<String>]>?,
    key: Located<String>?,
    names: (args: String, key: String),
    in context: inout FCMCheckContext
  ) {
    guard let args, !args.value.isEmpty, key?.value.isEmpty ?? true else { return }
    context.emit(
      .fcmLocArgsWithoutLocKey(
        "android.notification.\(names.args)", key: "android.notification.\(names.key)"),
      args.source,
      path: ["android", "notification", names.args],
      onKey: true
    )
  }

  static func checkLightSettings(
    _ settings: Located<FCM.LightSettings>,
    in context: inout FCMCheckContext
  ) {
    let path = ["android", "notification", "light_settings"]
    let object = "android.notification.light_settings"
    let missing = [
      ("color", settings.value.color == nil),
      ("light_on_duration", settings.value.lightOnDuration == nil),
      ("light_off_duration", settings.value.lightOffDuration == nil),
    ]
    // The reader reports fields missing from the input (it can tell a missing field from an
    // invalid one); here only light settings built in code are checked.
    for (field, isMissing) in missing where isMissing && settings.source == nil {
      context.emit(.fcmMissingField(field, object: object), settings.source, path: path)
    }
    for (field, duration) in [
      ("light_on_duration", settings.value.lightOnDuration),
      ("light_off_duration", settings.value.lightOffDuration),
    ] {
      guard let duration, duration.value.isNegative else { continue }
      context.emit(
        .fcmNegativeDuration(duration.value.protoJSON, path: "\(object).\(field)"),
        duration.source,
        path: path + [field]
      )
    }
    if let color = settings.value.color {
      let components = [
        ("red", color.value.red), ("green", color.value.green), ("blue", color.value.blue),
        ("alpha", color.value.alpha),
      ]
      for (name, number) in components {
        guard let number else { continue }
        let value = number.doubleValue ?? .infinity
        guard !(0...1).contains(value) else { continue }
        context.emit(
          .fcmInvalidColor(
            "component '\(name)' \(number.lexeme)", path: "\(object).color",
            expected: "components in [0, 1]"),
          color.source,
          path: path + ["color"]
        )
      }
    }
  }
}

extension FCM.AndroidNotification {
  /// Whether a field ``FCMAndroidRule/checkNotification(_:in:)`` checks is set (`if case .some`
  /// tests each without copying it).
  fileprivate var hasFieldCheckedByAndroidRule: Bool {
    if case .some = color { return true }
    if case .some = bodyLocArgs { return true }
    if case .some = titleLocArgs { return true }
    if case .some = notificationCount { return true }
    if case .some = vibrateTimings { return true }
    if case .some = lightSettings { return true }
    return false
  }
}
