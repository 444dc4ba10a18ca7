extension APNS {
  /// The `interruption-level` of `aps`. Values Apple does not define are kept, so they can be
  /// reported.
  public struct InterruptionLevel: RawRepresentable, Hashable, Sendable {
    /// The wire value.
    public let rawValue: String

    /// Creates a level from its wire value.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Added to the list without lighting the screen or playing a sound.
    public static let passive = InterruptionLevel(rawValue: "passive")
    /// Presented immediately, the default.
    public static let active = InterruptionLevel(rawValue: "active")
    /// Presented immediately, breaking through Focus (needs the capability).
    public static let timeSensitive = InterruptionLevel(rawValue: "time-sensitive")
    /// Presented immediately with sound even when muted (needs the entitlement).
    public static let critical = InterruptionLevel(rawValue: "critical")

    /// The four levels Apple defines.
    public static let defined: [InterruptionLevel] = [.passive, .active, .timeSensitive, .critical]

    /// Whether Apple defines this level.
    public var isDefined: Bool { Self.defined.contains(self) }
  }
}
