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
    // The headers written are read in place, by index, and each built once, straight into the
    // result: which of the four FCM fills in each is (its ``Rank``) is told once, up front.
    let entries = message.apns?.value.headers?.value.entries ?? []
    var ranks = Ranks()
    for index in entries.indices {
      ranks.record(Rank(ofName: entries[index].key.lowercasedIfNeeded), at: index)
    }
    var result: [APNS.RequestHeader] = []
    result.reserveCapacity(entries.count + 4)
    func appendWritten(_ rank: Rank) {
      guard ranks.contains(rank) else { return }
      for index in entries.indices where ranks.rank(at: index, in: entries) == rank {
        result.append(
          APNS.RequestHeader(
            name: rank.name ?? entries[index].key.lowercasedIfNeeded,
            value: entries[index].value.value,
            provenance: entries[index].value.source.map(Provenance.input)
              ?? .derived(rule: "apns.headers", from: [])
          ))
      }
    }

    let pushType: APNS.PushType
    if ranks.contains(.pushType),
      let index = entries.indices.first(where: { ranks.rank(at: $0, in: entries) == .pushType })
    {
      pushType = APNS.PushType(rawValue: entries[index].value.value)
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

    if !ranks.contains(.priority) {
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

    if !ranks.contains(.expiration) {
      result.append(defaultExpiration)
    }
    appendWritten(.expiration)

    if !ranks.contains(.topic), let bundleID = options.bundleID {
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
    appendWritten(.other)
    return result
  }

  /// Where a header written in the input goes in the output: one of the four headers FCM fills
  /// in when absent, in their order, or after them.
  enum Rank: UInt8 {
    case pushType, priority, expiration, topic, other

    /// The rank of the header named `name`, in lower case. The four names have four lengths,
    /// so one comparison tells.
    init(ofName name: String) {
      let candidate: Rank
      switch name.utf8.count {
      case 14: candidate = .pushType
      case 13: candidate = .priority
      case 15: candidate = .expiration
      case 10: candidate = .topic
      default: candidate = .other
      }
      guard let known = candidate.name, known == name else {
        self = .other
        return
      }
      self = candidate
    }

    /// The header name, for the four FCM fills in.
    var name: String? {
      switch self {
      case .pushType: APNS.HeaderName.pushType.rawValue
      case .priority: APNS.HeaderName.priority.rawValue
      case .expiration: APNS.HeaderName.expiration.rawValue
      case .topic: APNS.HeaderName.topic.rawValue
      case .other: nil
      }
    }
  }

  /// The ranks of the headers written: of the first sixteen in one word, four bits each, and
  /// which ranks occur at all.
  struct Ranks {
    private var firstRanks: UInt64 = 0
    private var present: UInt8 = 0

    /// Records that the header at `index` has `rank`.
    mutating func record(_ rank: Rank, at index: Int) {
      present |= 1 << rank.rawValue
      if index < 16 { firstRanks |= UInt64(rank.rawValue) << (4 * UInt64(index)) }
    }

    /// Whether a header of `rank` is written.
    func contains(_ rank: Rank) -> Bool { present & 1 << rank.rawValue != 0 }

    /// The rank of the header at `index` of `entries`.
    func rank(at index: Int, in entries: [FCM.StringMap.Entry]) -> Rank {
      guard index < 16 else { return Rank(ofName: entries[index].key.lowercasedIfNeeded) }
      return Rank(rawValue: UInt8(truncatingIfNeeded: firstRanks >> (4 * UInt64(index)) & 0xF))
        ?? .other
    }
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
