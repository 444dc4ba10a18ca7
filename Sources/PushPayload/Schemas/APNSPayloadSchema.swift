import PushJSON

/// The JSON Schemas of APNs documents, built from the key enums (``APNS/APS/Key``,
/// ``APNS/AlertDictionary/Key``, ``APNS/CriticalSound/Key``, ``APNS/HeaderName``) and
/// `APNSLimits`: the bare payload, the request document `{device_token, headers, payload}` and
/// the Simulator `.apns` file. `FCMMessageSchema` reuses the payload and header definitions
/// for `apns.payload` and `apns.headers`.
///
/// The schemas check shape, types, enumerations and per-value limits; the rules that relate
/// keys to each other or to the push type stay in pushc.
enum APNSPayloadSchema {
  /// Who reads the payload, which decides how strict the flags are.
  enum Reader: Hashable, Sendable {
    /// APNs: `content-available` and `mutable-content` are the number 1.
    case apns
    /// FCM's `apns.payload`, which also takes `true`, as the Admin SDKs write the flags.
    case fcm
  }

  // MARK: - Documents

  /// `apns-payload.schema.json`: a bare payload, `{"aps": {...}, ...custom keys}`.
  static func payloadDocument(_ header: JSONSchema) -> JSONSchema {
    payload(header).definitions(payloadDefinitions(for: .apns))
  }

  /// `apns-request.schema.json`: the request document pushc writes and reads.
  static func requestDocument(_ header: JSONSchema) -> JSONSchema {
    let tokenDescription =
      "The device token in hexadecimal, as the app got it from "
      + "registerForRemoteNotifications (usually \(APNSLimits.typicalDeviceTokenHexLength) "
      + "digits; a Live Activity push token is longer)."
    let token = JSONSchema.string.description(tokenDescription).pattern("^[0-9A-Fa-f]+$")
    return header.followed(
      by: JSONSchema.object.properties([
        ("device_token", token),
        ("deviceToken", token.description("lowerCamelCase spelling of 'device_token'.")),
        ("headers", JSONSchema.reference("headers")),
        ("payload", JSONSchema.reference("payload")),
      ])
      .additionalProperties(false)
    ).definitions(
      [("headers", headers), ("payload", payload(JSONSchema()))] + payloadDefinitions(for: .apns))
  }

  /// `simctl-apns.schema.json`: a payload with `Simulator Target Bundle`, for
  /// `xcrun simctl push` or dropping on the Simulator.
  static func simulatorDocument(_ header: JSONSchema) -> JSONSchema {
    let bundle = JSONSchema.string.minLength(1)
      .description(
        "The bundle ID of the app to deliver to; simctl removes the key before delivering. "
          + "Needed when the file is dropped on the Simulator or passed without a bundle ID."
      )
      .examples([ValueNode(.string("com.example.app"))])
    return payload(header, extra: [(APNSRequestRenderer.simulatorTargetBundleKey, bundle)])
      .required([APNSRequestRenderer.simulatorTargetBundleKey])
      .definitions(payloadDefinitions(for: .apns))
  }

  // MARK: - Shared definitions

  /// A payload object: `aps` and any custom keys, after `extra` members.
  static func payload(
    _ header: JSONSchema,
    extra: [(name: String, schema: JSONSchema)] = []
  ) -> JSONSchema {
    let aps = JSONSchema.reference("aps")
      .description("What Apple's system does with the notification. Custom keys go beside it.")
    return header.followed(
      by: JSONSchema.object.properties(extra + [("aps", aps)]).additionalProperties(true))
  }

  /// The definitions a payload refers to: `aps`, `alert`, `localizedText` and `sound`.
  static func payloadDefinitions(for reader: Reader) -> [(name: String, schema: JSONSchema)] {
    [
      ("aps", aps(for: reader)), ("alert", alert), ("localizedText", localizedText),
      ("sound", criticalSound),
    ]
  }

  /// The `aps` dictionary.
  static func aps(for reader: Reader) -> JSONSchema {
    JSONSchema.object
      .description(
        "The keys Apple defines. APNs ignores unknown keys here, so a misspelt key silently "
          + "does nothing; put your own keys beside 'aps'."
      )
      .properties(APNS.APS.Key.allCases.map { ($0.rawValue, schema(of: $0, for: reader)) })
      .additionalProperties(false)
  }

  /// The alert dictionary.
  static var alert: JSONSchema {
    JSONSchema.object
      .description("The text of the alert, or localization keys the app resolves.")
      .properties(APNS.AlertDictionary.Key.allCases.map { ($0.rawValue, schema(of: $0)) })
      .additionalProperties(false)
  }

  /// A Live Activity alert's `title` or `body` as a localization dictionary.
  static var localizedText: JSONSchema {
    JSONSchema.object
      .description("Localized text: a key of the app's Localizable.strings and its arguments.")
      .properties(
        APNS.AlertDictionary.Key.localizedTextKeys.map { ($0.rawValue, schema(of: $0)) }
      )
      .required([APNS.AlertDictionary.Key.locKey.rawValue])
      .additionalProperties(false)
  }

  /// The critical-alert sound dictionary.
  static var criticalSound: JSONSchema {
    JSONSchema.object
      .description("A critical alert sound; needs the critical alerts entitlement.")
      .properties(
        APNS.CriticalSound.Key.allCases.map { key in
          switch key {
          case .critical:
            (
              key.rawValue,
              JSONSchema.integer.enumeration(integers: [0, 1])
                .description("1 to play the sound as a critical alert, even when muted.")
            )
          case .name:
            (
              key.rawValue,
              JSONSchema.string.description(
                "A sound file in the app bundle or Library/Sounds, or 'default'.")
            )
          case .volume:
            (
              key.rawValue,
              JSONSchema.number.minimum("0").maximum("1")
                .description("The volume from 0 (silent) to 1 (full).")
            )
          }
        }
      )
      .additionalProperties(false)
  }

  /// The request headers, as FCM's `apns.headers` and the request document's `headers`.
  static var headers: JSONSchema {
    JSONSchema.stringMap
      .description(
        "The HTTP/2 request headers, all strings. pushc infers 'apns-push-type', "
          + "'apns-priority' and, for FCM, 'apns-topic' suffixes when they are missing."
      )
      .properties(APNS.HeaderName.allCases.map { ($0.rawValue, schema(of: $0)) })
  }

  // MARK: - Keys

  /// The schema of the JSON types `types` accepts.
  static func schema(of types: [APNSLimits.ValueType]) -> JSONSchema {
    let schemas = types.map { type -> JSONSchema in
      switch type {
      case .string: .string
      case .integer: .integer
      case .number: .number
      case .boolean: .boolean
      case .dictionary: .object
      case .stringArray: .array(of: .string)
      }
    }
    return schemas.count == 1 ? schemas[0] : .oneOf(schemas)
  }

  /// `aps.<key>`.
  static func schema(of key: APNS.APS.Key, for reader: Reader) -> JSONSchema {
    let base: JSONSchema
    switch key {
    case .alert: base = .oneOf([.string, .reference("alert")])
    case .sound: base = .oneOf([.string, .reference("sound")])
    case .badge: base = .integer.minimum("0")
    case .contentAvailable, .mutableContent:
      let number = JSONSchema.integer.enumeration(integers: [0, 1])
      base = reader == .fcm ? .anyOf([number, .boolean]) : number
    case .inputPushToken: base = .integer.enumeration(integers: [1])
    case .interruptionLevel: base = .string.enumeration(APNSLimits.interruptionLevels)
    case .event: base = .string.enumeration(APNSLimits.liveActivityEvents)
    case .staleDate, .timestamp, .dismissalDate:
      base = .integer.minimum("0").maximum(String(APNSLimits.largestPlausibleEpochSeconds))
    default: base = schema(of: key.types)
    }
    return base.description(description(of: key))
  }

  /// What `aps.<key>` does, for hover documentation.
  static func description(of key: APNS.APS.Key) -> String {
    let pushTypes = key.pushTypes.map(\.rawValue).joined(separator: ", ")
    let text =
      switch key {
      case .alert: "The alert: its text as a string, or a dictionary with title, subtitle and body."
      case .badge: "The number on the app icon; 0 removes the badge."
      case .sound:
        "A sound file in the app bundle or Library/Sounds, 'default', or a critical-alert "
          + "dictionary."
      case .threadID: "Groups notifications in Notification Center, like a conversation."
      case .category: "The notification category the app registered, for its actions."
      case .contentAvailable:
        "1 (true in FCM) wakes the app in the background (a background push: "
          + "apns-push-type background, priority 5, and no alert, badge or sound)."
      case .mutableContent:
        "1 (true in FCM) lets the app's Notification Service Extension change the "
          + "notification, for example to attach an image."
      case .targetContentID: "The window or content to bring forward when the user opens it."
      case .interruptionLevel:
        "How strongly the notification interrupts: 'time-sensitive' needs the capability, "
          + "'critical' the entitlement."
      case .relevanceScore:
        "Which notification of a group the summary features, from 0 to 1; for Live "
          + "Activities, any number that orders them."
      case .filterCriteria: "Which Focus filter the notification belongs to."
      case .staleDate: "When the Live Activity content becomes outdated, in UNIX seconds."
      case .contentState:
        "The Live Activity's ContentState, encoded as the app's Codable type expects."
      case .timestamp: "When the Live Activity update was made, in UNIX seconds (required)."
      case .event: "What the Live Activity push does: start, update or end."
      case .dismissalDate: "When an ended Live Activity leaves the Lock Screen, in UNIX seconds."
      case .attributesType: "The name of the ActivityAttributes type, to start a Live Activity."
      case .attributes: "The static ActivityAttributes, to start a Live Activity."
      case .inputPushToken: "1 asks the started Live Activity for a push token of its own."
      case .inputPushChannel: "The broadcast channel the started Live Activity subscribes to."
      case .contentChanged: "true to reload widgets or controls."
      case .urlArgs: "The values for the placeholders of a Safari website push's URL format."
      }
    return text + " For push types: \(pushTypes)."
  }

  /// `aps.alert.<key>`.
  static func schema(of key: APNS.AlertDictionary.Key) -> JSONSchema {
    var base: JSONSchema
    switch key {
    case .title, .body: base = .oneOf([.string, .reference("localizedText")])
    case .sound: base = .string
    case .summaryArgCount: base = .integer.minimum("0")
    default: base = schema(of: key.types)
    }
    base = base.description(description(of: key))
    return key.isLegacy ? base.deprecated() : base
  }

  /// What `aps.alert.<key>` does, for hover documentation.
  static func description(of key: APNS.AlertDictionary.Key) -> String {
    switch key {
    case .title:
      "The title. A Live Activity alert may give a localization dictionary instead."
    case .subtitle: "A line below the title."
    case .body:
      "The text of the alert. A Live Activity alert may give a localization dictionary instead."
    case .launchImage: "The launch image shown when the user opens the app from the alert."
    case .titleLocKey: "The Localizable.strings key of the title."
    case .titleLocArgs: "The values for the placeholders of 'title-loc-key'."
    case .subtitleLocKey: "The Localizable.strings key of the subtitle."
    case .subtitleLocArgs: "The values for the placeholders of 'subtitle-loc-key'."
    case .locKey: "The Localizable.strings key of the body."
    case .locArgs: "The values for the placeholders of 'loc-key'."
    case .actionLocKey: "Legacy: the key of the action button's title."
    case .action: "Legacy: the action button's title."
    case .summaryArg: "Legacy: the argument of the group summary."
    case .summaryArgCount: "Legacy: how many items this notification adds to the summary."
    case .sound: "The alert sound of a Live Activity alert (Live Activities only)."
    }
  }

  /// The header `name`.
  static func schema(of name: APNS.HeaderName) -> JSONSchema {
    switch name {
    case .pushType:
      let types = APNS.PushType.known.map(\.rawValue).joined(separator: ", ")
      return JSONSchema.string.enumeration(APNS.PushType.known.map(\.rawValue))
        .description(
          "The push type (\(types)). Required on watchOS 6 and iOS 13 and later; it decides "
            + "the topic suffix, the payload limit (\(APNSLimits.payloadByteLimit) bytes, "
            + "\(APNSLimits.voipPayloadByteLimit) for voip) and the allowed priorities.")
    case .id:
      return JSONSchema.string.format("uuid")
        .pattern("^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")
        .description("A canonical UUID that identifies the notification in APNs' answer.")
    case .expiration:
      return JSONSchema.string.pattern("^[0-9]+$")
        .description(
          "When APNs stops trying to deliver, in UNIX seconds; '0' tries once, now.")
    case .priority:
      return JSONSchema.string.enumeration(APNSLimits.priorities)
        .defaultValue(ValueNode(.string(APNSLimits.defaultPriority)))
        .description(
          "10 sends at once, 5 saves power (required for background pushes), 1 puts power "
            + "first.")
    case .topic:
      let suffixes = APNSLimits.pushTypes.compactMap { type in
        type.topicSuffix.flatMap { $0.isEmpty ? nil : "\($0) (\(type.name))" }
      }
      return JSONSchema.string.pattern("^\\S+$")
        .description(
          "The app's bundle ID, with the push type's suffix: "
            + suffixes.joined(separator: ", ") + ".")
    case .collapseID:
      return JSONSchema.string.minLength(1)
        .description(
          "Notifications with the same collapse ID replace each other; at most "
            + "\(APNSLimits.collapseIDByteLimit) bytes.")
    case .channelID:
      return JSONSchema.string.description("The broadcast channel of a Live Activity push.")
    case .requestID:
      return JSONSchema.string.description("The identifier of a channel-management request.")
    case .authorization:
      return JSONSchema.string.pattern("^bearer ")
        .description("'bearer' and the provider token (JWT), for token-based authentication.")
    }
  }
}
