extension FCM.AndroidNotification {
  /// The fields of an Android notification that few messages set (localisation keys and
  /// arguments, ticker, stickiness, event time, defaults, vibration and light settings, proxy
  /// options), held out of line and copied on write, with no storage at all until one is set.
  ///
  /// Notices set a handful of the 27 fields: inline, the other fields made the notification
  /// 1.8 KB, and the box that holds it more than the 1,032 bytes glibc's per-thread cache
  /// serves.
  struct SeldomSetFields: Hashable, Sendable {
    /// The fields, each `nil` until set (spelled `Optional<…>`, as in the notification, so
    /// that the initializer sets each once).
    struct Values: Hashable, Sendable {
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

      /// Every field unset.
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

    /// The box of the fields.
    ///
    /// A box is written only through ``values``'s `_modify`, after making sure no other
    /// notification shares it, so a shared box is only read: that makes the unchecked
    /// `Sendable` sound, and the exclusivity checks of the property, which cost more than the
    /// read, are left out.
    final class Box: @unchecked Sendable {
      @exclusivity(unchecked) var values: Values

      init(_ values: Values) {
        self.values = values
      }
    }

    /// The fields, or `nil` when none was ever set.
    private(set) var box: Optional<Box>

    /// No field set, and no storage.
    init() {
      box = nil
    }

    /// The fields, for writing: a box is made for the first field set, and a shared one copied.
    var values: Values {
      get { box?.values ?? Values() }
      _modify {
        if box == nil {
          box = Box(Values())
        } else if !isKnownUniquelyReferenced(&box) {
          box = Box(box.unsafelyUnwrapped.values)
        }
        yield &box.unsafelyUnwrapped.values
      }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.box === rhs.box || lhs.values == rhs.values
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(values)
    }
  }
}
