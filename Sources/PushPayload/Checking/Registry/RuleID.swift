/// The stable identifier of a rule, such as `apns-headers` or `fcm-target`.
///
/// Rule identifiers are kebab-case and start with the domain the rule checks (`fcm-`,
/// `apns-`), so they never collide with the lowerCamelCase identifiers of the diagnostics a rule
/// emits (``DiagnosticID``). Like diagnostic identifiers they are API: configuration names them,
/// and a renamed rule keeps its old identifier. Each rule declares its identifier once, in its
/// ``RuleDescriptor``.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, Codable,
  CustomStringConvertible
{
  /// The identifier text.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from its text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The identifier as written.
  public var description: String { rawValue }

  /// Whether `lhs` sorts before `rhs`, in the order of their raw values.
  public static func < (lhs: RuleID, rhs: RuleID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
