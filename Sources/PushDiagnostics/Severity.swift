/// How serious a diagnostic is.
public enum Severity: String, Hashable, Sendable, Codable, Comparable, CaseIterable {
  /// Extra information, usually attached to another diagnostic or explaining an assumption.
  case note
  /// Something that works but is probably not what was meant.
  case warning
  /// Something that APNs, FCM or the device would reject, or that pushc cannot process.
  case error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  /// Whether `lhs` is less serious than `rhs`: note, then warning, then error.
  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs.rank < rhs.rank
  }
}
