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
    public var bodyLocKey: Located<String>? {
      get { seldomSet.storage?.value.bodyLocKey }
      set { seldomSet.set(\.bodyLocKey, to: newValue) }
    }
    /// The format arguments of ``bodyLocKey``. Wire key: `body_loc_args`.
    public var bodyLocArgs: Located<[Located<String>]>? {
      get { seldomSet.storage?.value.bodyLocArgs }
      set { seldomSet.set(\.bodyLocArgs, to: newValue) }
    }
    /// The string resource key of the title. Wire key: `title_loc_key`.
    public var titleLocKey: Located<String>? {
      get { seldomSet.storage?.value.titleLocKey }
      set { seldomSet.set(\.titleLocKey, to: newValue) }
    }
    /// The format arguments of ``titleLocKey``. Wire key: `title_loc_args`.
    public var titleLocArgs: Located<[Located<String>]>? {
      get { seldomSet.storage?.value.titleLocArgs }
      set { seldomSet.set(\.titleLocArgs, to: newValue) }
    }
    /// The notification channel (Android 8+). Wire key: `channel_id`.
    public var channelID: Optional<Located<String>>
    /// Text for accessibility services. Wire key: `ticker`.
    public var ticker: Located<String>? {
      get { seldomSet.storage?.value.ticker }
      set { seldomSet.set(\.ticker, to: newValue) }
    }
    /// Whether the notification stays after a tap. Wire key: `sticky`.
    public var sticky: Located<Bool>? {
      get { seldomSet.storage?.value.sticky }
      set { seldomSet.set(\.sticky, to: newValue) }
    }
    /// When the event the notification is about happened. Wire key: `event_time`.
    public var eventTime: Located<Timestamp>? {
      get { seldomSet.storage?.value.eventTime }
      set { seldomSet.set(\.eventTime, to: newValue) }
    }
    /// Whether the notification is not bridged to other devices. Wire key: `local_only`.
    public var localOnly: Located<Bool>? {
      get { seldomSet.storage?.value.localOnly }
      set { seldomSet.set(\.localOnly, to: newValue) }
    }
    /// The notification's priority on the device. Wire key: `notification_priority`.
    public var notificationPriority: Optional<Located<NotificationPriority>>
    /// Whether to use the default sound. Wire key: `default_sound`.
    public var defaultSound: Located<Bool>? {
      get { seldomSet.storage?.value.defaultSound }
      set { seldomSet.set(\.defaultSound, to: newValue) }
    }
    /// Whether to use the default vibration pattern. Wire key: `default_vibrate_timings`.
    public var defaultVibrateTimings: Located<Bool>? {
      get { seldomSet.storage?.value.defaultVibrateTimings }
      set { seldomSet.set(\.defaultVibrateTimings, to: newValue) }
    }
    /// Whether to use the default LED settings. Wire key: `default_light_settings`.
    public var defaultLightSettings: Located<Bool>? {
      get { seldomSet.storage?.value.defaultLightSettings }
      set { seldomSet.set(\.defaultLightSettings, to: newValue) }
    }
    /// The vibration pattern: alternating off and on durations. Wire key: `vibrate_timings`.
    public var vibrateTimings: Located<[Located<Duration>]>? {
      get { seldomSet.storage?.value.vibrateTimings }
      set { seldomSet.set(\.vibrateTimings, to: newValue) }
    }
    /// Lock-screen visibility. Wire key: `visibility`.
    public var visibility: Optional<Located<Visibility>>
    /// The number of items the notification stands for. Wire key: `notification_count`.
    public var notificationCount: Optional<Located<Int>>
    /// LED colour and blink rate. Wire key: `light_settings`.
    public var lightSettings: Located<LightSettings>? {
      get { seldomSet.storage?.value.lightSettings }
      set { seldomSet.set(\.lightSettings, to: newValue) }
    }
    /// Overrides ``Notification/image``. Wire key: `image`.
    public var image: Optional<Located<String>>
    /// Whether the app, not the proxy, handles the notification. Wire key:
    /// `bypass_proxy_notification`.
    public var bypassProxyNotification: Located<Bool>? {
      get { seldomSet.storage?.value.bypassProxyNotification }
      set { seldomSet.set(\.bypassProxyNotification, to: newValue) }
    }
    /// Whether the notification may be proxied. Wire key: `proxy`.
    public var proxy: Located<Proxy>? {
      get { seldomSet.storage?.value.proxy }
      set { seldomSet.set(\.proxy, to: newValue) }
    }

    /// The fields a notification seldom sets, out of line and allocated only when one is set:
    /// inline, all of them made the notification's box more than glibc's per-thread cache
    /// serves (1,032 bytes), and each message with an Android notification paid for the
    /// allocator's slower paths, a copy of two kilobytes and the destruction of every field.
    private(set) var seldomSet: SeldomSetFields<SeldomSetBox>

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
      channelID = nil
      notificationPriority = nil
      visibility = nil
      notificationCount = nil
      image = nil
      seldomSet = SeldomSetFields()
    }
  }
}
