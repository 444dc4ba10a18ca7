extension ServerRules {
  /// The state of one device token (an entry of `apns.devices`).
  public struct Device: Hashable, Sendable {
    /// The keys of an entry.
    public static let keys = ["unregistered_since"]

    /// Since when the token is no longer registered, in UNIX seconds: requests to it are
    /// answered `410 Unregistered` with this time as `timestamp` (in milliseconds)
    /// (`unregistered_since`).
    public var unregisteredSince: Double

    /// Creates an entry.
    public init(unregisteredSince: Double) {
      self.unregisteredSince = unregisteredSince
    }

    /// The `timestamp` of the 410 answer: ``unregisteredSince`` in milliseconds.
    public var timestampMilliseconds: Int {
      Int((unregisteredSince * 1000).rounded())
    }
  }
}
