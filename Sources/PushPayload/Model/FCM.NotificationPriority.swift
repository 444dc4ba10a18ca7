extension FCM {
  /// The priority of an Android notification on the device (`NotificationPriority`).
  ///
  /// The raw value is the REST enum name. The Admin SDKs take the short lower-case names
  /// (``sdkName``); pushc reads those with a warning and writes the REST name.
  public enum NotificationPriority: String, Hashable, Sendable, CaseIterable {
    /// Treated as ``default``.
    case unspecified = "PRIORITY_UNSPECIFIED"
    /// The lowest priority.
    case min = "PRIORITY_MIN"
    /// Lower than default.
    case low = "PRIORITY_LOW"
    /// The default.
    case `default` = "PRIORITY_DEFAULT"
    /// Higher than default.
    case high = "PRIORITY_HIGH"
    /// The highest priority.
    case max = "PRIORITY_MAX"

    /// The Admin SDK spelling (`min`, `low`, `default`, `high`, `max`), or `nil` for
    /// ``unspecified``, which the SDKs cannot express.
    public var sdkName: String? {
      self == .unspecified ? nil : String(rawValue.dropFirst("PRIORITY_".count)).lowercased()
    }
  }
}
