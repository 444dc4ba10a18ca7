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
}
