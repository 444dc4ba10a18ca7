extension FCM {
  /// Whether an Android notification may be proxied (`Proxy`).
  ///
  /// The raw value is the REST enum name; the Admin SDKs take it in lower case.
  public enum Proxy: String, Hashable, Sendable, CaseIterable {
    /// Left to FCM.
    case unspecified = "PROXY_UNSPECIFIED"
    /// May be proxied.
    case allow = "ALLOW"
    /// Never proxied.
    case deny = "DENY"
    /// Proxied only when the message's priority was lowered.
    case ifPriorityLowered = "IF_PRIORITY_LOWERED"

    /// The Admin SDK spelling, or `nil` for ``unspecified``.
    public var sdkName: String? {
      self == .unspecified ? nil : rawValue.lowercased()
    }
  }
}
