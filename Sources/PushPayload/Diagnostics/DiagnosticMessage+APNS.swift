package import PushDiagnostics

/// The `apns_reason` property of a diagnostic about something APNs itself rejects.
private func rejectedBy(_ reason: String) -> [String: String] {
  ["apns_reason": reason]
}

/// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
private func quotedList(_ values: [String]) -> String {
  let quoted = values.map { "'\($0)'" }
  guard let last = quoted.last else { return "" }
  return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
}

// The diagnostics of APNs request and payload checks and of reading raw APNs input,
// alphabetically. Each identifier is the member's name; `Documentation/Diagnostics/APNs.md` has
// one entry per identifier. Entries for something APNs itself rejects carry the reason APNs
// returns as the `apns_reason` property.
extension DiagnosticMessage {
  /// An `aps` key written beside `aps`, where APNs passes it to the app as custom data.
  package static func apnsAPSKeyAtTopLevel(_ key: String, canonical: String) -> Self {
    .init(
      .apnsAPSKeyAtTopLevel,
      .warning,
      "'\(key)' is beside 'aps', so iOS treats it as custom data; move it into 'aps'"
        + (key == canonical ? "" : " as '\(canonical)'")
    )
  }

  /// An FCM `data` key named like an `aps` key: on iOS it reaches the app as custom data only.
  package static func apnsAPSKeyInFCMData(_ key: String, canonical: String) -> Self {
    .init(
      .apnsAPSKeyAtTopLevel,
      .note,
      "the data key '\(key)' is named like the 'aps' key '\(canonical)'; on iOS it reaches the app as custom data only, and the system does not act on it"
    )
  }

  /// `aps` is not a dictionary.
  package static func apnsAPSNotObject(_ found: String) -> Self {
    .init(.apnsAPSNotObject, .error, "'aps' must be a dictionary, not \(found)")
  }

  /// A payload without `aps`, for a push type driven by `aps` keys (`pushType`) or without a
  /// push type (`nil`).
  package static func apnsMissingAPS(pushType: String?) -> Self {
    let keys = "Apple's keys (alert, badge, sound, content-available, …) go in 'aps'"
    let text =
      pushType.map {
        "the payload has no 'aps' dictionary, so this '\($0)' push does nothing; \(keys)"
      }
      ?? "the payload has no 'aps' dictionary; \(keys), and only VoIP, MDM and other PushKit "
      + "payloads do without it (set 'apns-push-type' for them)"
    return .init(.apnsMissingAPS, .error, text)
  }

  /// An `alert` push whose `aps` has no alert text, badge or sound.
  package static func apnsAlertPushShowsNothing(suggestedPushType: String?) -> Self {
    .init(
      .apnsAlertPushShowsNothing,
      .warning,
      "this 'alert' push shows nothing: 'aps' has no alert text, badge or sound"
        + (suggestedPushType.map { "; did you mean push type '\($0)'?" } ?? "")
    )
  }

  /// A background push with `alert`, `badge` or `sound`.
  package static func apnsBackgroundWithUserInteraction(_ path: String) -> Self {
    .init(
      .apnsBackgroundWithUserInteraction,
      .error,
      "background pushes must not have '\(path)'; use push type 'alert' to show or play "
        + "something"
    )
  }

  /// A background push without `content-available`.
  package static func apnsBackgroundWithoutContentAvailable() -> Self {
    .init(
      .apnsBackgroundWithoutContentAvailable,
      .error,
      "background pushes need 'aps.content-available' set to 1, or the app is not woken"
    )
  }

  /// `apns-collapse-id` is longer than APNs accepts.
  package static func apnsCollapseIDTooLong(byteCount: Int, limit: Int) -> Self {
    .init(
      .apnsCollapseIDTooLong,
      .error,
      "'apns-collapse-id' is \(byteCount) bytes; APNs accepts at most \(limit) bytes",
      properties: rejectedBy("BadCollapseId")
    )
  }

  /// A critical-alert sound dictionary without `name`.
  package static func apnsCriticalSoundWithoutName(_ path: String) -> Self {
    .init(
      .apnsCriticalSoundWithoutName, .error,
      "the critical-alert sound '\(path)' needs a 'name' (a sound file or 'default')")
  }

  /// A Live Activity date that looks like milliseconds.
  package static func apnsDateInMilliseconds(_ path: String, value: String) -> Self {
    .init(
      .apnsDateInMilliseconds,
      .warning,
      "'\(path)' is \(value), which is milliseconds or far in the future; ActivityKit expects "
        + "UNIX seconds"
    )
  }

  /// A header given twice.
  package static func apnsDuplicateHeader(_ name: String) -> Self {
    .init(
      .apnsDuplicateHeader,
      .error,
      "header '\(name)' is given more than once",
      properties: rejectedBy("DuplicateHeaders")
    )
  }

  /// An empty sound name.
  package static func apnsEmptySoundName(_ path: String) -> Self {
    .init(
      .apnsEmptySoundName,
      .warning,
      "'\(path)' is empty, so no sound plays; name a sound file, write 'default' or remove it"
    )
  }

  /// `apns-expiration` is in milliseconds.
  package static func apnsExpirationInMilliseconds(_ value: String) -> Self {
    .init(
      .apnsExpirationInMilliseconds,
      .warning,
      "'apns-expiration' \(value) is milliseconds or far in the future; APNs expects UNIX "
        + "seconds"
    )
  }

  /// `apns-expiration` is in the past.
  package static func apnsExpirationInPast(_ value: String, secondsAgo: Int) -> Self {
    .init(
      .apnsExpirationInPast,
      .warning,
      "'apns-expiration' \(value) was \(secondsAgo) seconds ago, so APNs will not store the "
        + "notification; use 0 to mean 'deliver now or never'"
    )
  }

  /// A content-available, mutable-content, input-push-token, critical or content-changed flag
  /// with a value other than the one that turns it on.
  package static func apnsFlagValue(_ path: String, value: String, expected: String) -> Self {
    .init(
      .apnsFlagValue,
      .warning,
      "'\(path)' is \(value); only \(expected) turns it on, so write \(expected) or remove it"
    )
  }

  /// The input given to the APNs reader is an FCM message.
  package static func apnsInputLooksLikeFCM() -> Self {
    .init(
      .apnsInputLooksLikeFCM,
      .error,
      "this is an FCM message, not raw APNs input; read it as FCM, or give the APNs payload "
        + "itself"
    )
  }

  /// A device token that is not hexadecimal or not whole bytes.
  package static func apnsInvalidDeviceToken(_ problem: String) -> Self {
    .init(
      .apnsInvalidDeviceToken,
      .error,
      "the device token is not valid: \(problem)",
      properties: rejectedBy("BadDeviceToken")
    )
  }

  /// `apns-expiration` is not decimal epoch seconds.
  package static func apnsInvalidExpiration(_ value: String) -> Self {
    .init(
      .apnsInvalidExpiration,
      .error,
      "'apns-expiration' must be UNIX epoch seconds as a decimal integer, not '\(value)'",
      properties: rejectedBy("BadExpirationDate")
    )
  }

  /// A header value given on the command line is not in `name: value` form.
  package static func apnsInvalidHeaderOption(_ argument: String) -> Self {
    .init(
      .apnsInvalidHeaderOption, .error, "'\(argument)' is not a header; write it as 'name: value'")
  }

  /// `aps.interruption-level` is not one of the four levels.
  package static func apnsInvalidInterruptionLevel(_ value: String, suggestion: String?) -> Self {
    .init(
      .apnsInvalidInterruptionLevel,
      .error,
      "'aps.interruption-level' must be "
        + quotedList(["passive", "active", "time-sensitive", "critical"])
        + ", not '\(value)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    )
  }

  /// `apns-id` is not a UUID.
  package static func apnsInvalidMessageID(_ value: String) -> Self {
    .init(
      .apnsInvalidMessageID,
      .error,
      "'apns-id' must be a UUID such as '123e4567-e89b-12d3-a456-4266554400a0', not '\(value)'",
      properties: rejectedBy("BadMessageId")
    )
  }

  /// `apns-priority` is not 10, 5 or 1.
  package static func apnsInvalidPriority(_ value: String) -> Self {
    .init(
      .apnsInvalidPriority,
      .error,
      "'apns-priority' must be 10, 5 or 1, not '\(value)'",
      properties: rejectedBy("BadPriority")
    )
  }

  /// `apns-push-type` is not one of the push types APNs knows.
  package static func apnsInvalidPushType(_ value: String, suggestion: String?) -> Self {
    .init(
      .apnsInvalidPushType,
      .error,
      "'\(value)' is not an APNs push type"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
      properties: rejectedBy("InvalidPushType")
    )
  }

  /// `apns-topic` cannot be a topic.
  package static func apnsInvalidTopic(_ topic: String, problem: String) -> Self {
    .init(
      .apnsInvalidTopic,
      .error,
      "'apns-topic' '\(topic)' is not a bundle ID: \(problem)",
      properties: rejectedBy("BadTopic")
    )
  }

  /// An `aps` key that has no effect in this push type.
  package static func apnsKeyNotForPushType(
    _ path: String,
    pushType: String?,
    meaningfulFor: [String]
  ) -> Self {
    .init(
      .apnsKeyNotForPushType,
      .warning,
      "'\(path)' has no effect "
        + (pushType.map { "in '\($0)' pushes" } ?? "here")
        + "; it is for " + quotedList(meaningfulFor) + " pushes"
    )
  }

  /// A legacy `alert` key.
  package static func apnsLegacyAlertKey(_ key: String) -> Self {
    .init(
      .apnsLegacyAlertKey,
      .note,
      "'aps.alert.\(key)' is a legacy key that Apple's current reference no longer lists"
    )
  }

  /// A Live Activity push with an unknown `event`.
  package static func apnsLiveActivityInvalidEvent(_ value: String, suggestion: String?) -> Self {
    .init(
      .apnsLiveActivityInvalidEvent,
      .error,
      "'aps.event' must be 'start', 'update' or 'end', not '\(value)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    )
  }

  /// A Live Activity key that only applies to another event.
  package static func apnsLiveActivityKeyNotForEvent(
    _ path: String,
    event: String,
    expectedEvent: String
  ) -> Self {
    .init(
      .apnsLiveActivityKeyNotForEvent,
      .warning,
      "'\(path)' has no effect in an '\(event)' event; it is only for '\(expectedEvent)'"
    )
  }

  /// A Live Activity push without a key its event needs.
  package static func apnsLiveActivityMissingKey(_ path: String, event: String?) -> Self {
    .init(
      .apnsLiveActivityMissingKey,
      .error,
      (event.map { "Live Activity '\($0)' pushes" } ?? "Live Activity pushes")
        + " need '\(path)'"
    )
  }

  /// `aps.sound` in a Live Activity push.
  package static func apnsLiveActivitySoundOutsideAlert() -> Self {
    .init(
      .apnsLiveActivitySoundOutsideAlert,
      .warning,
      "Live Activity pushes take the alert sound inside 'aps.alert', not as 'aps.sound'"
    )
  }

  /// `*-loc-args` without the matching `*-loc-key`.
  package static func apnsLocArgsWithoutLocKey(_ arguments: String, key: String) -> Self {
    .init(
      .apnsLocArgsWithoutLocKey, .error,
      "'\(arguments)' needs '\(key)', whose placeholders the arguments fill")
  }

  /// `apns-id` in upper case.
  package static func apnsMessageIDNotLowercase(_ value: String) -> Self {
    .init(
      .apnsMessageIDNotLowercase,
      .error,
      "'apns-id' '\(value)' must be in lower case",
      properties: rejectedBy("BadMessageId")
    )
  }

  /// A widget or control push without `content-changed`.
  package static func apnsMissingContentChanged(pushType: String) -> Self {
    .init(
      .apnsMissingContentChanged,
      .warning,
      "'\(pushType)' pushes need 'aps.content-changed' set to true to reload"
    )
  }

  /// The device token is empty.
  package static func apnsMissingDeviceToken() -> Self {
    .init(
      .apnsMissingDeviceToken,
      .error,
      "the device token is empty",
      properties: rejectedBy("MissingDeviceToken")
    )
  }

  /// No `apns-push-type` header.
  package static func apnsMissingPushType(suggested: String?) -> Self {
    .init(
      .apnsMissingPushType,
      .warning,
      "'apns-push-type' is missing; watchOS requires it and APNs may delay or drop pushes "
        + "without it" + (suggested.map { "; this payload looks like '\($0)'" } ?? "")
    )
  }

  /// No `apns-topic` header on a request sent to APNs directly (FCM sets the topic of the
  /// requests it sends, so the FCM-lowered profile does not report it).
  package static func apnsMissingTopic() -> Self {
    .init(
      .apnsMissingTopic,
      .warning,
      "'apns-topic' is missing; APNs requires it unless a single-topic certificate is used",
      properties: rejectedBy("MissingTopic")
    )
  }

  /// The input has no document to read.
  package static func apnsNoPayload() -> Self {
    .init(
      .apnsNoPayload, .error, "the input holds no APNs payload",
      properties: rejectedBy("PayloadEmpty"))
  }

  /// The body is empty.
  package static func apnsPayloadEmpty() -> Self {
    .init(
      .apnsPayloadEmpty, .error, "the APNs payload is empty", properties: rejectedBy("PayloadEmpty")
    )
  }

  /// The payload is not a dictionary.
  package static func apnsPayloadNotObject(_ found: String, isJSONText: Bool) -> Self {
    .init(
      .apnsPayloadNotObject,
      .error,
      "the APNs payload must be a dictionary, not \(found)"
        + (isJSONText ? "; write the JSON itself rather than a string holding it" : "")
    )
  }

  /// The body is larger than the push type's limit.
  package static func apnsPayloadTooLarge(byteCount: Int, limit: Int, pushType: String?) -> Self {
    .init(
      .apnsPayloadTooLarge,
      .error,
      "APNs payload is \(byteCount) bytes; the limit "
        + (pushType.map { "for '\($0)' pushes " } ?? "")
        + "is \(limit) bytes",
      properties: rejectedBy("PayloadTooLarge")
    )
  }

  /// A priority that is wrong or discouraged for the push type.
  package static func apnsPriorityForPushType(
    _ priority: String,
    pushType: String,
    advice: String,
    isDefault: Bool
  ) -> Self {
    .init(
      .apnsPriorityForPushType,
      .error,
      isDefault
        ? "'apns-priority' is missing, so APNs uses \(priority); \(advice)"
        : "'apns-priority' is \(priority) in a '\(pushType)' push; \(advice)"
    )
  }

  /// `aps.relevance-score` outside 0…1 in a push that is not a Live Activity update.
  package static func apnsRelevanceScoreOutOfRange(_ value: String) -> Self {
    .init(
      .apnsRelevanceScoreOutOfRange,
      .warning,
      "'aps.relevance-score' is \(value); notifications use 0 to 1 (only Live Activities take "
        + "other values)"
    )
  }

  /// A member of a request document pushc does not know.
  package static func apnsRequestUnknownField(_ key: String, suggestion: String?) -> Self {
    .init(
      .apnsRequestUnknownField,
      .error,
      "unknown field '\(key)' in the APNs request; the fields are 'device_token', 'headers' "
        + "and 'payload'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    )
  }

  /// A top-level key that is nearly `Simulator Target Bundle`.
  package static func apnsSimulatorTargetBundleMisspelled(_ key: String) -> Self {
    .init(
      .apnsSimulatorTargetBundleMisspelled,
      .warning,
      "'\(key)' is not 'Simulator Target Bundle'; xcrun simctl push ignores it and sends it to the app as a custom key, so dropping the file on a Simulator does not find the app"
    )
  }

  /// A Simulator payload file without `Simulator Target Bundle`.
  package static func apnsSimulatorTargetBundleMissing() -> Self {
    .init(
      .apnsSimulatorTargetBundleMissing,
      .note,
      "the Simulator file has no 'Simulator Target Bundle'; pass the bundle ID to "
        + "'xcrun simctl push' instead"
    )
  }

  /// `apns-topic` does not belong to the expected app.
  package static func apnsTopicBundleMismatch(_ topic: String, expected: String, bundleID: String)
    -> Self
  {
    .init(
      .apnsTopicBundleMismatch,
      .error,
      "'apns-topic' is '\(topic)', but pushes to '\(bundleID)' of this type use '\(expected)'"
    )
  }

  /// `apns-topic` has the suffix of another push type.
  package static func apnsTopicSuffixForOtherPushType(
    _ topic: String,
    suffix: String,
    otherPushType: String,
    pushType: String
  ) -> Self {
    .init(
      .apnsTopicSuffixForOtherPushType,
      .warning,
      "'apns-topic' '\(topic)' ends in '\(suffix)', the suffix of '\(otherPushType)' pushes; "
        + "'\(pushType)' pushes use the bare bundle ID"
    )
  }

  /// `apns-topic` lacks the suffix the push type needs.
  package static func apnsTopicSuffixMismatch(_ topic: String, pushType: String, suffix: String)
    -> Self
  {
    .init(
      .apnsTopicSuffixMismatch,
      .error,
      "'apns-topic' for '\(pushType)' pushes must be the bundle ID followed by '\(suffix)', "
        + "not '\(topic)'"
    )
  }

  /// A key of `aps` that APNs does not define.
  package static func apnsUnknownAPSKey(_ key: String, hint: String?) -> Self {
    .init(
      .apnsUnknownAPSKey,
      .warning,
      "APNs ignores the unknown key 'aps.\(key)'" + (hint.map { "; \($0)" } ?? "")
    )
  }

  /// A key of `aps.alert` that APNs does not define.
  package static func apnsUnknownAlertKey(_ path: String, hint: String) -> Self {
    .init(.apnsUnknownAlertKey, .warning, "unknown alert key '\(path)'; \(hint)")
  }

  /// A header name that looks like an APNs header but is not one.
  package static func apnsUnknownHeader(_ name: String, suggestion: String?) -> Self {
    .init(
      .apnsUnknownHeader,
      .warning,
      "APNs does not know the header '\(name)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    )
  }

  /// A key of the critical-sound dictionary that APNs does not define.
  package static func apnsUnknownSoundKey(_ path: String, suggestion: String?) -> Self {
    .init(
      .apnsUnknownSoundKey,
      .warning,
      "unknown sound key '\(path)'; the keys are 'critical', 'name' and 'volume'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    )
  }

  /// A device token of an unusual length.
  package static func apnsUnusualDeviceTokenLength(_ count: Int, typical: Int) -> Self {
    .init(
      .apnsUnusualDeviceTokenLength,
      .warning,
      "the device token has \(count) hexadecimal digits; APNs tokens usually have \(typical), "
        + "so check that it is a whole APNs token"
    )
  }

  /// A value outside the range its key allows.
  package static func apnsValueOutOfRange(_ path: String, value: String, expected: String) -> Self {
    .init(.apnsValueOutOfRange, .error, "'\(path)' must be \(expected), not \(value)")
  }

  /// A value of the wrong JSON type.
  package static func apnsValueType(_ path: String, expected: String, found: String) -> Self {
    .init(.apnsValueType, .error, "'\(path)' must be \(expected), not \(found)")
  }
}
