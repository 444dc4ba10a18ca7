extension FCM.AndroidNotification {
  /// The fields of an Android notification that few messages set (localisation keys and
  /// arguments, ticker, stickiness, event time, defaults, vibration and light settings, proxy
  /// options), held in ``SeldomSetFields``.
  ///
  /// Notices set a handful of the 27 fields: inline, the other fields made the notification
  /// 1.8 KB, and the box that holds it more than the 1,032 bytes glibc's per-thread cache
  /// serves. Each is `nil` until set, spelled `Optional<…>`, as in the notification, so that
  /// the initializer sets each once.
  struct SeldomSetValues: PushPayload.SeldomSetValues {
    var bodyLocKey: Optional<Located<String>>
    var bodyLocArgs: Optional<Located<[Located<String>]>>
    var titleLocKey: Optional<Located<String>>
    var titleLocArgs: Optional<Located<[Located<String>]>>
    var ticker: Optional<Located<String>>
    var sticky: Optional<Located<Bool>>
    var eventTime: Optional<Located<FCM.Timestamp>>
    var localOnly: Optional<Located<Bool>>
    var defaultSound: Optional<Located<Bool>>
    var defaultVibrateTimings: Optional<Located<Bool>>
    var defaultLightSettings: Optional<Located<Bool>>
    var vibrateTimings: Optional<Located<[Located<FCM.Duration>]>>
    var lightSettings: Optional<Located<FCM.LightSettings>>
    var bypassProxyNotification: Optional<Located<Bool>>
    var proxy: Optional<Located<FCM.Proxy>>

    init() {
      bodyLocKey = nil
      bodyLocArgs = nil
      titleLocKey = nil
      titleLocArgs = nil
      ticker = nil
      sticky = nil
      eventTime = nil
      localOnly = nil
      defaultSound = nil
      defaultVibrateTimings = nil
      defaultLightSettings = nil
      vibrateTimings = nil
      lightSettings = nil
      bypassProxyNotification = nil
      proxy = nil
    }
  }

  /// The box of ``SeldomSetValues``. See `OutOfLineBox`.
  final class SeldomSetBox: OutOfLineBox, @unchecked Sendable {
    @exclusivity(unchecked) var value: SeldomSetValues

    init(_ value: SeldomSetValues) {
      self.value = value
    }
  }
}
