import PushDiagnostics
import PushJSON

// Readers for the per-platform configurations: `android`, `webpush` and `apns`.
extension FCMDefinitionReader {
  // MARK: - Android

  mutating func readAndroid(_ field: Field?) -> Located<FCM.AndroidConfig>? {
    guard let field, let fields = self.fields(of: field, kind: .android) else { return nil }
    var config = FCM.AndroidConfig()
    config.collapseKey = string(fields[.collapseKey])
    config.priority = enumeration(
      fields[.priority],
      spellings: Self.androidPrioritySpellings,
      allowed: Self.androidPriorityNames,
      canonical: \.rawValue
    )
    config.ttl = duration(fields[.ttl])
    config.restrictedPackageName = string(fields[.restrictedPackageName])
    config.data = stringMap(fields[.data])
    config.notification = readAndroidNotification(fields[.notification])
    config.fcmOptions = readOptions(fields[.fcmOptions], kind: .androidFCMOptions)
    config.directBootOK = bool(fields[.directBootOK])
    config.bandwidthConstrainedOK = bool(fields[.bandwidthConstrainedOK])
    config.restrictedSatelliteOK = bool(fields[.restrictedSatelliteOK])
    return Located(config, source: field.source)
  }

  mutating func readAndroidNotification(_ field: Field?) -> Located<FCM.AndroidNotification>? {
    guard let field, let fields = self.fields(of: field, kind: .androidNotification) else {
      return nil
    }
    var notification = FCM.AndroidNotification()
    notification.title = string(fields[.title])
    notification.body = string(fields[.body])
    notification.icon = string(fields[.icon])
    notification.color = string(fields[.color])
    notification.sound = string(fields[.sound])
    notification.tag = string(fields[.tag])
    notification.clickAction = string(fields[.clickAction])
    notification.bodyLocKey = string(fields[.bodyLocKey])
    notification.bodyLocArgs = stringList(fields[.bodyLocArgs])
    notification.titleLocKey = string(fields[.titleLocKey])
    notification.titleLocArgs = stringList(fields[.titleLocArgs])
    notification.channelID = string(fields[.channelID])
    notification.ticker = string(fields[.ticker])
    notification.sticky = bool(fields[.sticky])
    notification.eventTime = timestamp(fields[.eventTime])
    notification.localOnly = bool(fields[.localOnly])
    notification.notificationPriority = enumeration(
      fields[.notificationPriority],
      spellings: Self.notificationPrioritySpellings,
      allowed: Self.notificationPriorityNames,
      canonical: \.rawValue
    )
    notification.defaultSound = bool(fields[.defaultSound])
    notification.defaultVibrateTimings = bool(fields[.defaultVibrateTimings])
    notification.defaultLightSettings = bool(fields[.defaultLightSettings])
    if let timings = fields[.vibrateTimings] {
      if case .array(let elements) = timings.value.kind {
        var durations: [Located<FCM.Duration>] = []
        for (index, element) in elements.enumerated() {
          if let duration = duration(timings.element(index, element)) {
            durations.append(duration)
          }
        }
        notification.vibrateTimings = Located(durations, source: timings.source)
      } else if !timings.value.isNull {
        typeMismatch(timings, expected: "an array of duration strings")
      }
    }
    notification.visibility = enumeration(
      fields[.visibility],
      spellings: Self.visibilitySpellings,
      allowed: Self.visibilityNames,
      canonical: \.rawValue
    )
    notification.notificationCount = int32(fields[.notificationCount])
    notification.lightSettings = readLightSettings(fields[.lightSettings])
    notification.image = string(fields[.image])
    notification.bypassProxyNotification = bool(fields[.bypassProxyNotification])
    notification.proxy = enumeration(
      fields[.proxy],
      spellings: Self.proxySpellings,
      allowed: Self.proxyNames,
      canonical: \.rawValue
    )
    return Located(notification, source: field.source)
  }

  /// The spellings of ``FCM/AndroidMessagePriority``: each REST name, then upper-cased.
  static let androidPrioritySpellings = FCM.AndroidMessagePriority.allCases.flatMap { priority in
    [
      (text: priority.rawValue, value: priority, isSDKSpelling: false),
      (text: priority.rawValue.uppercased(), value: priority, isSDKSpelling: false),
    ]
  }
  /// The REST names of ``FCM/AndroidMessagePriority``.
  static let androidPriorityNames = FCM.AndroidMessagePriority.allCases.map(\.rawValue)
  /// The spellings of ``FCM/NotificationPriority``.
  static let notificationPrioritySpellings = spellings(
    FCM.NotificationPriority.allCases, \.rawValue, \.sdkName)
  /// The REST names of ``FCM/NotificationPriority``.
  static let notificationPriorityNames = FCM.NotificationPriority.allCases.map(\.rawValue)
  /// The spellings of ``FCM/Visibility``.
  static let visibilitySpellings = spellings(FCM.Visibility.allCases, \.rawValue, \.sdkName)
  /// The REST names of ``FCM/Visibility``.
  static let visibilityNames = FCM.Visibility.allCases.map(\.rawValue)
  /// The spellings of ``FCM/Proxy``.
  static let proxySpellings = spellings(FCM.Proxy.allCases, \.rawValue, \.sdkName)
  /// The REST names of ``FCM/Proxy``.
  static let proxyNames = FCM.Proxy.allCases.map(\.rawValue)

  /// The REST spelling of each case, then its Admin SDK spelling (with a warning).
  static func spellings<Value>(
    _ cases: [Value],
    _ restName: (Value) -> String,
    _ sdkName: (Value) -> String?
  ) -> [(text: String, value: Value, isSDKSpelling: Bool)] {
    cases.map { (text: restName($0), value: $0, isSDKSpelling: false) }
      + cases.compactMap { value in
        sdkName(value).map { (text: $0, value: value, isSDKSpelling: true) }
      }
  }

  mutating func readLightSettings(_ field: Field?) -> Located<FCM.LightSettings>? {
    guard let field, let fields = self.fields(of: field, kind: .lightSettings) else {
      return nil
    }
    for required in FCMObjectKind.lightSettings.fields
    where fields[required] == nil || fields[required]?.value.isNull == true {
      collector.emit(
        .fcmMissingField(required.rawValue, object: FCMObjectKind.lightSettings.path),
        at: field.value.span,
        pointer: field.pointer
      )
    }
    var settings = FCM.LightSettings()
    settings.color = readColor(fields[.color])
    settings.lightOnDuration = duration(fields[.lightOnDuration])
    settings.lightOffDuration = duration(fields[.lightOffDuration])
    return Located(settings, source: field.source)
  }

  mutating func readColor(_ field: Field?) -> Located<FCM.Color>? {
    guard let field else { return nil }
    switch field.value.kind {
    case .null:
      return nil
    case .string(let text):
      guard let color = FCM.Color(hex: text) else {
        collector.emit(
          .fcmInvalidColor(
            "'\(text)'", path: field.path,
            expected: "'#RRGGBB', '#RRGGBBAA' or an object {red, green, blue, alpha}"),
          at: field.value.span,
          pointer: field.pointer
        )
        return nil
      }
      return Located(color, source: field.source)
    case .object:
      guard let fields = self.fields(of: field, kind: .color) else { return nil }
      let color = FCM.Color(
        red: number(fields[.red]),
        green: number(fields[.green]),
        blue: number(fields[.blue]),
        alpha: number(fields[.alpha])
      )
      return Located(color, source: field.source)
    default:
      typeMismatch(field, expected: "a colour object or '#RRGGBB'")
      return nil
    }
  }

  // MARK: - Web push

  mutating func readWebpush(_ field: Field?) -> Located<FCM.WebpushConfig>? {
    guard let field, let fields = self.fields(of: field, kind: .webpush) else { return nil }
    var config = FCM.WebpushConfig()
    config.headers = stringMap(fields[.headers])
    config.data = stringMap(fields[.data])
    config.notification = object(fields[.notification])
    if let options = fields[.fcmOptions],
      let optionFields = self.fields(of: options, kind: .webpushFCMOptions)
    {
      config.fcmOptions = Located(
        FCM.WebpushFCMOptions(
          link: string(optionFields[.link]),
          analyticsLabel: string(optionFields[.analyticsLabel])
        ),
        source: options.source
      )
    }
    return Located(config, source: field.source)
  }

  // MARK: - APNs

  mutating func readAPNS(_ field: Field?) -> Located<FCM.APNSConfig>? {
    guard let field, let fields = self.fields(of: field, kind: .apns) else { return nil }
    var config = FCM.APNSConfig()
    config.headers = stringMap(fields[.headers])
    config.payload = object(fields[.payload])
    if let options = fields[.fcmOptions],
      let optionFields = self.fields(of: options, kind: .apnsFCMOptions)
    {
      config.fcmOptions = Located(
        FCM.APNSFCMOptions(
          analyticsLabel: string(optionFields[.analyticsLabel]),
          image: string(optionFields[.image])
        ),
        source: options.source
      )
    }
    config.liveActivityToken = string(fields[.liveActivityToken])
    return Located(config, source: field.source)
  }
}
