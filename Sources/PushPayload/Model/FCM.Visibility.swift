extension FCM {
  /// How much of an Android notification shows on a secure lock screen (`Visibility`).
  ///
  /// The raw value is the REST enum name; the Admin SDKs take it in lower case.
  public enum Visibility: String, Hashable, Sendable, CaseIterable {
    /// Treated as ``private``.
    case unspecified = "VISIBILITY_UNSPECIFIED"
    /// Shown, with sensitive content hidden on secure lock screens.
    case `private` = "PRIVATE"
    /// Shown in full.
    case `public` = "PUBLIC"
    /// Not shown on secure lock screens.
    case secret = "SECRET"

    /// The Admin SDK spelling, or `nil` for ``unspecified``.
    public var sdkName: String? {
      self == .unspecified ? nil : rawValue.lowercased()
    }
  }
}
