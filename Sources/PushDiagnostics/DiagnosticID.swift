/// The stable identifier of a kind of diagnostic, such as `jsonDuplicateKey`.
///
/// Identifiers are API: users grep for them, configuration files name them and documentation has
/// one entry per identifier. They are lowerCamelCase and start with their domain (`json`, `yaml`,
/// `fcm`, `apns`, `decode`).
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible, ExpressibleByStringLiteral
{
  /// The identifier text.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  public var description: String { rawValue }

  public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
