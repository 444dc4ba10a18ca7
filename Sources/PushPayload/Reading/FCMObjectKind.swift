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
    default: Self.paths[self] ?? ""
    }
  }

  /// The object this one is the value of a field of, and that field; `nil` for the request
  /// and the message.
  var parent: (kind: FCMObjectKind, field: FCMField)? {
    switch self {
    case .request, .message: nil
    case .notification: (.message, .notification)
    case .android: (.message, .android)
    case .androidNotification: (.android, .notification)
    case .lightSettings: (.androidNotification, .lightSettings)
    case .color: (.lightSettings, .color)
    case .androidFCMOptions: (.android, .fcmOptions)
    case .webpush: (.message, .webpush)
    case .webpushFCMOptions: (.webpush, .fcmOptions)
    case .apns: (.message, .apns)
    case .apnsFCMOptions: (.apns, .fcmOptions)
    case .fcmOptions: (.message, .fcmOptions)
    }
  }

  /// The paths of the objects below the message, built once from their parents' fields.
  private static let paths: [FCMObjectKind: String] = {
    var paths: [FCMObjectKind: String] = [:]
    func path(of kind: FCMObjectKind) -> String {
      guard let parent = kind.parent else { return "" }
      let parentPath = parent.kind == .message ? "" : path(of: parent.kind) + "."
      return parentPath + parent.field.rawValue
    }
    for kind in allCases where kind.parent != nil { paths[kind] = path(of: kind) }
    return paths
  }()

  /// The path of field `name` of this object.
  func path(of name: String) -> String {
    switch self {
    case .message: name
    case .request: name
    default: "\(path).\(name)"
    }
  }

  /// The path of `field` of this object.
  func path(of field: FCMField) -> String {
    path(of: field.rawValue)
  }

  /// The fields, in the order of the REST reference.
  var fields: [FCMField] {
    switch self {
    case .request: [.message, .validateOnly]
    case .message:
      [
        .name, .data, .notification, .android, .webpush, .apns, .fcmOptions, .token,
        .topic, .condition, .fid,
      ]
    case .notification: [.title, .body, .image]
    case .android:
      [
        .collapseKey, .priority, .ttl, .restrictedPackageName, .data, .notification,
        .fcmOptions, .directBootOK, .restrictedSatelliteOK, .bandwidthConstrainedOK,
      ]
    case .androidNotification:
      [
        .title, .body, .icon, .color, .sound, .tag, .clickAction, .bodyLocKey,
        .bodyLocArgs, .titleLocKey, .titleLocArgs, .channelID, .ticker, .sticky,
        .eventTime, .localOnly, .notificationPriority, .defaultSound,
        .defaultVibrateTimings, .defaultLightSettings, .vibrateTimings, .visibility,
        .notificationCount, .lightSettings, .image, .bypassProxyNotification, .proxy,
      ]
    case .lightSettings: [.color, .lightOnDuration, .lightOffDuration]
    case .color: [.red, .green, .blue, .alpha]
    case .androidFCMOptions, .fcmOptions: [.analyticsLabel]
    case .webpush: [.headers, .data, .notification, .fcmOptions]
    case .webpushFCMOptions: [.link, .analyticsLabel]
    case .apns: [.headers, .payload, .fcmOptions, .liveActivityToken]
    case .apnsFCMOptions: [.analyticsLabel, .image]
    }
  }

  /// The lowerCamelCase spelling proto3 JSON parsers accept for a snake_case field name.
  static func camelCase(_ name: String) -> String {
    // Field names are ASCII: their bytes are mapped, without the characters and Unicode case
    // mapping that made the spelling table (every field's spelling, made by every process
    // that reads a message) cost 3 % of a one-file `lint`.
    asciiCamelCase(name) ?? characterCamelCase(name)
  }

  /// ``camelCase(_:)`` by characters: what `name` becomes with the character after each `_`
  /// uppercased and the `_` dropped.
  static func characterCamelCase(_ name: String) -> String {
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

  /// ``camelCase(_:)`` of an ASCII `name`, byte by byte; `nil` when `name` is not ASCII.
  private static func asciiCamelCase(_ name: String) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    var upperNext = false
    for byte in name.utf8 {
      guard byte < 0x80 else { return nil }
      if byte == UInt8(ascii: "_") {
        upperNext = true
        continue
      }
      let isLowercase = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
      bytes.append(upperNext && isLowercase ? byte - 0x20 : byte)
      upperNext = false
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The field of this object that `key` spells, in snake_case or in lowerCamelCase.
  func canonicalField(for key: String) -> FCMField? {
    guard let field = FCMFieldSpellingTable.shared.field(for: key), contains(field) else {
      return nil
    }
    return field
  }

  /// Whether `field` is one of ``fields``.
  func contains(_ field: FCMField) -> Bool {
    fieldMask & field.bit != 0
  }

  /// The set of ``fields`` as bits at their ``FCMField/ordinal``: ``FCMField/bit`` of each.
  var fieldMask: UInt64 { Self.fieldMasks[ordinal] }

  /// The position of the kind in ``allCases``.
  var ordinal: Int {
    switch self {
    case .request: 0
    case .message: 1
    case .notification: 2
    case .android: 3
    case .androidNotification: 4
    case .lightSettings: 5
    case .color: 6
    case .androidFCMOptions: 7
    case .webpush: 8
    case .webpushFCMOptions: 9
    case .apns: 10
    case .apnsFCMOptions: 11
    case .fcmOptions: 12
    }
  }

  /// For every kind by ``ordinal``, the set of its fields as bits at their
  /// ``FCMField/ordinal``; built once, since reading tests every key of every message.
  static let fieldMasks: [UInt64] = allCases.map { kind in
    kind.fields.reduce(0) { mask, field in mask | field.bit }
  }
}
