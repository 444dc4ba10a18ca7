extension APNS {
  /// The `event` of a Live Activity push. Values Apple does not define are kept.
  public struct LiveActivityEvent: RawRepresentable, Hashable, Sendable {
    /// The wire value.
    public let rawValue: String

    /// Creates an event from its wire value.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Starts a Live Activity (push-to-start).
    public static let start = LiveActivityEvent(rawValue: "start")
    /// Updates a Live Activity.
    public static let update = LiveActivityEvent(rawValue: "update")
    /// Ends a Live Activity.
    public static let end = LiveActivityEvent(rawValue: "end")

    /// The three events Apple defines.
    public static let defined: [LiveActivityEvent] = [.start, .update, .end]

    /// Whether Apple defines this event.
    public var isDefined: Bool { Self.defined.contains(self) }
  }
}
