import PushJSON

/// The JSON Schema of the FCM v1 message definitions pushc reads (`fcm-message.schema.json`),
/// built from ``FCMObjectKind`` and ``FCMField``: a bare message or the send request
/// `{"message": …}`, every field in snake_case and in lowerCamelCase, the enumerations with
/// the spellings the reader accepts, and the APNs payload and headers of
/// `APNSPayloadSchema`.
///
/// Cross-field rules (exactly one target, the payload size, what each push type needs) stay in
/// pushc; the schema checks shape, types, enumerations and per-value limits.
enum FCMMessageSchema {
  /// The whole document, after `header` (`$schema`, `$id`, title and description).
  static func document(_ header: JSONSchema) -> JSONSchema {
    let objects = FCMObjectKind.allCases.map { (definitionName(of: $0), schema(of: $0)) }
    return header.followed(
      by: JSONSchema.oneOf([
        .reference("message"), .reference("request"),
        JSONSchema.array(of: .anyOf([.reference("message"), .reference("request")]))
          .description("Several messages, checked one by one."),
      ])
    ).definitions(
      objects + [
        ("apnsHeaders", APNSPayloadSchema.headers),
        (
          "apnsPayload",
          APNSPayloadSchema.payload(
            JSONSchema().description("The APNs payload, exactly as APNs receives it."))
        ),
      ] + APNSPayloadSchema.payloadDefinitions(for: .fcm)
    )
  }

  /// The name of `kind` under `$defs`.
  static func definitionName(of kind: FCMObjectKind) -> String {
    switch kind {
    case .request: "request"
    case .message: "message"
    case .notification: "notification"
    case .android: "android"
    case .androidNotification: "androidNotification"
    case .lightSettings: "lightSettings"
    case .color: "color"
    case .androidFCMOptions: "androidFCMOptions"
    case .webpush: "webpush"
    case .webpushFCMOptions: "webpushFCMOptions"
    case .apns: "apns"
    case .apnsFCMOptions: "apnsFCMOptions"
    case .fcmOptions: "fcmOptions"
    }
  }

  /// The object `kind`: its fields in snake_case, each followed by its lowerCamelCase
  /// spelling when that differs; no other members.
  static func schema(of kind: FCMObjectKind) -> JSONSchema {
    var properties: [(name: String, schema: JSONSchema)] = []
    for field in kind.fields {
      let schema = schema(of: field, in: kind)
      properties.append((field.rawValue, schema))
      if field.lowerCamelCase != field.rawValue {
        properties.append((field.lowerCamelCase, schema))
      }
    }
    var object = JSONSchema.object.description(description(of: kind)).properties(properties)
      .additionalProperties(false)
    if kind == .request { object = object.required([FCMField.message.rawValue]) }
    return object
  }

  /// What the object `kind` is, for hover documentation.
  static func description(of kind: FCMObjectKind) -> String {
    switch kind {
    case .request:
      "The body of a messages:send request: the message, and whether FCM only validates it."
    case .message:
      "An FCM v1 message: one target (token, topic, condition or fid), what to show, custom "
        + "data, and options for Android, Apple platforms and the web."
    case .notification: "The notification every platform shows."
    case .android: "Android-specific options."
    case .androidNotification: "The notification shown on Android; overrides 'notification'."
    case .lightSettings: "The LED colour and blink rate."
    case .color: "A colour with components from 0 to 1."
    case .androidFCMOptions: "Options for the FCM SDK for Android."
    case .webpush: "Web push options (Webpush protocol)."
    case .webpushFCMOptions: "Options for the FCM JavaScript SDK."
    case .apns:
      "Apple Push Notification service options: the APNs headers and payload FCM forwards."
    case .apnsFCMOptions: "Options for the FCM SDK on Apple platforms."
    case .fcmOptions: "Options for every platform."
    }
  }

  /// The object whose value `field` of `kind` is, if it is one of ``FCMObjectKind``.
  static func childKind(of field: FCMField, in kind: FCMObjectKind) -> FCMObjectKind? {
    if kind == .request, field == .message { return .message }
    return FCMObjectKind.allCases.first { child in
      guard let parent = child.parent else { return false }
      return parent.kind == kind && parent.field == field
    }
  }

  /// Strings in protobuf Duration form: seconds with up to nine decimals and `s`.
  static let duration = JSONSchema.string.pattern("^-?[0-9]+(\\.[0-9]{1,9})?s$")
    .examples([ValueNode(.string("3600s"))])

  /// A field whose default is `false`.
  static let flag = JSONSchema.boolean.defaultValue(ValueNode(.bool(false)))

  /// The value of `field` in `kind`.
  static func schema(of field: FCMField, in kind: FCMObjectKind) -> JSONSchema {
    let base: JSONSchema
    if let child = childKind(of: field, in: kind) {
      let reference = JSONSchema.reference(definitionName(of: child))
      base =
        child == .color
        ? .oneOf([.string.pattern("^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$"), reference]) : reference
    } else {
      base = valueSchema(of: field, in: kind)
    }
    return base.description(description(of: field, in: kind))
  }

  /// The value of a field that is not one of the typed objects.
  static func valueSchema(of field: FCMField, in kind: FCMObjectKind) -> JSONSchema {
    switch field {
    case .data: return .stringMap
    case .headers:
      return kind == .apns ? .reference("apnsHeaders") : .stringMap
    case .payload: return .reference("apnsPayload")
    case .notification: return .object  // webpush.notification: the Web Notification options
    case .validateOnly, .directBootOK, .restrictedSatelliteOK, .bandwidthConstrainedOK, .sticky,
      .localOnly, .defaultSound, .defaultVibrateTimings, .defaultLightSettings,
      .bypassProxyNotification:
      return flag
    case .topic:
      return .string.pattern("^(/topics/)?[A-Za-z0-9_.~%-]+$")
        .maxLength(FCMTopicName.clientSDKLengthLimit + FCMTopicName.prefix.count)
    case .token, .fid, .liveActivityToken, .condition: return .string.minLength(1)
    case .analyticsLabel:
      return .string.pattern(
        "^[A-Za-z0-9_.~%-]{1,\(FCMAnalyticsLabelRule.maximumLength)}$")
    case .image: return .string.format("uri").pattern("^https?://")
    case .link: return .string.format("uri").pattern("^https://")
    case .color: return .string.pattern("^#[0-9A-Fa-f]{6}$")
    case .priority:
      return .string.enumeration(FCMDefinitionReader.androidPrioritySpellings.map(\.text))
    case .notificationPriority:
      return .string.enumeration(FCMDefinitionReader.notificationPrioritySpellings.map(\.text))
    case .visibility:
      return .string.enumeration(FCMDefinitionReader.visibilitySpellings.map(\.text))
    case .proxy: return .string.enumeration(FCMDefinitionReader.proxySpellings.map(\.text))
    case .ttl, .lightOnDuration, .lightOffDuration: return duration
    case .vibrateTimings: return .array(of: duration)
    case .eventTime: return .string.format("date-time")
    case .notificationCount:
      return .types(["integer", "string"]).pattern("^-?[0-9]+$").minimum("0")
    case .red, .green, .blue, .alpha: return .number.minimum("0").maximum("1")
    case .bodyLocArgs, .titleLocArgs: return .array(of: .string)
    case .message, .android, .webpush, .apns, .fcmOptions, .lightSettings, .name, .title, .body,
      .collapseKey, .restrictedPackageName, .icon, .sound, .tag, .clickAction, .bodyLocKey,
      .titleLocKey, .channelID, .ticker:
      return .string
    }
  }

  /// What `field` of `kind` does, for hover documentation.
  static func description(of field: FCMField, in kind: FCMObjectKind) -> String {
    switch field {
    case .message: "The message to send."
    case .validateOnly: "true to have FCM validate the message without sending it (a dry run)."
    case .name: "Output only: the message ID FCM returns. Leave it out."
    case .data:
      kind == .message
        ? "Custom key-value pairs, all strings, for the app to read. Reserved: 'from', "
          + "'message_type' and keys starting with 'google.' or 'gcm.'."
        : "Custom key-value pairs, all strings, that replace the message's 'data' here."
    case .notification:
      switch kind {
      case .message: "The notification every platform shows: title, body and image."
      case .webpush: "Web Notification options, such as title, body, icon and actions."
      default: "The notification shown on Android."
      }
    case .android: "Android-specific options."
    case .webpush: "Web push options."
    case .apns: "APNs options: headers and payload for Apple platforms."
    case .fcmOptions:
      kind == .message ? "Options for every platform." : "Options for this platform's FCM SDK."
    case .token: "The registration token of one app instance."
    case .topic:
      "The topic to send to, without the '/topics/' prefix; letters, digits and -_.~% only."
    case .condition:
      "A condition over topics, such as \"'news' in topics && ('ko' in topics || 'en' in "
        + "topics)\"; at most five topics."
    case .fid: "The Firebase installation ID of one app instance."
    case .title:
      kind == .notification
        ? "The title of the notification." : "The title; overrides the notification's."
    case .body:
      kind == .notification
        ? "The body text of the notification." : "The body text; overrides the notification's."
    case .image:
      kind == .notification
        ? "The URL of an image shown in the notification; on Apple platforms it needs a "
          + "Notification Service Extension and mutable-content."
        : "The URL of an image; overrides the notification's."
    case .collapseKey:
      "Messages with the same key replace each other while the device is offline; at most "
        + "four are kept."
    case .priority:
      "'normal' may be delayed to save battery; 'high' is delivered at once and wakes the "
        + "device."
    case .ttl:
      "How long FCM keeps the message while the device is offline, such as '3600s'; at most "
        + "\(FCMAndroidRule.maximumTTLSeconds)s (28 days)."
    case .restrictedPackageName: "The package name the registration token must belong to."
    case .directBootOK: "Whether the message may be delivered in direct boot mode."
    case .restrictedSatelliteOK: "Whether the message may go over a satellite network."
    case .bandwidthConstrainedOK: "Whether the message may go over a constrained network."
    case .icon: "A drawable resource name for the notification icon."
    case .color:
      kind == .lightSettings
        ? "The LED colour, as '#RRGGBB', '#RRGGBBAA' or components."
        : "The icon colour as '#RRGGBB'."
    case .sound: "'default', or the name of a sound resource in res/raw/."
    case .tag: "A notification with the same tag replaces the one shown."
    case .clickAction: "The intent action to launch when the user taps the notification."
    case .bodyLocKey: "The string resource key of the body."
    case .bodyLocArgs: "The format arguments of 'body_loc_key'."
    case .titleLocKey: "The string resource key of the title."
    case .titleLocArgs: "The format arguments of 'title_loc_key'."
    case .channelID: "The notification channel (Android 8 and later)."
    case .ticker: "Text for accessibility services."
    case .sticky: "true keeps the notification after the user taps it."
    case .eventTime: "When the event happened, as an RFC 3339 timestamp."
    case .localOnly: "true keeps the notification off other devices, such as a watch."
    case .notificationPriority: "The notification's priority on the device."
    case .defaultSound: "true uses the default sound."
    case .defaultVibrateTimings: "true uses the default vibration pattern."
    case .defaultLightSettings: "true uses the default LED settings."
    case .vibrateTimings: "The vibration pattern: alternating off and on durations."
    case .visibility: "How the notification shows on the lock screen."
    case .notificationCount: "The number of items this notification stands for."
    case .lightSettings: "The LED colour and blink rate."
    case .bypassProxyNotification: "true lets the app, not the proxy, show the notification."
    case .proxy: "Whether the notification may be proxied."
    case .lightOnDuration: "How long the LED is on, such as '0.5s'."
    case .lightOffDuration: "How long the LED is off, such as '1s'."
    case .red: "Red, from 0 to 1."
    case .green: "Green, from 0 to 1."
    case .blue: "Blue, from 0 to 1."
    case .alpha: "Opacity, from 0 to 1."
    case .analyticsLabel: "A label for FCM's analytics: letters, digits and -_.~%, 1 to 50."
    case .headers:
      kind == .apns
        ? "The APNs request headers, all strings."
        : "The Webpush protocol headers, such as TTL and Urgency, all strings."
    case .link: "The HTTPS URL to open when the user clicks the notification."
    case .payload:
      "The APNs payload: 'aps' and custom keys. FCM adds the notification's title and body."
    case .liveActivityToken: "The push token of a Live Activity, to update or end it."
    }
  }
}
