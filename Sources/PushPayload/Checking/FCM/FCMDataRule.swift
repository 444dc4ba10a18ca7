import PushDiagnostics
import PushJSON

/// Data keys FCM reserves or that collide with the APNs payload on iOS, and data that looks
/// like it was meant as a notification.
///
/// The v1 Admin SDKs check none of this; FCM rejects reserved keys with `INVALID_ARGUMENT`
/// ("invalid data key"), and on iOS each `data` entry becomes a top-level key of the APNs
/// payload, next to `aps` and FCM's own `fcm_options`.
///
/// A data key equal to a custom key of `apns.payload` is reported by the APNs lowering
/// (`apnsPayloadKeyProducedTwice`), which sees every source of top-level keys.
///
/// Emits: see ``descriptor``.
enum FCMDataRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-data"),
    domain: .fcm,
    defaultSeverity: .error,
    summary:
      "data keys FCM reserves or that collide with the APNs payload, and data meant as a notification",
    source: RuleDescriptor.Source.fcmMessages,
    emits: [
      .fcmReservedDataKey,
      .fcmPossiblyReservedDataKey,
      .fcmDataKeyCollidesWithAPNS,
      .fcmDataLooksLikeNotification,
    ]
  )

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // Read in place: bound with `if let`, the map was copied (a retain of each of its
    // references, and a release after).
    if case .some = message.data {
      checkReservedKeys(message.data.unsafelyUnwrapped, path: ["data"], in: &context)
      checkAPNSCollisions(message.data.unsafelyUnwrapped, in: &context)
      checkNotificationLikeKeys(message.data.unsafelyUnwrapped, message: message, in: &context)
    }
    // Tested in place first: an optional chain through a configuration copies all of it.
    if message.withAndroid({ $0.pointee.data.isSome }) == true,
      let data = message.android?.value.data
    {
      checkReservedKeys(data, path: ["android", "data"], in: &context)
    }
    if message.withWebpush({ $0.pointee.data.isSome }) == true,
      let data = message.webpush?.value.data
    {
      checkReservedKeys(data, path: ["webpush", "data"], in: &context)
    }
  }

  /// Why `key` is reserved, or `nil`.
  static func reservation(of key: String) -> String? {
    switch key {
    case "from": return "FCM sets 'from' to the sender"
    case "message_type": return "FCM uses 'message_type' for its own message kinds"
    default: break
    }
    if key.hasPrefix("google.") { return "keys starting with 'google.' are FCM's" }
    if key.hasPrefix("gcm.") { return "keys starting with 'gcm.' are FCM's" }
    return nil
  }

  static func checkReservedKeys(
    _ data: Located<FCM.StringMap>,
    path: [String],
    in context: inout FCMCheckContext
  ) {
    // Keys first: a map may make its values only when they are read (``FCM/StringMap/count``).
    // The map is read through `data`: bound to a constant, it was copied.
    // The keys are tested as bytes, in place; a map with a key to report has its keys made.
    guard
      data.value.keyTraits?.hasPossiblyReservedKey
        ?? data.value.containsKey(where: { isPossiblyReserved(utf8: $0) })
    else { return }
    for index in 0..<data.value.count {
      let key = data.value.key(at: index)
      if let reason = reservation(of: key) {
        context.emit(
          .fcmReservedDataKey(key, reason: reason),
          data.value.entry(at: index).value.source,
          path: path + [key],
          onKey: true
        )
      } else if let prefix = possiblyReservedPrefix(of: key) {
        context.emit(
          .fcmPossiblyReservedDataKey(key, prefix: prefix),
          data.value.entry(at: index).value.source,
          path: path + [key],
          onKey: true
        )
      }
    }
  }

  /// Whether the key whose UTF-8 bytes are `key` has a ``reservation(of:)`` or a
  /// ``possiblyReservedPrefix(of:)``: it is `from` or `message_type`, or starts with `google`
  /// or `gcm`.
  @inline(__always)
  static func isPossiblyReserved(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
    // Every such key starts with `f`, `m` or `g`: most keys are ruled out by their first byte.
    switch key.first {
    case UInt8(ascii: "f"): return key.isSpelled("from")
    case UInt8(ascii: "m"): return key.isSpelled("message_type")
    case UInt8(ascii: "g"): return key.starts(with: "google") || key.starts(with: "gcm")
    default: return false
    }
  }

  /// Whether the key whose UTF-8 bytes are `key` is `aps` or `fcm_options`, which lowering
  /// puts at the top level of the APNs payload beside the entries of `data`.
  @inline(__always)
  static func collidesWithAPNS(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
    key.isSpelled("aps") || key.isSpelled("fcm_options")
  }

  /// `google` or `gcm` when `key` starts with it.
  static func possiblyReservedPrefix(of key: String) -> String? {
    if key.hasPrefix("google") { return "google" }
    if key.hasPrefix("gcm") { return "gcm" }
    return nil
  }

  static func checkAPNSCollisions(
    _ data: Located<FCM.StringMap>,
    in context: inout FCMCheckContext
  ) {
    // Only `aps` and `fcm_options` collide, tested as bytes, in place; a map with either has
    // its keys made.
    guard
      data.value.keyTraits?.hasAPNSCollidingKey
        ?? data.value.containsKey(where: { collidesWithAPNS(utf8: $0) })
    else { return }
    for index in 0..<data.value.count {
      let key = data.value.key(at: index)
      let reason: String?
      switch key {
      case "aps":
        reason = "data entries become top-level keys next to the 'aps' dictionary"
      case "fcm_options":
        reason = "FCM puts the notification image under the top-level 'fcm_options' key"
      default:
        reason = nil
      }
      if let reason {
        context.emit(
          .fcmDataKeyCollidesWithAPNS(key, reason: reason),
          data.value.entry(at: index).value.source,
          path: ["data", key],
          onKey: true
        )
      }
    }
  }

  static func checkNotificationLikeKeys(
    _ data: Located<FCM.StringMap>,
    message: FCM.Message,
    in context: inout FCMCheckContext
  ) {
    // (`if case .some` tests a field without copying it.)
    if case .some = message.notification { return }
    if case .some = message.android?.value.notification { return }
    if case .some = message.webpush?.value.notification { return }
    let aps = message.apns?.value.payload?.value.objectValue?[APNS.Payload.apsKey]?.objectValue
    guard aps?[aps: .alert] == nil else { return }
    if let index = (0..<data.value.count).first(where: {
      let key = data.value.key(at: $0)
      return key == "title" || key == "body"
    }) {
      let entry = data.value.entry(at: index)
      context.emit(
        .fcmDataLooksLikeNotification(entry.key),
        entry.value.source,
        path: ["data", entry.key],
        onKey: true
      )
    }
  }
}
