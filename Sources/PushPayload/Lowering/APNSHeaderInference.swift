import PushDiagnostics
import PushJSON

/// Works out the APNs request headers of a lowered FCM message: the headers written in
/// `apns.headers`, plus inferred or defaulted values for the ones FCM fills in.
struct APNSHeaderInference {
  let options: APNSLowering.Options
  /// ``defaultExpiration(now:)`` for `options.now`, which the lowering makes once.
  let defaultExpiration: APNS.RequestHeader

  /// The headers in output order: `apns-push-type`, `apns-priority`, `apns-expiration`,
  /// `apns-topic`, then every other header written in the input, in its order.
  func headers(
    for message: FCM.Message,
    payload: ValueNode,
    collector: inout DiagnosticCollector
  ) -> [APNS.RequestHeader] {
    var written: [APNS.RequestHeader] = []
    if let entries = message.apns?.value.headers?.value.entries {
      written.reserveCapacity(entries.count)
      // By index here and below: a loop variable would be one more copy of each element.
      for index in entries.indices {
        written.append(
          APNS.RequestHeader(
            name: entries[index].key.lowercasedIfNeeded,
            value: entries[index].value.value,
            provenance: entries[index].value.source.map(Provenance.input)
              ?? .derived(rule: "apns.headers", from: [])
          ))
      }
    }
    // The headers the message sets, found without building a filtered copy for each name, nor
    // copying out a header only to test that there is one.
    func isWritten(_ name: APNS.HeaderName) -> Bool {
      written.contains { $0.name == name.rawValue }
    }
    var result: [APNS.RequestHeader] = []
    result.reserveCapacity(written.count + 4)
    func appendWritten(_ name: APNS.HeaderName) {
      for index in written.indices where written[index].name == name.rawValue {
        result.append(written[index])
      }
    }

    let pushType: APNS.PushType
    if let index = written.firstIndex(where: { $0.name == APNS.HeaderName.pushType.rawValue }) {
      pushType = APNS.PushType(rawValue: written[index].value)
    } else {
      let inferred = inferPushType(message: message, payload: payload)
      pushType = inferred.type
      result.append(
        .init(
          .pushType,
          value: inferred.type.rawValue,
          provenance: .inferred(rule: "pushType", reason: inferred.reason)
        ))
    }
    appendWritten(.pushType)

    if !isWritten(.priority) {
      let isBackground = pushType == .background
      result.append(
        .init(
          .priority,
          value: isBackground ? "5" : "10",
          provenance: isBackground
            ? .inferred(
              rule: "backgroundPriority",
              reason: "FCM allows only priority 5 for data-only and background messages to iOS")
            : .defaulted(
              rule: "fcmDefaultPriority",
              reason: "FCM sends priority 10 when 'apns-priority' is not set")
        ))
    }
    appendWritten(.priority)

    if !isWritten(.expiration) {
      result.append(defaultExpiration)
    }
    appendWritten(.expiration)

    if !isWritten(.topic), let bundleID = options.bundleID {
      let suffix = Self.topicSuffix(forPushType: pushType)
      result.append(
        .init(
          .topic,
          // Most push types have no suffix: the bundle ID is then the topic, not a new string.
          value: suffix.isEmpty ? bundleID : bundleID + suffix,
          provenance: .inferred(
            rule: "topicFromBundleID",
            reason: suffix.isEmpty
              ? "the bundle ID given with --bundle-id"
              : "the bundle ID given with --bundle-id plus the '\(suffix)' suffix '\(pushType.rawValue)' pushes need"
          )
        ))
    }
    appendWritten(.topic)

    for index in written.indices {
      switch written[index].name {
      case APNS.HeaderName.pushType.rawValue, APNS.HeaderName.priority.rawValue,
        APNS.HeaderName.expiration.rawValue, APNS.HeaderName.topic.rawValue:
        continue
      default: result.append(written[index])
      }
    }
    return result
  }

  /// The push type FCM's payload implies, with the reason.
  func inferPushType(
    message: FCM.Message,
    payload: ValueNode
  ) -> (type: APNS.PushType, reason: String) {
    let aps = payload.objectValue?[APNS.Payload.apsKey]?.objectValue
    if message.apns?.value.liveActivityToken != nil {
      return (.liveactivity, "the message has 'apns.live_activity_token'")
    }
    if aps?[aps: .event] != nil || aps?[aps: .contentState] != nil {
      return (.liveactivity, "'aps' has Live Activity keys ('event', 'content-state')")
    }
    if let index = APNSLimits.userInteractionKeys.firstIndex(where: { aps?[$0] != nil }) {
      return (.alert, Self.userInteractionReasons[index])
    }
    if aps?[aps: .contentChanged] != nil {
      return (.widgets, "'aps' has 'content-changed', which reloads widgets")
    }
    if aps?[aps: .contentAvailable] != nil {
      return (.background, "'aps' has only 'content-available'")
    }
    return (.background, "the message has no alert, badge or sound, so iOS delivers it silently")
  }

  /// The reason of an inferred `alert` push type for each of
  /// ``APNSLimits/userInteractionKeys``, in order, written once instead of for every message.
  static let userInteractionReasons = APNSLimits.userInteractionKeys.map {
    "'aps' has '\($0)', which the user sees or hears"
  }

  /// The `apns-expiration` header FCM sets when the message sets none: 30 days after `now`.
  ///
  /// It depends only on `now`, so a lowering makes it once for all its messages.
  static func defaultExpiration(now: Int) -> APNS.RequestHeader {
    // `now` comes from the caller; near `Int.max` the sum saturates instead of trapping.
    let (expiration, overflow) = now.addingReportingOverflow(
      APNSLowering.Options.defaultTimeToLive)
    return APNS.RequestHeader(
      .expiration,
      value: String(overflow ? Int.max : expiration),
      provenance: .defaulted(
        rule: "fcmDefaultExpiration", reason: defaultExpirationReason(now: now))
    )
  }

  /// "FCM stores iOS messages for 30 days when 'apns-expiration' is not set (now = `now`)".
  ///
  /// A server lowers each request with its own `now`: the text is written into one buffer of
  /// its length, which costs a fraction of interpolating `now` (three appends, each growing or
  /// copying the text).
  static func defaultExpirationReason(now: Int) -> String {
    let start = defaultExpirationReasonStart
    let time = String(now)
    return String(unsafeUninitializedCapacity: start.count + time.utf8.count + 1) { buffer in
      // Sound: the capacity is exactly the bytes written, which are ASCII; each part is copied
      // in one piece.
      var count = UnsafeMutableBufferPointer(rebasing: buffer[..<start.count])
        .initialize(from: start).1
      count += UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(from: time.utf8).1
      buffer[count] = UInt8(ascii: ")")
      return count + 1
    }
  }

  /// The UTF-8 bytes of ``defaultExpirationReason(now:)`` before the time.
  private static let defaultExpirationReasonStart = Array(
    "FCM stores iOS messages for 30 days when 'apns-expiration' is not set (now = ".utf8)

  /// The suffix APNs requires on `apns-topic` for `pushType`.
  static func topicSuffix(forPushType pushType: APNS.PushType) -> String {
    pushType.limits?.topicSuffix ?? ""
  }
}
