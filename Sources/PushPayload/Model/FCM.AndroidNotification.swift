extension FCM {
  /// The notification shown on Android (`AndroidNotification`).
  public struct AndroidNotification: Hashable, Sendable {
    /// Overrides ``Notification/title``. Wire key: `title`.
    public var title: Located<String>?
    /// Overrides ``Notification/body``. Wire key: `body`.
    public var body: Located<String>?
    /// A drawable resource name. Wire key: `icon`.
    public var icon: Located<String>?
    /// The icon colour as `#rrggbb`. Wire key: `color`.
    public var color: Located<String>?
    /// `default` or a sound resource in `res/raw/`. Wire key: `sound`.
    public var sound: Located<String>?
    /// Replaces a shown notification with the same tag. Wire key: `tag`.
    public var tag: Located<String>?
    /// The intent action launched on tap. Wire key: `click_action`.
    public var clickAction: Located<String>?
    /// The string resource key of the body. Wire key: `body_loc_key`.
    public var bodyLocKey: Located<String>?
    /// The format arguments of ``bodyLocKey``. Wire key: `body_loc_args`.
    public var bodyLocArgs: Located<[Located<String>]>?
    /// The string resource key of the title. Wire key: `title_loc_key`.
    public var titleLocKey: Located<String>?
    /// The format arguments of ``titleLocKey``. Wire key: `title_loc_args`.
    public var titleLocArgs: Located<[Located<String>]>?
    /// The notification channel (Android 8+). Wire key: `channel_id`.
    public var channelID: Located<String>?
    /// Text for accessibility services. Wire key: `ticker`.
    public var ticker: Located<String>?
    /// Whether the notification stays after a tap. Wire key: `sticky`.
    public var sticky: Located<Bool>?
    /// When the event the notification is about happened. Wire key: `event_time`.
    public var eventTime: Located<Timestamp>?
    /// Whether the notification is not bridged to other devices. Wire key: `local_only`.
    public var localOnly: Located<Bool>?
    /// The notification's priority on the device. Wire key: `notification_priority`.
    public var notificationPriority: Located<NotificationPriority>?
    /// Whether to use the default sound. Wire key: `default_sound`.
    public var defaultSound: Located<Bool>?
    /// Whether to use the default vibration pattern. Wire key: `default_vibrate_timings`.
    public var defaultVibrateTimings: Located<Bool>?
    /// Whether to use the default LED settings. Wire key: `default_light_settings`.
    public var defaultLightSettings: Located<Bool>?
    /// The vibration pattern: alternating off and on durations. Wire key: `vibrate_timings`.
    public var vibrateTimings: Located<[Located<Duration>]>?
    /// Lock-screen visibility. Wire key: `visibility`.
    public var visibility: Located<Visibility>?
    /// The number of items the notification stands for. Wire key: `notification_count`.
    public var notificationCount: Located<Int>?
    /// LED colour and blink rate. Wire key: `light_settings`.
    public var lightSettings: Located<LightSettings>?
    /// Overrides ``Notification/image``. Wire key: `image`.
    public var image: Located<String>?
    /// Whether the app, not the proxy, handles the notification. Wire key:
    /// `bypass_proxy_notification`.
    public var bypassProxyNotification: Located<Bool>?
    /// Whether the notification may be proxied. Wire key: `proxy`.
    public var proxy: Located<Proxy>?

    /// Creates an empty Android notification; set the fields you need.
    public init() {}
  }
}
