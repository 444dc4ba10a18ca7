extension APNS.CriticalSound {
  /// The wire keys of the critical-alert `sound` dictionary: the one place each is spelled.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    case critical
    case name
    case volume

    /// The accepted JSON types.
    package var types: [APNSLimits.ValueType] {
      switch self {
      case .critical: [.integer]
      case .name: [.string]
      case .volume: [.number]
      }
    }
  }
}
