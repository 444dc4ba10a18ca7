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
      get { seldomSet.box?.values.bodyLocKey }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.bodyLocKey = newValue
      }
    }
    /// The format arguments of ``bodyLocKey``. Wire key: `body_loc_args`.
    public var bodyLocArgs: Located<[Located<String>]>? {
      get { seldomSet.box?.values.bodyLocArgs }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.bodyLocArgs = newValue
      }
    }
    /// The string resource key of the title. Wire key: `title_loc_key`.
    public var titleLocKey: Located<String>? {
      get { seldomSet.box?.values.titleLocKey }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.titleLocKey = newValue
      }
    }
    /// The format arguments of ``titleLocKey``. Wire key: `title_loc_args`.
    public var titleLocArgs: Located<[Located<String>]>? {
      get { seldomSet.box?.values.titleLocArgs }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.titleLocArgs = newValue
      }
    }
    /// The notification channel (Android 8+). Wire key: `channel_id`.
    public var channelID: Optional<Located<String>>
    /// Text for accessibility services. Wire key: `ticker`.
    public var ticker: Located<String>? {
      get { seldomSet.box?.values.ticker }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.ticker = newValue
      }
    }
    /// Whether the notification stays after a tap. Wire key: `sticky`.
    public var sticky: Located<Bool>? {
      get { seldomSet.box?.values.sticky }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.sticky = newValue
      }
    }
    /// When the event the notification is about happened. Wire key: `event_time`.
    public var eventTime: Located<Timestamp>? {
      get { seldomSet.box?.values.eventTime }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.eventTime = newValue
      }
    }
    /// Whether the notification is not bridged to other devices. Wire key: `local_only`.
    public var localOnly: Located<Bool>? {
      get { seldomSet.box?.values.localOnly }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.localOnly = newValue
      }
    }
    /// The notification's priority on the device. Wire key: `notification_priority`.
    public var notificationPriority: Optional<Located<NotificationPriority>>
    /// Whether to use the default sound. Wire key: `default_sound`.
    public var defaultSound: Located<Bool>? {
      get { seldomSet.box?.values.defaultSound }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.defaultSound = newValue
      }
    }
    /// Whether to use the default vibration pattern. Wire key: `default_vibrate_timings`.
    public var defaultVibrateTimings: Located<Bool>? {
      get { seldomSet.box?.values.defaultVibrateTimings }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.defaultVibrateTimings = newValue
      }
    }
    /// Whether to use the default LED settings. Wire key: `default_light_settings`.
    public var defaultLightSettings: Located<Bool>? {
      get { seldomSet.box?.values.defaultLightSettings }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.defaultLightSettings = newValue
      }
    }
    /// The vibration pattern: alternating off and on durations. Wire key: `vibrate_timings`.
    public var vibrateTimings: Located<[Located<Duration>]>? {
      get { seldomSet.box?.values.vibrateTimings }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.vibrateTimings = newValue
      }
    }
    /// Lock-screen visibility. Wire key: `visibility`.
    public var visibility: Optional<Located<Visibility>>
    /// The number of items the notification stands for. Wire key: `notification_count`.
    public var notificationCount: Optional<Located<Int>>
    /// LED colour and blink rate. Wire key: `light_settings`.
    public var lightSettings: Located<LightSettings>? {
      get { seldomSet.box?.values.lightSettings }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.lightSettings = newValue
      }
    }
    /// Overrides ``Notification/image``. Wire key: `image`.
    public var image: Optional<Located<String>>
    /// Whether the app, not the proxy, handles the notification. Wire key:
    /// `bypass_proxy_notification`.
    public var bypassProxyNotification: Located<Bool>? {
      get { seldomSet.box?.values.bypassProxyNotification }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.bypassProxyNotification = newValue
      }
    }
    /// Whether the notification may be proxied. Wire key: `proxy`.
    public var proxy: Located<Proxy>? {
      get { seldomSet.box?.values.proxy }
      set {
        if case .none = newValue, seldomSet.box == nil { return }
        seldomSet.values.proxy = newValue
      }
    }

    /// The fields a notification seldom sets, out of line and allocated only when one is set:
    /// inline, all of them made the notification's box more than glibc's per-thread cache
    /// serves (1,032 bytes), and each message with an Android notification paid for the
    /// allocator's slower paths, a copy of two kilobytes and the destruction of every field.
    private(set) var seldomSet: SeldomSetFields

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
