public import PushDiagnostics

// The identifiers of the FCM diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+FCM.swift` use them.
extension DiagnosticID {
  /// An `apns.payload` member that is an APNs request header, such as `apns-priority`.
  public static var fcmAPNSHeaderInPayload: Self { Self(memberName: #function) }

  /// `apns.payload` has no `aps` dictionary.
  public static var fcmAPNSMissingAPS: Self { Self(memberName: #function) }

  /// `aps.alert` is given both as a string and as a dictionary.
  public static var fcmAPSAlertConflict: Self { Self(memberName: #function) }

  /// `content-available` or `mutable-content` is `false`, which the Admin SDKs cannot send.
  public static var fcmAPSFlagFalse: Self { Self(memberName: #function) }

  /// An `aps` or `alert` key with an underscore or camelCase spelling APNs does not know.
  public static var fcmAPSKeyMisspelled: Self { Self(memberName: #function) }

  /// `aps.sound` is given both as a string and as a critical-sound dictionary.
  public static var fcmAPSSoundConflict: Self { Self(memberName: #function) }

  /// The camelCase spelling of a field, reported under the strict option.
  public static var fcmCamelCaseField: Self { Self(memberName: #function) }

  /// The condition uses double quotes around a topic name.
  public static var fcmConditionDoubleQuotes: Self { Self(memberName: #function) }

  /// `&&` and `||` are mixed without parentheses.
  public static var fcmConditionMixedOperators: Self { Self(memberName: #function) }

  /// The condition does not follow the condition grammar.
  public static var fcmConditionSyntax: Self { Self(memberName: #function) }

  /// The condition names more topics than FCM allows.
  public static var fcmConditionTooManyTopics: Self { Self(memberName: #function) }

  /// A field is written in both snake_case and lowerCamelCase.
  public static var fcmConflictingFieldSpellings: Self { Self(memberName: #function) }

  /// A critical sound volume outside `[0, 1]`.
  public static var fcmCriticalSoundVolume: Self { Self(memberName: #function) }

  /// A `data` key that on iOS collides with a key FCM or APNs uses at the top of the payload.
  public static var fcmDataKeyCollidesWithAPNS: Self { Self(memberName: #function) }

  /// `data` holds `title` or `body` but the message has no notification.
  public static var fcmDataLooksLikeNotification: Self { Self(memberName: #function) }

  /// Data-only message to iOS with `apns-priority: 10`.
  public static var fcmDataOnlyAPNSPriority: Self { Self(memberName: #function) }

  /// `apns.payload.aps` is empty and the message has nothing FCM would fill it with.
  public static var fcmEmptyAPS: Self { Self(memberName: #function) }

  /// A string field that must not be empty is empty.
  public static var fcmEmptyValue: Self { Self(memberName: #function) }

  /// An enum value in the Admin SDK spelling rather than the REST spelling.
  public static var fcmEnumSpelling: Self { Self(memberName: #function) }

  /// An analytics label that does not match `^[a-zA-Z0-9-_.~%]{1,50}$`.
  public static var fcmInvalidAnalyticsLabel: Self { Self(memberName: #function) }

  /// A colour in the wrong form.
  public static var fcmInvalidColor: Self { Self(memberName: #function) }

  /// A Duration string that does not follow the proto3 JSON form.
  public static var fcmInvalidDuration: Self { Self(memberName: #function) }

  /// An enum field with a value the API does not define.
  public static var fcmInvalidEnumValue: Self { Self(memberName: #function) }

  /// An image URL that is not an absolute http(s) URL.
  public static var fcmInvalidImageURL: Self { Self(memberName: #function) }

  /// A Timestamp string that is not RFC 3339.
  public static var fcmInvalidTimestamp: Self { Self(memberName: #function) }

  /// A topic name with characters FCM does not allow.
  public static var fcmInvalidTopicName: Self { Self(memberName: #function) }

  /// `apns.live_activity_token` on a message that does not target a registration token.
  public static var fcmLiveActivityWithoutToken: Self { Self(memberName: #function) }

  /// A Live Activity payload (`aps.event` or `aps.content-state`) without
  /// `apns.live_activity_token`.
  public static var fcmLiveActivityPayloadWithoutToken: Self { Self(memberName: #function) }

  /// `*-loc-args` without the matching `*-loc-key`.
  public static var fcmLocArgsWithoutLocKey: Self { Self(memberName: #function) }

  /// The encoded message is larger than FCM accepts.
  public static var fcmMessageTooLarge: Self { Self(memberName: #function) }

  /// A field of another object, written in the wrong place.
  public static var fcmMisplacedField: Self { Self(memberName: #function) }

  /// A required field is missing.
  public static var fcmMissingField: Self { Self(memberName: #function) }

  /// The message has no target.
  public static var fcmMissingTarget: Self { Self(memberName: #function) }

  /// The message has more than one target.
  public static var fcmMultipleTargets: Self { Self(memberName: #function) }

  /// A negative duration.
  public static var fcmNegativeDuration: Self { Self(memberName: #function) }

  /// A negative `notification_count`.
  public static var fcmNegativeNotificationCount: Self { Self(memberName: #function) }

  /// The input holds no message definition.
  public static var fcmNoMessages: Self { Self(memberName: #function) }

  /// A non-string value in a string-to-string map such as `data` or `apns.headers`.
  public static var fcmNonStringValue: Self { Self(memberName: #function) }

  /// An output-only field in a message definition.
  public static var fcmOutputOnlyField: Self { Self(memberName: #function) }

  /// A `data` key starting with `google` or `gcm` without the dot.
  public static var fcmPossiblyReservedDataKey: Self { Self(memberName: #function) }

  /// A reserved `data` key.
  public static var fcmReservedDataKey: Self { Self(memberName: #function) }

  /// An `android.ttl` above the 28-day maximum.
  public static var fcmTTLTooLong: Self { Self(memberName: #function) }

  /// A topic message larger than the 2048 bytes FCM's error-code page gives for topics.
  public static var fcmTopicMessageLarge: Self { Self(memberName: #function) }

  /// A topic name longer than the FCM client SDKs subscribe to.
  public static var fcmTopicNameTooLong: Self { Self(memberName: #function) }

  /// A topic written with the `/topics/` prefix.
  public static var fcmTopicPrefix: Self { Self(memberName: #function) }

  /// A value of the wrong JSON type.
  public static var fcmTypeMismatch: Self { Self(memberName: #function) }

  /// A field the FCM v1 API does not define.
  public static var fcmUnknownField: Self { Self(memberName: #function) }

  /// A YAML plain scalar read as the string the user wrote.
  public static var fcmUnquotedScalar: Self { Self(memberName: #function) }

  /// A `webpush.fcm_options.link` that is not an HTTPS URL.
  public static var fcmWebpushLinkNotHTTPS: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// The FCM message reader and the FCM rules.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let fcm = DiagnosticDomain(
    "fcm",
    documentationFile: "FCM.md",
    diagnostics: [
      .fcmAPNSHeaderInPayload,
      .fcmAPNSMissingAPS,
      .fcmAPSAlertConflict,
      .fcmAPSFlagFalse,
      .fcmAPSKeyMisspelled,
      .fcmAPSSoundConflict,
      .fcmCamelCaseField,
      .fcmConditionDoubleQuotes,
      .fcmConditionMixedOperators,
      .fcmConditionSyntax,
      .fcmConditionTooManyTopics,
      .fcmConflictingFieldSpellings,
      .fcmCriticalSoundVolume,
      .fcmDataKeyCollidesWithAPNS,
      .fcmDataLooksLikeNotification,
      .fcmDataOnlyAPNSPriority,
      .fcmEmptyAPS,
      .fcmEmptyValue,
      .fcmEnumSpelling,
      .fcmInvalidAnalyticsLabel,
      .fcmInvalidColor,
      .fcmInvalidDuration,
      .fcmInvalidEnumValue,
      .fcmInvalidImageURL,
      .fcmInvalidTimestamp,
      .fcmInvalidTopicName,
      .fcmLiveActivityPayloadWithoutToken,
      .fcmLiveActivityWithoutToken,
      .fcmLocArgsWithoutLocKey,
      .fcmMessageTooLarge,
      .fcmMisplacedField,
      .fcmMissingField,
      .fcmMissingTarget,
      .fcmMultipleTargets,
      .fcmNegativeDuration,
      .fcmNegativeNotificationCount,
      .fcmNoMessages,
      .fcmNonStringValue,
      .fcmOutputOnlyField,
      .fcmPossiblyReservedDataKey,
      .fcmReservedDataKey,
      .fcmTTLTooLong,
      .fcmTopicMessageLarge,
      .fcmTopicNameTooLong,
      .fcmTopicPrefix,
      .fcmTypeMismatch,
      .fcmUnknownField,
      .fcmUnquotedScalar,
      .fcmWebpushLinkNotHTTPS,
    ]
  )
}
