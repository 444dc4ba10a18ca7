import PushDiagnostics
import PushJSON

// Readers for the per-platform configurations: `android`, `webpush` and `apns`.
extension FCMDefinitionReader {
  // MARK: - Android

  /// Reads the fields of an `android` object, which is at `source`, into `located`, in place.
  mutating func readAndroid(
    _ fields: FieldSet, source: SourceReference, into located: inout Located<FCM.AndroidConfig>?
  ) {
    located.setFromNil(
      Located(FCM.AndroidConfig(unsetSharing: unsetAndroidNotification), source: source))
    located?.modifyValue { readAndroid(fields, into: &$0) }
  }

  /// Reads the fields of an `android` object into `config`, an empty configuration.
  mutating func readAndroid(_ fields: FieldSet, into config: inout FCM.AndroidConfig) {
    readString(fields, .collapseKey, into: &config.collapseKey)
    if fields.has(.priority) {
      config.priority.setFromNil(
        enumeration(
          fields, .priority,
          spellings: Self.androidPrioritySpellings,
          allowed: Self.androidPriorityNames,
          canonical: \.rawValue
        ))
    }
    if fields.has(.ttl) { config.ttl.setFromNil(duration(fields, .ttl)) }
    readString(fields, .restrictedPackageName, into: &config.restrictedPackageName)
    if fields.has(.data) { config.data.setFromNil(stringMap(fields, .data)) }
    if let (found, source) = objectFields(fields, .notification, kind: .androidNotification) {
      config.setNotification(at: source) { readAndroidNotification(found, into: &$0) }
    }
    if let found = fields[.fcmOptions] {
      config.fcmOptions.setFromNil(readOptions(found, kind: .androidFCMOptions))
    }
    // Computed properties (``FCM/AndroidConfig/SeldomSetValues``), read and written back
    // around a read into them: only when the object sets one.
    if fields.setsAny(of: Self.seldomSetAndroidConfigFields) {
      readBool(fields, .directBootOK, into: &config.directBootOK)
      readBool(fields, .bandwidthConstrainedOK, into: &config.bandwidthConstrainedOK)
      readBool(fields, .restrictedSatelliteOK, into: &config.restrictedSatelliteOK)
    }
  }

  /// Reads the fields of an `android.notification` object into `notification`, an empty one.
  mutating func readAndroidNotification(
    _ fields: FieldSet,
    into notification: inout FCM.AndroidNotification
  ) {
    readString(fields, .title, into: &notification.title)
    readString(fields, .body, into: &notification.body)
    readString(fields, .icon, into: &notification.icon)
    readString(fields, .color, into: &notification.color)
    readString(fields, .sound, into: &notification.sound)
    readString(fields, .tag, into: &notification.tag)
    readString(fields, .clickAction, into: &notification.clickAction)
    readString(fields, .channelID, into: &notification.channelID)
    if fields.has(.notificationPriority) {
      notification.notificationPriority = enumeration(
        fields, .notificationPriority, spellings: Self.notificationPrioritySpellings,
        allowed: Self.notificationPriorityNames,
        canonical: \.rawValue)
    }
    if fields.has(.visibility) {
      notification.visibility = enumeration(
        fields, .visibility, spellings: Self.visibilitySpellings, allowed: Self.visibilityNames,
        canonical: \.rawValue)
    }
    if let found = fields[.notificationCount] {
      notification.notificationCount = int32(found)
    }
    readString(fields, .image, into: &notification.image)
    // The fields a notification seldom sets, each a computed property read and written back
    // around a read into it, only when the object sets any: one test for all of them.
    if fields.setsAny(of: Self.seldomSetAndroidNotificationFields) {
      readSeldomSetFields(fields, into: &notification)
    }
  }

  /// The fields ``FCM/AndroidConfig/SeldomSetValues`` holds.
  static let seldomSetAndroidConfigFields = FieldSet.flags([
    .directBootOK, .bandwidthConstrainedOK, .restrictedSatelliteOK,
  ])

  /// The fields ``FCM/AndroidNotification/SeldomSetValues`` holds.
  static let seldomSetAndroidNotificationFields = FieldSet.flags([
    .bodyLocKey, .bodyLocArgs, .titleLocKey, .titleLocArgs, .ticker, .sticky, .eventTime,
    .localOnly, .defaultSound, .defaultVibrateTimings, .defaultLightSettings, .vibrateTimings,
    .lightSettings, .bypassProxyNotification, .proxy,
  ])

  /// Reads the fields of an `android.notification` object that
  /// ``FCM/AndroidNotification/SeldomSetValues`` holds into `notification`.
  mutating func readSeldomSetFields(
    _ fields: FieldSet,
    into notification: inout FCM.AndroidNotification
  ) {
    readString(fields, .bodyLocKey, into: &notification.bodyLocKey)
    if let found = fields[.bodyLocArgs] { notification.bodyLocArgs = stringList(found) }
    readString(fields, .titleLocKey, into: &notification.titleLocKey)
    if let found = fields[.titleLocArgs] { notification.titleLocArgs = stringList(found) }
    readString(fields, .ticker, into: &notification.ticker)
    readBool(fields, .sticky, into: &notification.sticky)
    if let found = fields[.eventTime] { notification.eventTime = timestamp(found) }
    readBool(fields, .localOnly, into: &notification.localOnly)
    readBool(fields, .defaultSound, into: &notification.defaultSound)
    readBool(fields, .defaultVibrateTimings, into: &notification.defaultVibrateTimings)
    readBool(fields, .defaultLightSettings, into: &notification.defaultLightSettings)
    if fields.has(.vibrateTimings), let timings = fields[.vibrateTimings] {
      if tree.kind(timings.value) == .array {
        var durations: [Located<FCM.Duration>] = []
        for index in 0..<tree.count(timings.value) {
          let element = tree.element(index, of: timings.value)
          if let duration = duration(timings.element(index, element, in: tree)) {
            durations.append(duration)
          }
        }
        notification.vibrateTimings = Located(durations, source: timings.source)
      } else if !tree.isNull(timings.value) {
        typeMismatch(timings, expected: "an array of duration strings")
      }
    }
    if let found = fields[.lightSettings] {
      notification.lightSettings = readLightSettings(found)
    }
    readBool(fields, .bypassProxyNotification, into: &notification.bypassProxyNotification)
    if fields.has(.proxy) {
      notification.proxy = enumeration(
        fields, .proxy, spellings: Self.proxySpellings, allowed: Self.proxyNames,
        canonical: \.rawValue)
    }
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

  mutating func readLightSettings(_ field: Field) -> Located<FCM.LightSettings>? {
    guard let fields = self.fields(of: field, kind: .lightSettings) else {
      return nil
    }
    for required in FCMObjectKind.lightSettings.fields
    where fields[required].map({ tree.isNull($0.value) }) ?? true {
      collector.emit(
        .fcmMissingField(required.rawValue, object: FCMObjectKind.lightSettings.path),
        at: field.span,
        pointer: field.pointer
      )
    }
    var settings = FCM.LightSettings()
    if let found = fields[.color] { settings.color = readColor(found) }
    if let found = fields[.lightOnDuration] {
      settings.lightOnDuration = duration(found)
    }
    if let found = fields[.lightOffDuration] {
      settings.lightOffDuration = duration(found)
    }
    return Located(settings, source: field.source)
  }

  mutating func readColor(_ field: Field) -> Located<FCM.Color>? {
    switch value(field.value) {
    case .null:
      return nil
    case .string(let text):
      guard let color = FCM.Color(hex: text) else {
        collector.emit(
          .fcmInvalidColor(
            "'\(text)'", path: field.path,
            expected: "'#RRGGBB', '#RRGGBBAA' or an object {red, green, blue, alpha}"),
          at: field.span,
          pointer: field.pointer
        )
        return nil
      }
      return Located(color, source: field.source)
    case .object:
      guard let fields = self.fields(of: field, kind: .color) else { return nil }
      let color = FCM.Color(
        red: fields[.red].flatMap { number($0) },
        green: fields[.green].flatMap { number($0) },
        blue: fields[.blue].flatMap { number($0) },
        alpha: fields[.alpha].flatMap { number($0) }
      )
      return Located(color, source: field.source)
    default:
      typeMismatch(field, expected: "a colour object or '#RRGGBB'")
      return nil
    }
  }

  // MARK: - Web push

  mutating func readWebpush(_ field: Field) -> Located<FCM.WebpushConfig>? {
    guard let fields = self.fields(of: field, kind: .webpush) else { return nil }
    var config = FCM.WebpushConfig()
    if let found = fields[.headers] { config.headers = stringMap(found) }
    if let found = fields[.data] { config.data = stringMap(found) }
    if let found = fields[.notification] { config.notification = object(found) }
    if fields.has(.fcmOptions), let options = fields[.fcmOptions],
      let optionFields = self.fields(of: options, kind: .webpushFCMOptions)
    {
      config.fcmOptions = Located(
        FCM.WebpushFCMOptions(
          link: string(optionFields, .link),
          analyticsLabel: string(optionFields, .analyticsLabel)
        ),
        source: options.source
      )
    }
    return Located(config, source: field.source)
  }

  // MARK: - APNs

  /// Reads the fields of an `apns` object, which is at `source`, into `located`, in place.
  mutating func readAPNS(
    _ fields: FieldSet, source: SourceReference, into located: inout Located<FCM.APNSConfig>?
  ) {
    located.setFromNil(Located(FCM.APNSConfig(unset: ()), source: source))
    located?.modifyValue { readAPNS(fields, into: &$0) }
  }

  /// Reads the fields of an `apns` object into `config`, an empty configuration.
  mutating func readAPNS(_ fields: FieldSet, into config: inout FCM.APNSConfig) {
    if fields.has(.headers) { config.headers.setFromNil(stringMap(fields, .headers)) }
    if let index = fields.memberIndex(of: .payload) {
      config.storedPayload.setFromNil(object(fields, .payload))
      // Counted from the source, for the FCM size, when FCM sends it as written and it is
      // written as the writer writes it: told from the nodes, before the payload is read again.
      if case .some = config.storedPayload, let object = fields.object(ofMember: index),
        FCMRequestEncoder.FreeForm.isSentAsWritten(object, in: tree)
      {
        config.measuredPayloadByteCount = tree.verbatimCompactByteCount(of: object)
      }
    }
    if fields.has(.fcmOptions), let options = fields[.fcmOptions],
      let optionFields = self.fields(of: options, kind: .apnsFCMOptions)
    {
      config.fcmOptions = Located(
        FCM.APNSFCMOptions(
          analyticsLabel: string(optionFields, .analyticsLabel),
          image: string(optionFields, .image)
        ),
        source: options.source
      )
    }
    readString(fields, .liveActivityToken, into: &config.liveActivityToken)
  }
}
