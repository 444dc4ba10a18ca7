/// The typed objects of the FCM v1 API that pushc reads field by field, with their fields in
/// snake_case.
///
/// Free-form objects (`apns.payload`, `webpush.notification`, string maps) are not listed:
/// their keys are the user's.
enum FCMObjectKind: CaseIterable, Sendable {
  case request
  case message
  case notification
  case android
  case androidNotification
  case lightSettings
  case color
  case androidFCMOptions
  case webpush
  case webpushFCMOptions
  case apns
  case apnsFCMOptions
  case fcmOptions

  /// The dotted path of the object as messages name it, relative to the message.
  var path: String {
    switch self {
    case .request: "request"
    case .message: "message"
    case .notification: "notification"
    case .android: "android"
    case .androidNotification: "android.notification"
    case .lightSettings: "android.notification.light_settings"
    case .color: "android.notification.light_settings.color"
    case .androidFCMOptions: "android.fcm_options"
    case .webpush: "webpush"
    case .webpushFCMOptions: "webpush.fcm_options"
    case .apns: "apns"
    case .apnsFCMOptions: "apns.fcm_options"
    case .fcmOptions: "fcm_options"
    }
  }

  /// The path of field `name` of this object.
  func path(of name: String) -> String {
    switch self {
    case .message: name
    case .request: name
    default: "\(path).\(name)"
    }
  }

  /// The fields, in the order of the REST reference.
  var fields: [String] {
    switch self {
    case .request: ["message", "validate_only"]
    case .message:
      [
        "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "token",
        "topic", "condition", "fid",
      ]
    case .notification: ["title", "body", "image"]
    case .android:
      [
        "collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification",
        "fcm_options", "direct_boot_ok", "restricted_satellite_ok", "bandwidth_constrained_ok",
      ]
    case .androidNotification:
      [
        "title", "body", "icon", "color", "sound", "tag", "click_action", "body_loc_key",
        "body_loc_args", "title_loc_key", "title_loc_args", "channel_id", "ticker", "sticky",
        "event_time", "local_only", "notification_priority", "default_sound",
        "default_vibrate_timings", "default_light_settings", "vibrate_timings", "visibility",
        "notification_count", "light_settings", "image", "bypass_proxy_notification", "proxy",
      ]
    case .lightSettings: ["color", "light_on_duration", "light_off_duration"]
    case .color: ["red", "green", "blue", "alpha"]
    case .androidFCMOptions, .fcmOptions: ["analytics_label"]
    case .webpush: ["headers", "data", "notification", "fcm_options"]
    case .webpushFCMOptions: ["link", "analytics_label"]
    case .apns: ["headers", "payload", "fcm_options", "live_activity_token"]
    case .apnsFCMOptions: ["analytics_label", "image"]
    }
  }

  /// The lowerCamelCase spelling proto3 JSON parsers accept for a snake_case field name.
  static func camelCase(_ name: String) -> String {
    var result = ""
    var upperNext = false
    for character in name {
      if character == "_" {
        upperNext = true
      } else if upperNext {
        result += character.uppercased()
        upperNext = false
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The snake_case field of this object that `key` spells, exactly or in lowerCamelCase.
  func canonicalField(for key: String) -> String? {
    Self.spellings[self]?[key]
  }

  /// For every kind, each accepted spelling of each field (snake_case, and lowerCamelCase for
  /// names with an underscore) mapped to the snake_case name; built once, since reading looks
  /// up every key of every message.
  private static let spellings: [FCMObjectKind: [String: String]] = {
    var table: [FCMObjectKind: [String: String]] = [:]
    for kind in allCases {
      var spellings: [String: String] = [:]
      for field in kind.fields {
        spellings[field] = field
        if field.contains("_") { spellings[camelCase(field)] = field }
      }
      table[kind] = spellings
    }
    return table
  }()
}
