public import PushDiagnostics

// The identifiers of the APNS diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+APNS.swift` use them.
extension DiagnosticID {
  /// An `aps` key written beside `aps`, where APNs passes it to the app as custom data.
  public static var apnsAPSKeyAtTopLevel: Self { Self(memberName: #function) }

  /// `aps` is not a dictionary.
  public static var apnsAPSNotObject: Self { Self(memberName: #function) }

  /// An `alert` push whose `aps` has no alert text, badge or sound.
  public static var apnsAlertPushShowsNothing: Self { Self(memberName: #function) }

  /// A background push with `alert`, `badge` or `sound`.
  public static var apnsBackgroundWithUserInteraction: Self { Self(memberName: #function) }

  /// A background push without `content-available`.
  public static var apnsBackgroundWithoutContentAvailable: Self { Self(memberName: #function) }

  /// `apns-collapse-id` is longer than APNs accepts.
  public static var apnsCollapseIDTooLong: Self { Self(memberName: #function) }

  /// A critical-alert sound dictionary without `name`.
  public static var apnsCriticalSoundWithoutName: Self { Self(memberName: #function) }

  /// A Live Activity date that looks like milliseconds.
  public static var apnsDateInMilliseconds: Self { Self(memberName: #function) }

  /// A header given twice.
  public static var apnsDuplicateHeader: Self { Self(memberName: #function) }

  /// An empty sound name.
  public static var apnsEmptySoundName: Self { Self(memberName: #function) }

  /// `apns-expiration` is in milliseconds.
  public static var apnsExpirationInMilliseconds: Self { Self(memberName: #function) }

  /// `apns-expiration` is in the past.
  public static var apnsExpirationInPast: Self { Self(memberName: #function) }

  /// A content-available, mutable-content, input-push-token, critical or content-changed flag
  /// with a value other than the one that turns it on.
  public static var apnsFlagValue: Self { Self(memberName: #function) }

  /// The input given to the APNs reader is an FCM message.
  public static var apnsInputLooksLikeFCM: Self { Self(memberName: #function) }

  /// A device token that is not hexadecimal or not whole bytes.
  public static var apnsInvalidDeviceToken: Self { Self(memberName: #function) }

  /// `apns-expiration` is not decimal epoch seconds.
  public static var apnsInvalidExpiration: Self { Self(memberName: #function) }

  /// A header value given on the command line is not in `name: value` form.
  public static var apnsInvalidHeaderOption: Self { Self(memberName: #function) }

  /// `aps.interruption-level` is not one of the four levels.
  public static var apnsInvalidInterruptionLevel: Self { Self(memberName: #function) }

  /// `apns-id` is not a UUID.
  public static var apnsInvalidMessageID: Self { Self(memberName: #function) }

  /// `apns-priority` is not 10, 5 or 1.
  public static var apnsInvalidPriority: Self { Self(memberName: #function) }

  /// `apns-push-type` is not one of the push types APNs knows.
  public static var apnsInvalidPushType: Self { Self(memberName: #function) }

  /// `apns-topic` cannot be a topic.
  public static var apnsInvalidTopic: Self { Self(memberName: #function) }

  /// An `aps` key that has no effect in this push type.
  public static var apnsKeyNotForPushType: Self { Self(memberName: #function) }

  /// A legacy `alert` key.
  public static var apnsLegacyAlertKey: Self { Self(memberName: #function) }

  /// A Live Activity push with an unknown `event`.
  public static var apnsLiveActivityInvalidEvent: Self { Self(memberName: #function) }

  /// A Live Activity key that only applies to another event.
  public static var apnsLiveActivityKeyNotForEvent: Self { Self(memberName: #function) }

  /// A Live Activity push without a key its event needs.
  public static var apnsLiveActivityMissingKey: Self { Self(memberName: #function) }

  /// `aps.sound` in a Live Activity push.
  public static var apnsLiveActivitySoundOutsideAlert: Self { Self(memberName: #function) }

  /// `*-loc-args` without the matching `*-loc-key`.
  public static var apnsLocArgsWithoutLocKey: Self { Self(memberName: #function) }

  /// `apns-id` in upper case.
  public static var apnsMessageIDNotLowercase: Self { Self(memberName: #function) }

  /// A payload without `aps`, for a push type driven by `aps` keys or without a push type.
  public static var apnsMissingAPS: Self { Self(memberName: #function) }

  /// A widget or control push without `content-changed`.
  public static var apnsMissingContentChanged: Self { Self(memberName: #function) }

  /// The device token is empty.
  public static var apnsMissingDeviceToken: Self { Self(memberName: #function) }

  /// No `apns-push-type` header.
  public static var apnsMissingPushType: Self { Self(memberName: #function) }

  /// No `apns-topic` header.
  public static var apnsMissingTopic: Self { Self(memberName: #function) }

  /// The input has no document to read.
  public static var apnsNoPayload: Self { Self(memberName: #function) }

  /// The body is empty.
  public static var apnsPayloadEmpty: Self { Self(memberName: #function) }

  /// The payload is not a dictionary.
  public static var apnsPayloadNotObject: Self { Self(memberName: #function) }

  /// The body is larger than the push type's limit.
  public static var apnsPayloadTooLarge: Self { Self(memberName: #function) }

  /// A priority that is wrong or discouraged for the push type.
  public static var apnsPriorityForPushType: Self { Self(memberName: #function) }

  /// `aps.relevance-score` outside 0…1 in a push that is not a Live Activity update.
  public static var apnsRelevanceScoreOutOfRange: Self { Self(memberName: #function) }

  /// A member of a request document pushc does not know.
  public static var apnsRequestUnknownField: Self { Self(memberName: #function) }

  /// A Simulator payload file without `Simulator Target Bundle`.
  public static var apnsSimulatorTargetBundleMissing: Self { Self(memberName: #function) }

  /// A top-level key that is nearly `Simulator Target Bundle`.
  public static var apnsSimulatorTargetBundleMisspelled: Self { Self(memberName: #function) }

  /// `apns-topic` does not belong to the expected app.
  public static var apnsTopicBundleMismatch: Self { Self(memberName: #function) }

  /// `apns-topic` has the suffix of another push type.
  public static var apnsTopicSuffixForOtherPushType: Self { Self(memberName: #function) }

  /// `apns-topic` lacks the suffix the push type needs.
  public static var apnsTopicSuffixMismatch: Self { Self(memberName: #function) }

  /// A key of `aps` that APNs does not define.
  public static var apnsUnknownAPSKey: Self { Self(memberName: #function) }

  /// A key of `aps.alert` that APNs does not define.
  public static var apnsUnknownAlertKey: Self { Self(memberName: #function) }

  /// A header name that looks like an APNs header but is not one.
  public static var apnsUnknownHeader: Self { Self(memberName: #function) }

  /// A key of the critical-sound dictionary that APNs does not define.
  public static var apnsUnknownSoundKey: Self { Self(memberName: #function) }

  /// A device token of an unusual length.
  public static var apnsUnusualDeviceTokenLength: Self { Self(memberName: #function) }

  /// A value outside the range its key allows.
  public static var apnsValueOutOfRange: Self { Self(memberName: #function) }

  /// A value of the wrong JSON type.
  public static var apnsValueType: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// The raw APNs input reader and the APNs rules.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let apns = DiagnosticDomain(
    "apns",
    documentationFile: "APNs.md",
    diagnostics: [
      .apnsAPSKeyAtTopLevel,
      .apnsAPSNotObject,
      .apnsAlertPushShowsNothing,
      .apnsBackgroundWithUserInteraction,
      .apnsBackgroundWithoutContentAvailable,
      .apnsCollapseIDTooLong,
      .apnsCriticalSoundWithoutName,
      .apnsDateInMilliseconds,
      .apnsDuplicateHeader,
      .apnsEmptySoundName,
      .apnsExpirationInMilliseconds,
      .apnsExpirationInPast,
      .apnsFlagValue,
      .apnsInputLooksLikeFCM,
      .apnsInvalidDeviceToken,
      .apnsInvalidExpiration,
      .apnsInvalidHeaderOption,
      .apnsInvalidInterruptionLevel,
      .apnsInvalidMessageID,
      .apnsInvalidPriority,
      .apnsInvalidPushType,
      .apnsInvalidTopic,
      .apnsKeyNotForPushType,
      .apnsLegacyAlertKey,
      .apnsLiveActivityInvalidEvent,
      .apnsLiveActivityKeyNotForEvent,
      .apnsLiveActivityMissingKey,
      .apnsLiveActivitySoundOutsideAlert,
      .apnsLocArgsWithoutLocKey,
      .apnsMessageIDNotLowercase,
      .apnsMissingAPS,
      .apnsMissingContentChanged,
      .apnsMissingDeviceToken,
      .apnsMissingPushType,
      .apnsMissingTopic,
      .apnsNoPayload,
      .apnsPayloadEmpty,
      .apnsPayloadNotObject,
      .apnsPayloadTooLarge,
      .apnsPriorityForPushType,
      .apnsRelevanceScoreOutOfRange,
      .apnsRequestUnknownField,
      .apnsSimulatorTargetBundleMissing,
      .apnsSimulatorTargetBundleMisspelled,
      .apnsTopicBundleMismatch,
      .apnsTopicSuffixForOtherPushType,
      .apnsTopicSuffixMismatch,
      .apnsUnknownAPSKey,
      .apnsUnknownAlertKey,
      .apnsUnknownHeader,
      .apnsUnknownSoundKey,
      .apnsUnusualDeviceTokenLength,
      .apnsValueOutOfRange,
      .apnsValueType,
    ]
  )
}
