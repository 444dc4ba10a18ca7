extension APNS {
  /// A value of the `apns-push-type` header. Values Apple does not define are kept, so they can
  /// be reported.
  ///
  /// What APNs expects of each push type (topic suffix, payload limit, priorities) is in
  /// `APNSLimits/pushTypes`; `limits` finds it.
  public struct PushType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The header value, such as `liveactivity`.
    public let rawValue: String

    /// Creates a push type from its header value.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// A notification that shows an alert, plays a sound or badges the icon.
    public static let alert = PushType(rawValue: "alert")
    /// A background update that wakes the app without user interaction.
    public static let background = PushType(rawValue: "background")
    /// An update to a watchOS complication.
    public static let complication = PushType(rawValue: "complication")
    /// A reload of a control (iOS 18).
    public static let controls = PushType(rawValue: "controls")
    /// A File Provider change signal.
    public static let fileprovider = PushType(rawValue: "fileprovider")
    /// A Live Activity start, update or end.
    public static let liveactivity = PushType(rawValue: "liveactivity")
    /// A Location Push Service Extension query.
    public static let location = PushType(rawValue: "location")
    /// A Mobile Device Management check-in request.
    public static let mdm = PushType(rawValue: "mdm")
    /// A Push to Talk update.
    public static let pushtotalk = PushType(rawValue: "pushtotalk")
    /// A VoIP call.
    public static let voip = PushType(rawValue: "voip")
    /// A widget reload.
    public static let widgets = PushType(rawValue: "widgets")

    /// The 11 push types Apple documents, in the order of its table.
    public static let known: [PushType] = [
      .alert, .background, .complication, .controls, .fileprovider, .liveactivity, .location,
      .mdm, .pushtotalk, .voip, .widgets,
    ]

    /// Whether Apple documents this push type (exact, lower case).
    public var isKnown: Bool { Self.known.contains(self) }

    /// What APNs expects of this push type, or `nil` when Apple does not document it.
    package var limits: APNSLimits.PushType? { APNSLimits.pushType(named: rawValue) }

    /// The header value.
    public var description: String { rawValue }
  }
}
