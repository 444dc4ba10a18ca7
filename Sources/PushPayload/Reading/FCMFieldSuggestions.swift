/// What to tell a user who wrote an unknown field in a typed FCM object: a close spelling of a
/// field of the same object, or where the field really belongs.
enum FCMFieldSuggestion: Hashable, Sendable {
  /// A field of the same object with a close spelling, in the spelling style the user chose.
  case rename(String)
  /// The field belongs elsewhere; the text says where (`did you mean 'android.ttl'?`).
  case misplaced(String)
}

extension FCMFieldSuggestion {
  /// Keys of `aps` that users often write in other objects, and their APNs spelling.
  static let apsKeys = APNS.APS.Key.allCases.filter(\.isOftenMisplaced).map(\.rawValue)

  /// The suggestion for the unknown `key` in an object of `kind`, or `nil` when nothing is
  /// close.
  static func forUnknownField(_ key: String, in kind: FCMObjectKind) -> FCMFieldSuggestion? {
    if let known = knownConfusion(key, in: kind) { return known }
    if let close = closeField(key, in: kind) { return .rename(close) }
    let normalized = EditDistance.normalized(key)
    if let aps = apsKeys.first(where: { EditDistance.normalized($0) == normalized }) {
      return .misplaced("'\(aps)' is an APNs key; write it in 'apns.payload.aps'")
    }
    if key.lowercased().hasPrefix("apns-") {
      return .misplaced(
        "'\(key.lowercased())' is an APNs request header; write it in "
          + "'apns.headers'")
    }
    let places = elsewhere(key, excluding: kind)
    if !places.isEmpty {
      let list = places.prefix(2).map { "'\($0)'" }.joined(separator: " or ")
      return .misplaced("did you mean \(list)?")
    }
    return nil
  }

  /// A field of `kind` close to `key`, in the spelling style of `key`.
  static func closeField(_ key: String, in kind: FCMObjectKind) -> String? {
    let explicitRenames: [String: FCMField] = [
      "imageurl": .image, "time_to_live": .ttl, "timetolive": .ttl,
      "validateonly": .validateOnly, "dryrun": .validateOnly, "dry_run": .validateOnly,
      "analyticslabel": .analyticsLabel, "livetoken": .liveActivityToken,
    ]
    if let renamed = explicitRenames[key.lowercased()], kind.fields.contains(renamed) {
      return spelled(renamed, like: key)
    }
    var candidates: [String] = []
    for field in kind.fields {
      candidates.append(field.rawValue)
      let camel = field.lowerCamelCase
      if camel != field.rawValue { candidates.append(camel) }
    }
    guard let match = EditDistance.closest(to: key, among: candidates) else { return nil }
    guard let canonical = kind.canonicalField(for: match) else { return spelled(match, like: key) }
    return spelled(canonical, like: key)
  }

  /// `field` in lowerCamelCase when `key` looks camelCase, otherwise in snake_case.
  static func spelled(_ field: FCMField, like key: String) -> String {
    spelled(field.rawValue, like: key)
  }

  /// `field` in camelCase when `key` looks camelCase, otherwise in snake_case.
  static func spelled(_ field: String, like key: String) -> String {
    let looksCamel = !key.contains("_") && key.contains { $0.isUppercase }
    return looksCamel ? FCMObjectKind.camelCase(field) : field
  }

  /// The paths of typed objects other than `kind` that have a field spelled like `key`,
  /// most likely first.
  static func elsewhere(_ key: String, excluding kind: FCMObjectKind) -> [String] {
    let preference: [FCMObjectKind] = [
      .notification, .android, .androidNotification, .apns, .apnsFCMOptions, .webpush,
      .webpushFCMOptions, .fcmOptions, .message, .lightSettings, .request,
    ]
    let normalized = EditDistance.normalized(key)
    var places: [String] = []
    for other in preference where other != kind {
      guard
        let field = other.fields.first(where: {
          EditDistance.normalized($0.rawValue) == normalized
        })
      else { continue }
      // `analytics_label` lives in four objects; name the nearest.
      if field == .analyticsLabel {
        let nearest = [.apns, .webpush, .android].contains(kind) ? "\(kind.path)." : ""
        places = ["\(nearest)\(FCMField.fcmOptions.rawValue).\(field.rawValue)"]
        break
      }
      places.append(
        other == .request ? "\(field.rawValue) (next to 'message')" : other.path(of: field))
    }
    return places
  }

  /// Mistakes common enough to answer with a tailored hint.
  static func knownConfusion(_ key: String, in kind: FCMObjectKind) -> FCMFieldSuggestion? {
    let normalized = EditDistance.normalized(key)
    switch (kind, normalized) {
    case (.message, "to"):
      return .misplaced("'to' is the legacy HTTP API's target; write 'token' or 'topic'")
    case (.message, "registrationids"):
      return .misplaced("the v1 API sends one message per 'token'")
    case (.message, "priority"):
      return .misplaced(
        "write 'android.priority' for Android and the 'apns-priority' header in "
          + "'apns.headers' for iOS")
    case (.message, "timetolive"), (.message, "ttl"):
      return .misplaced(
        "write 'android.ttl' for Android and the 'apns-expiration' header in 'apns.headers' "
          + "for iOS")
    case (.message, "collapsekey"):
      return .misplaced(
        "write 'android.collapse_key' for Android and the 'apns-collapse-id' header in "
          + "'apns.headers' for iOS")
    case (.message, "validateonly"), (.message, "dryrun"):
      return .misplaced(
        "'validate_only' belongs next to 'message' in the request body: "
          + "{\"message\": {...}, \"validate_only\": true}")
    case (.message, "headers"):
      return .misplaced("did you mean 'apns.headers' or 'webpush.headers'?")
    case (.message, "payload"), (.message, "aps"), (.apns, "aps"):
      return .misplaced("write the APNs payload as 'apns.payload', with 'aps' inside it")
    case (.request, "token"), (.request, "topic"), (.request, "condition"), (.request, "fid"),
      (.request, "data"), (.request, "notification"), (.request, "android"),
      (.request, "apns"), (.request, "webpush"), (.request, "fcmoptions"):
      return .misplaced("it belongs inside 'message'")
    case (.notification, "clickaction"):
      return .misplaced(
        "write 'android.notification.click_action' for Android and "
          + "'apns.payload.aps.category' for iOS")
    case (.notification, "sound"):
      return .misplaced(
        "write 'android.notification.sound' for Android and 'apns.payload.aps.sound' for iOS")
    case (.notification, "badge"):
      return .misplaced(
        "write 'apns.payload.aps.badge' for iOS and 'android.notification.notification_count' "
          + "for Android")
    case (.notification, "subtitle"):
      return .misplaced("write 'apns.payload.aps.alert.subtitle' for iOS")
    case (.webpush, "title"), (.webpush, "body"), (.webpush, "icon"), (.webpush, "badge"),
      (.webpush, "image"), (.webpush, "actions"), (.webpush, "dir"), (.webpush, "tag"),
      (.webpush, "requireinteraction"):
      return .misplaced("did you mean 'webpush.notification.\(key)'?")
    case (_, "contentavailable"):
      return .misplaced("for iOS write 'content-available': 1 in 'apns.payload.aps'")
    case (_, "mutablecontent"):
      return .misplaced("for iOS write 'mutable-content': 1 in 'apns.payload.aps'")
    default:
      return nil
    }
  }
}
