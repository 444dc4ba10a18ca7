extension FCM {
  /// A message to send through FCM: one target, the notification and data, and per-platform
  /// overrides.
  ///
  /// Exactly one of ``token``, ``fid``, ``topic`` and ``condition`` must be set; the checks report
  /// anything else.
  public struct Message: Hashable, Sendable {
    /// A registration token of one app instance. Deprecated in the newest Admin SDKs in favour
    /// of ``fid``. Wire key: `token`.
    public var token: Located<String>?
    /// The Firebase installation ID of one app instance. Wire key: `fid`.
    public var fid: Located<String>?
    /// A topic name, optionally written with the `/topics/` prefix, which is not sent. Wire key:
    /// `topic`.
    public var topic: Located<String>?
    /// A condition over topics such as `'news' in topics && !('sports' in topics)`. Wire key:
    /// `condition`.
    public var condition: Located<String>?
    /// Custom key-value pairs, strings only. On iOS they become top-level keys of the APNs
    /// payload. Wire key: `data`.
    public var data: Located<StringMap>?
    /// The basic notification shown on every platform. Wire key: `notification`.
    public var notification: Located<Notification>?
    /// Android-specific options. Wire key: `android`.
    public var android: Located<AndroidConfig>? {
      _read { yield platforms.value.android }
      _modify { yield &platforms.value.android }
    }
    /// Web push options. Wire key: `webpush`.
    public var webpush: Located<WebpushConfig>? {
      _read { yield platforms.value.webpush }
      _modify { yield &platforms.value.webpush }
    }
    /// APNs options. Wire key: `apns`.
    public var apns: Located<APNSConfig>? {
      _read { yield platforms.value.apns }
      _modify { yield &platforms.value.apns }
    }
    /// The platform configurations, most of a message's size, out of line.
    private var platforms: OutOfLine<PlatformConfigsBox>

    /// Calls `body` with the address of the value of ``android`` when it is set, and returns
    /// what it returns; `nil` when it is not. For reading fields of the configuration in place:
    /// `android?.value.field` copies all of the configuration first. `body` only reads through
    /// the address, and does not keep it.
    package func withAndroid<Result>(_ body: (UnsafePointer<AndroidConfig>) -> Result) -> Result? {
      platforms.withValueAddress { configs in
        Self.configAddress(\.android, in: configs).map(body)
      }
    }

    /// ``withAndroid(_:)`` for ``webpush``.
    package func withWebpush<Result>(_ body: (UnsafePointer<WebpushConfig>) -> Result) -> Result? {
      platforms.withValueAddress { configs in
        configs.pointee.webpushStorage?.withValueAddress { body($0.locatedValue()) }
      }
    }

    /// ``withAndroid(_:)`` for ``apns``.
    package func withAPNS<Result>(_ body: (UnsafePointer<APNSConfig>) -> Result) -> Result? {
      platforms.withValueAddress { configs in
        Self.configAddress(\.apns, in: configs).map(body)
      }
    }

    /// The address of the value of the configuration `field` of the configurations at
    /// `configs`, when it is set.
    @inline(__always)
    private static func configAddress<Config>(
      _ field: KeyPath<PlatformConfigs, Located<Config>?>,
      in configs: UnsafePointer<PlatformConfigs>
    ) -> UnsafePointer<Config>? {
      guard let offset = MemoryLayout<PlatformConfigs>.offset(of: field) else {
        preconditionFailure("a stored property has an offset")
      }
      return (UnsafeRawPointer(configs) + offset).assumingMemoryBound(to: Located<Config>?.self)
        .unwrapped()?.locatedValue()
    }

    /// The box of the platform configurations.
    private final class PlatformConfigsBox: OutOfLineBox, @unchecked Sendable {
      // See `OutOfLineBox`.
      @exclusivity(unchecked) var value: PlatformConfigs

      init(_ value: PlatformConfigs) {
        self.value = value
      }

      /// A box of three unset configurations, stored in place: made elsewhere and passed in,
      /// the 1.5 KB value was built on the stack and copied twice.
      init(unset: ()) {
        value = PlatformConfigs()
      }
    }

    private struct PlatformConfigs: Hashable, Sendable {
      var android: Located<AndroidConfig>?
      /// The web push configuration, which few messages set, held out of line with no storage
      /// while unset: inline, it made the configurations' box more than the 1,032 bytes
      /// glibc's per-thread cache serves. A box is never changed: setting the configuration
      /// makes a new one.
      var webpush: Located<WebpushConfig>? {
        get { webpushStorage?.value }
        set { webpushStorage = newValue.map { OutOfLine($0) } }
      }
      /// ``webpush``'s box, or `nil` when it is unset.
      private(set) var webpushStorage: OutOfLine<WebpushConfigBox>?
      var apns: Located<APNSConfig>?

      /// All three unset, built with stores alone.
      init() {}

      init(
        android: Located<AndroidConfig>?,
        webpush: Located<WebpushConfig>?,
        apns: Located<APNSConfig>?
      ) {
        self.android = android
        self.webpushStorage = webpush.map { OutOfLine($0) }
        self.apns = apns
      }
    }

    /// The box of ``PlatformConfigs/webpush``.
    private final class WebpushConfigBox: OutOfLineBox, @unchecked Sendable {
      // See `OutOfLineBox`.
      @exclusivity(unchecked) var value: Located<WebpushConfig>

      init(_ value: Located<WebpushConfig>) {
        self.value = value
      }
    }
    /// Options for features of the FCM SDKs on every platform. Wire key: `fcm_options`.
    public var fcmOptions: Located<Options>?
    /// The output-only message name FCM returns (`projects/*/messages/{id}`); never sent. Wire
    /// key: `name`.
    public var name: Located<String>?

    /// Creates a message.
    public init(
      token: Located<String>? = nil,
      fid: Located<String>? = nil,
      topic: Located<String>? = nil,
      condition: Located<String>? = nil,
      data: Located<StringMap>? = nil,
      notification: Located<Notification>? = nil,
      android: Located<AndroidConfig>? = nil,
      webpush: Located<WebpushConfig>? = nil,
      apns: Located<APNSConfig>? = nil,
      fcmOptions: Located<Options>? = nil,
      name: Located<String>? = nil
    ) {
      self.token = token
      self.fid = fid
      self.topic = topic
      self.condition = condition
      self.data = data
      self.notification = notification
      self.platforms = OutOfLine(PlatformConfigs(android: android, webpush: webpush, apns: apns))
      self.fcmOptions = fcmOptions
      self.name = name
    }

    /// Gives the message platform configurations of its own, all unset.
    ///
    /// For the reader, which fills a copy of a blank message in place: the copy shares the
    /// blank message's storage, and the first write would copy it, value and all, where a new
    /// unset one costs the allocation alone.
    mutating func clearPlatforms() {
      platforms = OutOfLine(sharing: PlatformConfigsBox(unset: ()))
    }

    /// The targets that are set, as (wire key, value) pairs in the order token, fid, topic,
    /// condition.
    public var targets: [(field: String, value: Located<String>)] {
      var result: [(field: String, value: Located<String>)] = []
      if let token { result.append(("token", token)) }
      if let fid { result.append(("fid", fid)) }
      if let topic { result.append(("topic", topic)) }
      if let condition { result.append(("condition", condition)) }
      return result
    }
  }
}
