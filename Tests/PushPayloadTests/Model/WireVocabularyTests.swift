import Testing
import _PushPayloadTestSupport

@testable import PushPayload

/// The wire vocabulary: every key type spells each wire string once, and the tables derived from
/// it hold what the hand-written tables they replaced held.
@Suite struct WireVocabularyTests {
  static func expectUnique(_ values: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Set(values).count == values.count, sourceLocation: sourceLocation)
  }

  @Test func rawValuesAreUnique() {
    Self.expectUnique(APNS.APS.Key.allCases.map(\.rawValue))
    Self.expectUnique(APNS.AlertDictionary.Key.allCases.map(\.rawValue))
    Self.expectUnique(APNS.CriticalSound.Key.allCases.map(\.rawValue))
    Self.expectUnique(APNS.HeaderName.allCases.map(\.rawValue))
    Self.expectUnique(APNS.PushType.known.map(\.rawValue))
    Self.expectUnique(FCMField.allCases.map(\.rawValue))
    Self.expectUnique(FCMField.allCases.map(\.lowerCamelCase))
    // Normalized spellings are unique too, so suggestions that match them never depend on order.
    Self.expectUnique(APNS.APS.Key.allCases.map { EditDistance.normalized($0.rawValue) })
    Self.expectUnique(
      APNS.AlertDictionary.Key.allCases.map { EditDistance.normalized($0.rawValue) })
  }

  @Test func everyFCMSpellingNamesOneField() {
    for kind in FCMObjectKind.allCases {
      Self.expectUnique(kind.fields.map(\.rawValue))
      for field in kind.fields {
        #expect(kind.canonicalField(for: field.rawValue) == field)
        #expect(kind.canonicalField(for: field.lowerCamelCase) == field)
      }
    }
    #expect(FCMField.collapseKey.lowerCamelCase == "collapseKey")
    #expect(FCMField.directBootOK.lowerCamelCase == "directBootOk")
    #expect(FCMField.ttl.lowerCamelCase == "ttl")
    // Every field belongs to some object.
    let used = Set(FCMObjectKind.allCases.flatMap(\.fields))
    #expect(used == Set(FCMField.allCases))
  }

  @Test func camelCaseMapsBytesAsCharactersWould() {
    var random = SplitMix64(seed: 26)
    let pieces = ["_", "__", "a", "z", "A", "Z", "0", "9", "ok", "id", "-", " ", "\r\n", "`", "{"]
    var names = FCMField.allCases.map(\.rawValue) + ["", "_", "a_", "_a", "a__b", "apns_id_"]
    for _ in 0..<500 {
      names.append(
        (0..<Int.random(in: 1..<8, using: &random)).map { _ in
          pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }.joined())
    }
    for name in names {
      // The characters' mapping, the one that came first, is the reference.
      #expect(
        FCMObjectKind.camelCase(name) == FCMObjectKind.characterCamelCase(name), "\(name)")
    }
    // Not ASCII: by characters.
    #expect(FCMObjectKind.camelCase("a_\u{E9}t\u{E9}") == "a\u{C9}t\u{E9}")
  }

  @Test func pushTypesAreTyped() {
    #expect(APNS.PushType.known == APNSLimits.pushTypes.map(\.pushType))
    #expect(
      APNS.PushType.known.map(\.rawValue) == [
        "alert", "background", "complication", "controls", "fileprovider", "liveactivity",
        "location", "mdm", "pushtotalk", "voip", "widgets",
      ])
    #expect(APNS.PushType(rawValue: "voip") == .voip)
    #expect(APNS.PushType.voip.limits?.payloadByteLimit == 5120)
    let unknown = APNS.PushType(rawValue: "Alert")
    #expect(!unknown.isKnown && unknown.limits == nil && unknown.rawValue == "Alert")
    #expect(APNSLimits.payloadByteLimit(forPushType: unknown) == 4096)
  }

  // MARK: - The replaced tables

  /// `APNSLimits.apsKeys` as it was written before the vocabulary.
  static let oldAPSKeys: [(String, [APNSLimits.ValueType], [String])] = [
    ("alert", [.string, .dictionary], ["alert", "liveactivity"]),
    ("badge", [.integer], ["alert"]),
    ("sound", [.string, .dictionary], ["alert"]),
    ("thread-id", [.string], ["alert"]),
    ("category", [.string], ["alert"]),
    ("content-available", [.integer], ["alert", "background"]),
    ("mutable-content", [.integer], ["alert"]),
    ("target-content-id", [.string], ["alert"]),
    ("interruption-level", [.string], ["alert"]),
    ("relevance-score", [.number], ["alert", "liveactivity"]),
    ("filter-criteria", [.string], ["alert"]),
    ("stale-date", [.integer], ["liveactivity"]),
    ("content-state", [.dictionary], ["liveactivity"]),
    ("timestamp", [.integer], ["liveactivity"]),
    ("event", [.string], ["liveactivity"]),
    ("dismissal-date", [.integer], ["liveactivity"]),
    ("attributes-type", [.string], ["liveactivity"]),
    ("attributes", [.dictionary], ["liveactivity"]),
    ("input-push-token", [.integer], ["liveactivity"]),
    ("input-push-channel", [.string], ["liveactivity"]),
    ("content-changed", [.boolean], ["widgets", "controls"]),
    ("url-args", [.stringArray], ["alert"]),
  ]

  @Test func apsKeysArePreserved() {
    #expect(APNSLimits.apsKeys.map(\.name) == Self.oldAPSKeys.map(\.0))
    for (key, old) in zip(APNSLimits.apsKeys, Self.oldAPSKeys) {
      #expect(key.types == old.1, "\(key.name)")
      #expect(key.pushTypes.map(\.rawValue) == old.2, "\(key.name)")
      #expect(!key.isLegacy)
    }
    #expect(APNSLimits.apsKey(named: "thread-id")?.name == "thread-id")
    // FCMAPNSPayloadRule.apsKeys: the same keys in the same order.
    #expect(FCMAPNSPayloadRule.apsKeys == Self.oldAPSKeys.map(\.0))
    #expect(
      Set(APNSAPSRules.distinctiveAPSKeys) == [
        "alert", "badge", "sound", "content-available", "mutable-content", "thread-id",
        "interruption-level", "relevance-score", "target-content-id", "filter-criteria",
        "content-changed", "content-state", "stale-date", "dismissal-date", "attributes-type",
        "input-push-token", "input-push-channel",
      ])
    #expect(
      Set(FCMFieldSuggestion.apsKeys) == [
        "alert", "badge", "sound", "category", "thread-id", "content-available",
        "mutable-content", "target-content-id", "interruption-level", "relevance-score",
        "filter-criteria",
      ])
    #expect(APNSLimits.userInteractionKeys == ["alert", "badge", "sound"])
  }

  @Test func liveActivityKeysArePreserved() {
    #expect(
      APNSLiveActivityRules.startKeys.map(\.rawValue) == [
        "alert", "attributes-type", "attributes",
      ])
    #expect(
      APNSLiveActivityRules.startOnlyKeys.map(\.rawValue) == [
        "input-push-token", "input-push-channel",
      ])
    #expect(
      APNSLiveActivityRules.epochSecondsKeys.map(\.rawValue) == [
        "timestamp", "stale-date", "dismissal-date",
      ])
    #expect(
      Set(APNSLiveActivityRules.epochSecondsKeys)
        == Set(APNS.APS.Key.allCases.filter(\.isEpochSeconds)))
    #expect(
      APNSBackgroundRules.visibleTextKeys.map(\.rawValue) == [
        "title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key",
      ])
  }

  @Test func alertAndSoundKeysArePreserved() {
    let old: [(String, [APNSLimits.ValueType], [String], Bool)] = [
      ("title", [.string, .dictionary], [], false),
      ("subtitle", [.string], [], false),
      ("body", [.string, .dictionary], [], false),
      ("launch-image", [.string], [], false),
      ("title-loc-key", [.string], [], false),
      ("title-loc-args", [.stringArray], [], false),
      ("subtitle-loc-key", [.string], [], false),
      ("subtitle-loc-args", [.stringArray], [], false),
      ("loc-key", [.string], [], false),
      ("loc-args", [.stringArray], [], false),
      ("sound", [.string, .dictionary], ["liveactivity"], false),
      ("summary-arg", [.string], [], true),
      ("summary-arg-count", [.integer], [], true),
      ("action-loc-key", [.string], [], true),
      ("action", [.string], [], true),
    ]
    #expect(Set(APNSLimits.alertKeys.map(\.name)) == Set(old.map(\.0)))
    for (name, types, pushTypes, isLegacy) in old {
      let key = APNSLimits.alertKey(named: name)
      #expect(key?.types == types, "\(name)")
      #expect(key?.pushTypes.map(\.rawValue) == pushTypes, "\(name)")
      #expect(key?.isLegacy == isLegacy, "\(name)")
    }
    #expect(
      FCMAPNSPayloadRule.alertKeys == [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
        "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key",
        "action", "summary-arg", "summary-arg-count", "sound",
      ])
    #expect(
      FCMAPNSPayloadRule.alertStringKeys == [
        "launch-image", "title-loc-key", "subtitle-loc-key", "loc-key", "action-loc-key",
      ])
    #expect(APNSLimits.localizedTextKeys.map(\.name) == ["loc-key", "loc-args"])
    #expect(APNSLimits.localizedTextKeys.map(\.types) == [[.string], [.stringArray]])
    #expect(
      APNSLimits.locArgumentKeys.map { [$0.arguments, $0.key] } == [
        ["title-loc-args", "title-loc-key"], ["subtitle-loc-args", "subtitle-loc-key"],
        ["loc-args", "loc-key"],
      ])
    #expect(APNSLimits.soundKeys.map(\.name) == ["critical", "name", "volume"])
    #expect(APNSLimits.soundKeys.map(\.types) == [[.integer], [.string], [.number]])
    #expect(APNSLimits.interruptionLevels == ["passive", "active", "time-sensitive", "critical"])
    #expect(APNSLimits.liveActivityEvents == ["start", "update", "end"])
  }

  @Test func headerNamesArePreserved() {
    #expect(
      APNSLimits.headerNames == [
        "apns-push-type", "apns-id", "apns-expiration", "apns-priority", "apns-topic",
        "apns-collapse-id", "apns-channel-id", "apns-request-id", "authorization",
      ])
    #expect(
      FCMAPNSPayloadRule.headerNames == [
        "apns-priority", "apns-push-type", "apns-expiration", "apns-collapse-id", "apns-topic",
        "apns-id", "headers",
      ])
  }

  @Test func fcmFieldsArePreserved() {
    let old: [FCMObjectKind: [String]] = [
      .request: ["message", "validate_only"],
      .message: [
        "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "token",
        "topic", "condition", "fid",
      ],
      .notification: ["title", "body", "image"],
      .android: [
        "collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification",
        "fcm_options", "direct_boot_ok", "restricted_satellite_ok", "bandwidth_constrained_ok",
      ],
      .androidNotification: [
        "title", "body", "icon", "color", "sound", "tag", "click_action", "body_loc_key",
        "body_loc_args", "title_loc_key", "title_loc_args", "channel_id", "ticker", "sticky",
        "event_time", "local_only", "notification_priority", "default_sound",
        "default_vibrate_timings", "default_light_settings", "vibrate_timings", "visibility",
        "notification_count", "light_settings", "image", "bypass_proxy_notification", "proxy",
      ],
      .lightSettings: ["color", "light_on_duration", "light_off_duration"],
      .color: ["red", "green", "blue", "alpha"],
      .androidFCMOptions: ["analytics_label"],
      .fcmOptions: ["analytics_label"],
      .webpush: ["headers", "data", "notification", "fcm_options"],
      .webpushFCMOptions: ["link", "analytics_label"],
      .apns: ["headers", "payload", "fcm_options", "live_activity_token"],
      .apnsFCMOptions: ["analytics_label", "image"],
    ]
    for kind in FCMObjectKind.allCases {
      #expect(kind.fields.map(\.rawValue) == old[kind], "\(kind)")
      if let parent = kind.parent { #expect(parent.kind.fields.contains(parent.field)) }
    }
    #expect(
      FCMObjectKind.allCases.map(\.path) == [
        "request", "message", "notification", "android", "android.notification",
        "android.notification.light_settings", "android.notification.light_settings.color",
        "android.fcm_options", "webpush", "webpush.fcm_options", "apns", "apns.fcm_options",
        "fcm_options",
      ])
  }
}
