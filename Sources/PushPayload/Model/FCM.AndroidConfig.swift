extension FCM {
  /// Android-specific options (`AndroidConfig`).
  public struct AndroidConfig: Hashable, Sendable {
    /// Groups messages so that only the last one is delivered when delivery resumes; at most 4
    /// keys are kept per device. Wire key: `collapse_key`.
    public var collapseKey: Located<String>?
    /// The delivery priority. Wire key: `priority`.
    public var priority: Located<AndroidMessagePriority>?
    /// How long FCM keeps the message while the device is offline, 0 to 2,419,200 seconds
    /// (28 days). Wire key: `ttl`, a Duration string such as `"3600s"`.
    public var ttl: Located<Duration>?
    /// The package name the registration token must match. Wire key:
    /// `restricted_package_name`.
    public var restrictedPackageName: Located<String>?
    /// Custom key-value pairs that replace ``Message/data`` on Android. Wire key: `data`.
    public var data: Located<StringMap>?
    /// The Android notification. Wire key: `notification`.
    public var notification: Located<AndroidNotification>? {
      _read { yield notificationStorage.value }
      _modify { yield &notificationStorage.value }
    }
    /// ``notification``, most of the configuration's size, out of line.
    private var notificationStorage: OutOfLine<NotificationBox>

    /// The box of ``notification``.
    final class NotificationBox: OutOfLineBox, @unchecked Sendable {
      // See `OutOfLineBox`. `Optional<…>`, not `…?`, as in `AndroidNotification`: with an
      // initial `nil`, each box made was first set to `nil` and then assigned.
      @exclusivity(unchecked) var value: Optional<Located<AndroidNotification>>

      init(_ value: Located<AndroidNotification>?) {
        self.value = value
      }

      /// A box of an empty notification read at `source`.
      init(emptyAt source: SourceReference) {
        value = Located(AndroidNotification(), source: source)
      }
    }
    /// Options for the FCM SDK for Android. Wire key: `fcm_options`.
    public var fcmOptions: Located<Options>?
    /// Whether the message may be delivered while the device is in direct boot mode. Wire key:
    /// `direct_boot_ok`.
    public var directBootOK: Located<Bool>? {
      get { seldomSet.storage?.value.directBootOK }
      set { seldomSet.set(\.directBootOK, to: newValue) }
    }
    /// Whether the message may be delivered on a bandwidth-constrained network. Wire key:
    /// `bandwidth_constrained_ok`.
    public var bandwidthConstrainedOK: Located<Bool>? {
      get { seldomSet.storage?.value.bandwidthConstrainedOK }
      set { seldomSet.set(\.bandwidthConstrainedOK, to: newValue) }
    }
    /// Whether the message may be delivered on a restricted satellite network. Wire key:
    /// `restricted_satellite_ok`.
    public var restrictedSatelliteOK: Located<Bool>? {
      get { seldomSet.storage?.value.restrictedSatelliteOK }
      set { seldomSet.set(\.restrictedSatelliteOK, to: newValue) }
    }

    /// The fields few configurations set, out of line (``SeldomSetValues``): inline, they
    /// made a message's platform configurations too large for glibc's per-thread cache.
    private var seldomSet: SeldomSetFields<SeldomSetBox>

    /// Creates an Android configuration.
    public init(
      collapseKey: Located<String>? = nil,
      priority: Located<AndroidMessagePriority>? = nil,
      ttl: Located<Duration>? = nil,
      restrictedPackageName: Located<String>? = nil,
      data: Located<StringMap>? = nil,
      notification: Located<AndroidNotification>? = nil,
      fcmOptions: Located<Options>? = nil,
      directBootOK: Located<Bool>? = nil,
      bandwidthConstrainedOK: Located<Bool>? = nil,
      restrictedSatelliteOK: Located<Bool>? = nil
    ) {
      self.collapseKey = collapseKey
      self.priority = priority
      self.ttl = ttl
      self.restrictedPackageName = restrictedPackageName
      self.data = data
      self.notificationStorage = OutOfLine(notification)
      self.fcmOptions = fcmOptions
      self.seldomSet = SeldomSetFields()
      self.directBootOK = directBootOK
      self.bandwidthConstrainedOK = bandwidthConstrainedOK
      self.restrictedSatelliteOK = restrictedSatelliteOK
    }

    /// A configuration with every field unset, for the reader to fill in place; built with
    /// stores alone, where the public initialiser assigns each argument over an implicit `nil`.
    ///
    /// The unset notification is `unsetNotification`, a box of `nil` the reader shares between
    /// the configurations it makes, so making one allocates nothing; reading a notification
    /// into it gives the configuration a box of its own (``OutOfLine`` copies a shared box
    /// before writing, so the shared one is never changed).
    ///
    /// The box is the reader's, not a `static let`: every configuration made retains it and
    /// releases it, and a box all threads shared bounced its reference count between the
    /// processors on every message when inputs are compiled on several threads.
    init(unsetSharing unsetNotification: NotificationBox) {
      notificationStorage = OutOfLine(sharing: unsetNotification)
      seldomSet = SeldomSetFields()
    }

    /// Calls `body` with the address of ``notification``'s value in its box, when it is set,
    /// for reading its fields one by one: `notification?.value` copies the whole notification
    /// (a retain of each of its references) before a field of it is read, and so does passing
    /// it on. `body` only reads through the address, and does not keep it.
    package func withNotificationAddress(_ body: (UnsafePointer<AndroidNotification>) -> Void) {
      notificationStorage.withValueAddress { address in
        if let notification = address.unwrapped()?.locatedValue() { body(notification) }
      }
    }

    /// Sets ``notification``, which is unset, to an empty notification read at `source`, in a
    /// box of its own, and runs `body` on it there.
    ///
    /// For the reader: writing through ``notification`` would first copy the shared unset box
    /// (value and all), and goes through two `_modify` accessors.
    mutating func setNotification(
      at source: SourceReference, _ body: (inout AndroidNotification) -> Void
    ) {
      let box = NotificationBox(emptyAt: source)
      box.value?.modifyValue(body)
      notificationStorage = OutOfLine(sharing: box)
    }
  }
}
