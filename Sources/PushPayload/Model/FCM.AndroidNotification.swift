extension FCM {
  /// The notification shown on Android (`AndroidNotification`).
  public struct AndroidNotification: Hashable, Sendable {
    /// Overrides ``Notification/title``. Wire key: `title`.
    public var title: Optional<Located<String>>
    /// Overrides ``Notification/body``. Wire key: `body`.
    public var body: Optional<Located<String>>
    /// A drawable resource name. Wire key: `icon`.
    public var icon: Optional<Located<String>>
    /// The icon colour as `#rrggbb`. Wire key: `color`.
    public var color: Optional<Located<String>>
    /// `default` or a sound resource in `res/raw/`. Wire key: `sound`.
    public var sound: Optional<Located<String>>
    /// Replaces a shown notification with the same tag. Wire key: `tag`.
    public var tag: Optional<Located<String>>
    /// The intent action launched on tap. Wire key: `click_action`.
    public var clickAction: Optional<Located<String>>
    /// The string resource key of the body. Wire key: `body_loc_key`.
    public var bodyLocKey: Optional<Located<String>>
    /// The format arguments of ``bodyLocKey``. Wire key: `body_loc_args`.
    public var bodyLocArgs: Optional<Located<[Located<String>]>>
    /// The string resource key of the title. Wire key: `title_loc_key`.
    public var titleLocKey: Optional<Located<String>>
    /// The format arguments of ``titleLocKey``. Wire key: `title_loc_args`.
    public var titleLocArgs: Optional<Located<[Located<String>]>>
    /// The notification channel (Android 8+). Wire key: `channel_id`.
    public var channelID: Optional<Located<String>>
    /// Text for accessibility services. Wire key: `ticker`.
    public var ticker: Optional<Located<String>>
    /// Whether the notification stays after a tap. Wire key: `sticky`.
    public var sticky: Optional<Located<Bool>>
    /// When the event the notification is about happened. Wire key: `event_time`.
    public var eventTime: Optional<Located<Timestamp>>
    /// Whether the notification is not bridged to other devices. Wire key: `local_only`.
    public var localOnly: Optional<Located<Bool>>
    /// The notification's priority on the device. Wire key: `notification_priority`.
    public var notificationPriority: Optional<Located<NotificationPriority>>
    /// Whether to use the default sound. Wire key: `default_sound`.
    public var defaultSound: Optional<Located<Bool>>
    /// Whether to use the default vibration pattern. Wire key: `default_vibrate_timings`.
    public var defaultVibrateTimings: Optional<Located<Bool>>
    /// Whether to use the default LED settings. Wire key: `default_light_settings`.
    public var defaultLightSettings: Optional<Located<Bool>>
    /// The vibration pattern: alternating off and on durations. Wire key: `vibrate_timings`.
    public var vibrateTimings: Optional<Located<[Located<Duration>]>>
    /// Lock-screen visibility. Wire key: `visibility`.
    public var visibility: Optional<Located<Visibility>>
    /// The number of items the notification stands for. Wire key: `notification_count`.
    public var notificationCount: Optional<Located<Int>>
    /// LED colour and blink rate. Wire key: `light_settings`.
    public var lightSettings: Optional<Located<LightSettings>>
    /// Overrides ``Notification/image``. Wire key: `image`.
    public var image: Optional<Located<String>>
    /// Whether the app, not the proxy, handles the notification. Wire key:
    /// `bypass_proxy_notification`.
    public var bypassProxyNotification: Optional<Located<Bool>>
    /// Whether the notification may be proxied. Wire key: `proxy`.
    public var proxy: Optional<Located<Proxy>>

    /// Creates an empty Android notification; set the fields you need.
    ///
    /// Every field is set here, and spelled `Optional<…>` above rather than `…?`: a `var` of
    /// the sugared type starts as `nil` before the initializer runs, which made the compiler
    /// build the notification in memory and copy it out (two copies of more than a kilobyte for
    /// every Android notification read).
    public init() {
      title = nil
      body = nil
      icon = nil
      color = nil
      sound = nil
      tag = nil
      clickAction = nil
      bodyLocKey = nil
      bodyLocArgs = nil
      titleLocKey = nil
      titleLocArgs = nil
      channelID = nil
      ticker = nil
      sticky = nil
      eventTime = nil
      localOnly = nil
      notificationPriority = nil
      defaultSound = nil
      defaultVibrateTimings = nil
      defaultLightSettings = nil
      vibrateTimings = nil
      visibility = nil
      notificationCount = nil
      lightSettings = nil
      image = nil
      bypassProxyNotification = nil
      proxy = nil
    }
  }
}
