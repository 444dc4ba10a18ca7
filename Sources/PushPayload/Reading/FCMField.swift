/// The fields of the typed FCM v1 objects, in snake_case as the REST reference and the Admin
/// SDKs spell them: the one place each FCM field name is spelled.
///
/// ``FCMObjectKind/fields`` lists the fields of each object; the reader (which also accepts
/// ``lowerCamelCase``), the encoder and the suggestions derive from them. A name shared by
/// several objects (`data`, `notification`, `fcm_options`, `title`) is one case.
enum FCMField: String, CaseIterable, Hashable, Sendable {
  case message
  case validateOnly = "validate_only"
  case name
  case data
  case notification
  case android
  case webpush
  case apns
  case fcmOptions = "fcm_options"
  case token
  case topic
  case condition
  case fid
  case title
  case body
  case image
  case collapseKey = "collapse_key"
  case priority
  case ttl
  case restrictedPackageName = "restricted_package_name"
  case directBootOK = "direct_boot_ok"
  case restrictedSatelliteOK = "restricted_satellite_ok"
  case bandwidthConstrainedOK = "bandwidth_constrained_ok"
  case icon
  case color
  case sound
  case tag
  case clickAction = "click_action"
  case bodyLocKey = "body_loc_key"
  case bodyLocArgs = "body_loc_args"
  case titleLocKey = "title_loc_key"
  case titleLocArgs = "title_loc_args"
  case channelID = "channel_id"
  case ticker
  case sticky
  case eventTime = "event_time"
  case localOnly = "local_only"
  case notificationPriority = "notification_priority"
  case defaultSound = "default_sound"
  case defaultVibrateTimings = "default_vibrate_timings"
  case defaultLightSettings = "default_light_settings"
  case vibrateTimings = "vibrate_timings"
  case visibility
  case notificationCount = "notification_count"
  case lightSettings = "light_settings"
  case bypassProxyNotification = "bypass_proxy_notification"
  case proxy
  case lightOnDuration = "light_on_duration"
  case lightOffDuration = "light_off_duration"
  case red
  case green
  case blue
  case alpha
  case analyticsLabel = "analytics_label"
  case headers
  case link
  case payload
  case liveActivityToken = "live_activity_token"

  /// The lowerCamelCase spelling proto3 JSON parsers accept (`collapseKey`), which is the
  /// snake_case name when it has no underscore.
  var lowerCamelCase: String { FCMObjectKind.camelCase(rawValue) }

  /// The field's bit in a set of fields (``FCMObjectKind/fieldMask``): 1 shifted by
  /// ``ordinal``.
  var bit: UInt64 { 1 << UInt64(ordinal) }

  /// The position of the field in ``allCases``, for tables indexed by field.
  var ordinal: Int {
    switch self {
    case .message: 0
    case .validateOnly: 1
    case .name: 2
    case .data: 3
    case .notification: 4
    case .android: 5
    case .webpush: 6
    case .apns: 7
    case .fcmOptions: 8
    case .token: 9
    case .topic: 10
    case .condition: 11
    case .fid: 12
    case .title: 13
    case .body: 14
    case .image: 15
    case .collapseKey: 16
    case .priority: 17
    case .ttl: 18
    case .restrictedPackageName: 19
    case .directBootOK: 20
    case .restrictedSatelliteOK: 21
    case .bandwidthConstrainedOK: 22
    case .icon: 23
    case .color: 24
    case .sound: 25
    case .tag: 26
    case .clickAction: 27
    case .bodyLocKey: 28
    case .bodyLocArgs: 29
    case .titleLocKey: 30
    case .titleLocArgs: 31
    case .channelID: 32
    case .ticker: 33
    case .sticky: 34
    case .eventTime: 35
    case .localOnly: 36
    case .notificationPriority: 37
    case .defaultSound: 38
    case .defaultVibrateTimings: 39
    case .defaultLightSettings: 40
    case .vibrateTimings: 41
    case .visibility: 42
    case .notificationCount: 43
    case .lightSettings: 44
    case .bypassProxyNotification: 45
    case .proxy: 46
    case .lightOnDuration: 47
    case .lightOffDuration: 48
    case .red: 49
    case .green: 50
    case .blue: 51
    case .alpha: 52
    case .analyticsLabel: 53
    case .headers: 54
    case .link: 55
    case .payload: 56
    case .liveActivityToken: 57
    }
  }
}
