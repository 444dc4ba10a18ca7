import PushDiagnostics

/// Analytics labels match `^[a-zA-Z0-9-_.~%]{1,50}$`, in all four `fcm_options` objects.
///
/// The Python Admin SDK enforces the pattern (`Malformed FCMOptions.analytics_label.`), Java
/// one like it; FCM documents it.
///
/// Emits: see ``descriptor``.
enum FCMAnalyticsLabelRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-analytics-label"),
    domain: .fcm,
    defaultSeverity: .error,
    summary: "analytics labels match [a-zA-Z0-9-_.~%]{1,50} in all four fcm_options",
    source: RuleDescriptor.Source.fcmMessages,
    emits: [.fcmInvalidAnalyticsLabel]
  )

  /// The longest label.
  static let maximumLength = 50

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // Labels are rare: each is tested for presence (`if case .some` copies nothing) before it
    // is read.
    if case .some = message.fcmOptions?.value.analyticsLabel {
      check(message.fcmOptions?.value.analyticsLabel, path: ["fcm_options"], in: &context)
    }
    // The platforms' labels are tested in place, by case: an optional chain through a
    // configuration copies all of it first, and binding a label copies it.
    if message.withAndroid({ $0.pointee.fcmOptions?.value.analyticsLabel.isSome ?? false }) == true
    {
      check(
        message.android?.value.fcmOptions?.value.analyticsLabel,
        path: ["android", "fcm_options"], in: &context)
    }
    if message.withAPNS({ $0.pointee.fcmOptions?.value.analyticsLabel.isSome ?? false }) == true {
      check(
        message.apns?.value.fcmOptions?.value.analyticsLabel,
        path: ["apns", "fcm_options"], in: &context)
    }
    if message.withWebpush({ $0.pointee.fcmOptions?.value.analyticsLabel.isSome ?? false }) == true
    {
      check(
        message.webpush?.value.fcmOptions?.value.analyticsLabel,
        path: ["webpush", "fcm_options"], in: &context)
    }
  }

  static func check(
    _ label: Located<String>?,
    path: [String],
    in context: inout FCMCheckContext
  ) {
    guard let label else { return }
    let fieldPath = path + ["analytics_label"]
    let name = fieldPath.joined(separator: ".")
    var span: SourceSpan?
    let problem: String
    if label.value.isEmpty {
      problem = "it is empty"
    } else if let bad = FCMTopicName.firstDisallowed(in: label.value) {
      problem = "\(FCMTopicName.describe(bad.character)) at column \(bad.column) is not allowed"
      span = context.span(of: bad.range, in: label.value, label.source)
    } else if label.value.utf8.count > maximumLength {
      problem = "it is \(label.value.utf8.count) characters long"
      span = context.span(
        of: maximumLength..<label.value.utf8.count, in: label.value, label.source)
    } else {
      return
    }
    context.emit(
      .fcmInvalidAnalyticsLabel(name, problem: problem),
      label.source,
      path: fieldPath,
      span: span
    )
  }
}
