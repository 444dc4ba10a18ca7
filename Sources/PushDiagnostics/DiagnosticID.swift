/// The stable identifier of a kind of diagnostic, such as `jsonDuplicateKey`.
///
/// Identifiers are API: users grep for them, configuration files name them and documentation has
/// one entry per identifier. They are lowerCamelCase and start with their domain (`json`, `yaml`,
/// `fcm`, `apns`, `decode`).
///
/// Each domain declares its identifiers once, as static members whose text is the member's name,
/// so a misspelled identifier does not compile:
///
/// ```swift
/// extension DiagnosticID {
///   /// An object has the same key twice.
///   public static var jsonDuplicateKey: Self { Self(memberName: #function) }
/// }
/// ```
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible
{
  /// The identifier text.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates the identifier declared by a static member, whose text is the member's name.
  ///
  /// - Parameter memberName: `#function` inside the member's getter.
  public init(memberName: String) {
    self.rawValue = memberName
  }

  /// The identifier as written.
  public var description: String { rawValue }

  /// Whether `lhs` sorts before `rhs`, in the order of their raw values.
  public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
