package import PushDiagnostics

// The diagnostics of FCM message reading and checking, alphabetically. Each identifier is the
// member's name; `Documentation/Diagnostics/FCM.md` has one entry per identifier.
extension DiagnosticMessage {
  /// An `apns.payload` member that is an APNs request header, such as `apns-priority`.
  package static func fcmAPNSHeaderInPayload(_ key: String) -> Self {
    .init(
      .fcmAPNSHeaderInPayload,
      .warning,
      "'\(key)' is an APNs request header, but here it is sent to the app as payload data; "
        + "move it to 'apns.headers'"
    )
  }

  /// `apns.payload` has no `aps` dictionary.
  package static func fcmAPNSMissingAPS() -> Self {
    .init(.fcmAPNSMissingAPS, .error, "'apns.payload' must hold an 'aps' object")
  }

  /// `apns.payload.aps` is empty and nothing fills it.
  package static func fcmEmptyAPS() -> Self {
    .init(
      .fcmEmptyAPS,
      .error,
      "'apns.payload.aps' is empty and the message has no notification title or body to fill it; FCM rejects it with 'Value of [aps] must be a non-empty dictionary.'"
    )
  }

  /// `aps.alert` is given both as a string and as a dictionary.
  package static func fcmAPSAlertConflict() -> Self {
    .init(
      .fcmAPSAlertConflict,
      .error,
      "'aps.alert' is given both as a string and as a dictionary; keep one of them"
    )
  }

  /// `content-available` or `mutable-content` is `false`, which the Admin SDKs cannot send.
  package static func fcmAPSFlagFalse(_ key: String) -> Self {
    .init(
      .fcmAPSFlagFalse,
      .warning,
      "'\(key): false' is not sent, as in the Admin SDKs; remove it, or write 1 to enable it"
    )
  }

  /// An `aps` or `alert` key with an underscore or camelCase spelling APNs does not know.
  package static func fcmAPSKeyMisspelled(_ key: String, canonical: String) -> Self {
    .init(.fcmAPSKeyMisspelled, .warning, "APNs ignores '\(key)'; did you mean '\(canonical)'?")
  }

  /// `aps.sound` is given both as a string and as a critical-sound dictionary.
  package static func fcmAPSSoundConflict() -> Self {
    .init(
      .fcmAPSSoundConflict,
      .error,
      "'aps.sound' is given both as a string and as a critical-sound dictionary; keep one of them"
    )
  }

  /// The camelCase spelling of a field, reported under the strict option.
  package static func fcmCamelCaseField(_ key: String, canonical: String) -> Self {
    .init(.fcmCamelCaseField, .note, "'\(key)' is the lowerCamelCase spelling of '\(canonical)'")
  }

  /// The condition uses double quotes around a topic name.
  package static func fcmConditionDoubleQuotes(_ topic: String) -> Self {
    .init(
      .fcmConditionDoubleQuotes,
      .warning,
      "topic '\(topic)' is in double quotes; FCM documents single quotes ('\(topic)' in topics)"
    )
  }

  /// `&&` and `||` are mixed without parentheses.
  package static func fcmConditionMixedOperators(_ reading: String) -> Self {
    .init(
      .fcmConditionMixedOperators,
      .warning,
      "'&&' and '||' are mixed without parentheses; FCM evaluates from left to right, "
        + "so this means \(reading)"
    )
  }

  /// The condition does not follow the condition grammar.
  package static func fcmConditionSyntax(_ problem: String, column: Int) -> Self {
    .init(.fcmConditionSyntax, .error, "invalid condition at column \(column): \(problem)")
  }

  /// The condition names more topics than FCM allows.
  package static func fcmConditionTooManyTopics(_ count: Int, limit: Int) -> Self {
    .init(
      .fcmConditionTooManyTopics, .error,
      "the condition uses \(count) topics; FCM allows at most \(limit)")
  }

  /// A field is written in both snake_case and lowerCamelCase.
  package static func fcmConflictingFieldSpellings(_ first: String, _ second: String) -> Self {
    .init(
      .fcmConflictingFieldSpellings,
      .error,
      "'\(first)' and '\(second)' name the same field; FCM rejects a message that sets both"
    )
  }

  /// A critical sound volume outside `[0, 1]`.
  package static func fcmCriticalSoundVolume(_ volume: String) -> Self {
    .init(
      .fcmCriticalSoundVolume, .error,
      "critical sound volume \(volume) is outside the interval [0, 1]")
  }

  /// A `data` key that on iOS collides with a key FCM or APNs uses at the top of the payload.
  package static func fcmDataKeyCollidesWithAPNS(_ key: String, reason: String) -> Self {
    .init(
      .fcmDataKeyCollidesWithAPNS, .error,
      "data key '\(key)' collides with the APNs payload on iOS: \(reason)")
  }

  /// `data` holds `title` or `body` but the message has no notification.
  package static func fcmDataLooksLikeNotification(_ key: String) -> Self {
    .init(
      .fcmDataLooksLikeNotification,
      .warning,
      "data key '\(key)' is delivered to the app only; the message has no notification, so "
        + "nothing is shown. Did you mean 'notification.\(key)'?"
    )
  }

  /// Data-only message to iOS with `apns-priority: 10`.
  package static func fcmDataOnlyAPNSPriority() -> Self {
    .init(
      .fcmDataOnlyAPNSPriority,
      .warning,
      "a data-only message to iOS must use 'apns-priority: 5'; FCM documents that only normal "
        + "priority is allowed"
    )
  }

  /// A string field that must not be empty is empty.
  package static func fcmEmptyValue(_ path: String) -> Self {
    .init(.fcmEmptyValue, .error, "'\(path)' must be a non-empty string")
  }

  /// An enum value in the Admin SDK spelling rather than the REST spelling.
  package static func fcmEnumSpelling(_ value: String, path: String, canonical: String) -> Self {
    .init(
      .fcmEnumSpelling,
      .warning,
      "'\(value)' is the Admin SDK spelling for '\(path)'; the request carries '\(canonical)'"
    )
  }

  /// An analytics label that does not match `^[a-zA-Z0-9-_.~%]{1,50}$`.
  package static func fcmInvalidAnalyticsLabel(_ path: String, problem: String) -> Self {
    .init(
      .fcmInvalidAnalyticsLabel,
      .error,
      "malformed '\(path)': \(problem); labels match ^[a-zA-Z0-9-_.~%]{1,50}$"
    )
  }

  /// A colour in the wrong form.
  package static func fcmInvalidColor(_ value: String, path: String, expected: String) -> Self {
    .init(.fcmInvalidColor, .error, "'\(path)' \(value) is not a colour; expected \(expected)")
  }

  /// A Duration string that does not follow the proto3 JSON form.
  package static func fcmInvalidDuration(_ text: String, path: String, suggestion: String?)
    -> Self
  {
    .init(
      .fcmInvalidDuration,
      .error,
      "'\(text)' is not a duration for '\(path)'; write seconds with an 's' suffix"
        + (suggestion.map { ", such as '\($0)'" } ?? ", such as '3600s' or '0.5s'")
    )
  }

  /// An enum field with a value the API does not define.
  package static func fcmInvalidEnumValue(
    _ value: String,
    path: String,
    allowed: [String],
    suggestion: String?
  ) -> Self {
    let list = allowed.map { "'\($0)'" }
    let joined =
      list.count <= 1
      ? list.joined()
      : list.dropLast().joined(separator: ", ") + " or " + (list.last ?? "")
    return .init(
      .fcmInvalidEnumValue,
      .error,
      "'\(value)' is not a valid value for '\(path)'; expected \(joined)"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    )
  }

  /// An image URL that is not an absolute http(s) URL.
  package static func fcmInvalidImageURL(_ url: String, path: String, problem: String) -> Self {
    .init(.fcmInvalidImageURL, .error, "invalid image URL '\(url)' in '\(path)': \(problem)")
  }

  /// A Timestamp string that is not RFC 3339.
  package static func fcmInvalidTimestamp(_ text: String, path: String) -> Self {
    .init(
      .fcmInvalidTimestamp,
      .error,
      "'\(text)' is not an RFC 3339 timestamp for '\(path)'; write it like "
        + "'2024-02-21T09:00:00Z' or '2024-02-21T18:00:00+09:00'"
    )
  }

  /// A topic name with characters FCM does not allow.
  package static func fcmInvalidTopicName(_ name: String, problem: String) -> Self {
    .init(
      .fcmInvalidTopicName,
      .error,
      "malformed topic name '\(name)': \(problem); topic names use only letters, digits and "
        + "'-_.~%'"
    )
  }

  /// `apns.live_activity_token` on a message that does not target a registration token.
  package static func fcmLiveActivityWithoutToken(_ target: String) -> Self {
    .init(
      .fcmLiveActivityWithoutToken,
      .warning,
      "'apns.live_activity_token' is sent with a '\(target)' target; FCM documents Live "
        + "Activity messages with a registration 'token' target"
    )
  }

  /// A Live Activity payload without `apns.live_activity_token`.
  package static func fcmLiveActivityPayloadWithoutToken(_ key: String) -> Self {
    .init(
      .fcmLiveActivityPayloadWithoutToken,
      .warning,
      "'aps' has '\(key)', a Live Activity key, but 'apns.live_activity_token' is not set; FCM "
        + "then sends the message to the app's device token, and a Live Activity receives "
        + "updates only at its own push token"
    )
  }

  /// `*-loc-args` without the matching `*-loc-key`.
  package static func fcmLocArgsWithoutLocKey(_ args: String, key: String) -> Self {
    .init(.fcmLocArgsWithoutLocKey, .error, "'\(key)' is required when specifying '\(args)'")
  }

  /// The encoded message is larger than FCM accepts.
  package static func fcmMessageTooLarge(_ size: Int, limit: Int) -> Self {
    .init(
      .fcmMessageTooLarge, .error,
      "the message is \(size) bytes; FCM accepts at most \(limit) bytes")
  }

  /// A field of another object, written in the wrong place.
  package static func fcmMisplacedField(_ key: String, object: String, hint: String) -> Self {
    .init(.fcmMisplacedField, .error, "'\(key)' is not a field of '\(object)'; \(hint)")
  }

  /// A required field is missing.
  package static func fcmMissingField(_ field: String, object: String) -> Self {
    .init(.fcmMissingField, .error, "'\(object)' is missing the required field '\(field)'")
  }

  /// The message has no target.
  package static func fcmMissingTarget() -> Self {
    .init(
      .fcmMissingTarget,
      .error,
      "the message has no target; exactly one of 'token', 'fid', 'topic' or 'condition' must "
        + "be specified"
    )
  }

  /// The message has more than one target.
  package static func fcmMultipleTargets(_ fields: [String]) -> Self {
    let list = fields.map { "'\($0)'" }
    let joined = list.dropLast().joined(separator: ", ") + " and " + (list.last ?? "")
    return .init(
      .fcmMultipleTargets,
      .error,
      "the message sets \(joined); exactly one of 'token', 'fid', 'topic' or 'condition' must "
        + "be specified"
    )
  }

  /// A negative duration.
  package static func fcmNegativeDuration(_ text: String, path: String) -> Self {
    .init(.fcmNegativeDuration, .error, "'\(path)' must not be negative, but is '\(text)'")
  }

  /// A negative `notification_count`.
  package static func fcmNegativeNotificationCount(_ count: Int) -> Self {
    .init(
      .fcmNegativeNotificationCount,
      .error,
      "'android.notification.notification_count' must not be negative, but is \(count)"
    )
  }

  /// The input holds no message definition.
  package static func fcmNoMessages() -> Self {
    .init(.fcmNoMessages, .error, "the input holds no message definition")
  }

  /// A non-string value in a string-to-string map such as `data` or `apns.headers`.
  package static func fcmNonStringValue(_ path: String, found: String) -> Self {
    .init(
      .fcmNonStringValue,
      .error,
      "'\(path)' must be a string, not \(found); FCM accepts only string values here"
    )
  }

  /// An output-only field in a message definition.
  package static func fcmOutputOnlyField(_ key: String) -> Self {
    .init(
      .fcmOutputOnlyField,
      .warning,
      "'\(key)' is output only: FCM sets it in its response, so pushc does not send it"
    )
  }

  /// A `data` key starting with `google` or `gcm` without the dot.
  package static func fcmPossiblyReservedDataKey(_ key: String, prefix: String) -> Self {
    .init(
      .fcmPossiblyReservedDataKey,
      .warning,
      "data key '\(key)' starts with '\(prefix)'; older FCM documentation reserves every key "
        + "starting with '\(prefix)'"
    )
  }

  /// A reserved `data` key.
  package static func fcmReservedDataKey(_ key: String, reason: String) -> Self {
    .init(.fcmReservedDataKey, .error, "data key '\(key)' is reserved by FCM: \(reason)")
  }

  /// A topic message larger than the 2048 bytes FCM's error-code page gives for topics.
  package static func fcmTopicMessageLarge(_ size: Int, limit: Int) -> Self {
    .init(
      .fcmTopicMessageLarge,
      .warning,
      "the topic message is \(size) bytes; FCM's error-code page limits topic messages to "
        + "\(limit) bytes"
    )
  }

  /// A topic name longer than the FCM client SDKs subscribe to.
  package static func fcmTopicNameTooLong(_ length: Int, limit: Int) -> Self {
    .init(
      .fcmTopicNameTooLong,
      .warning,
      "the topic name is \(length) characters; the FCM client SDKs subscribe only to names of "
        + "up to \(limit) characters"
    )
  }

  /// A topic written with the `/topics/` prefix.
  package static func fcmTopicPrefix(_ name: String) -> Self {
    .init(
      .fcmTopicPrefix,
      .note,
      "the '/topics/' prefix is removed, as the Admin SDKs do; the request carries '\(name)'"
    )
  }

  /// An `android.ttl` above the 28-day maximum.
  package static func fcmTTLTooLong(_ ttl: String, limit: Int) -> Self {
    .init(
      .fcmTTLTooLong,
      .error,
      "'android.ttl' is '\(ttl)'; FCM's maximum is \(limit) s (28 days)"
    )
  }

  /// A value of the wrong JSON type.
  package static func fcmTypeMismatch(_ path: String, expected: String, found: String) -> Self {
    .init(.fcmTypeMismatch, .error, "'\(path)' must be \(expected), not \(found)")
  }

  /// A field the FCM v1 API does not define.
  package static func fcmUnknownField(_ key: String, object: String, suggestion: String?) -> Self {
    .init(
      .fcmUnknownField,
      .error,
      "unknown field '\(key)' in '\(object)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    )
  }

  /// A YAML plain scalar read as the string the user wrote.
  package static func fcmUnquotedScalar(_ text: String, path: String, resolved: String) -> Self {
    guard !text.isEmpty else {
      return .init(
        .fcmUnquotedScalar,
        .warning,
        "'\(path)' has no value, which YAML reads as null; it is read as the empty string, so "
          + "write '\"\"' to say so"
      )
    }
    return .init(
      .fcmUnquotedScalar,
      .warning,
      "'\(path)' is written as \(resolved) '\(text)' and read as the string '\(text)'; quote "
        + "it to say so"
    )
  }

  /// A `webpush.fcm_options.link` that is not an HTTPS URL.
  package static func fcmWebpushLinkNotHTTPS(_ link: String) -> Self {
    .init(
      .fcmWebpushLinkNotHTTPS, .error,
      "'webpush.fcm_options.link' must be an HTTPS URL, but is '\(link)'")
  }
}
