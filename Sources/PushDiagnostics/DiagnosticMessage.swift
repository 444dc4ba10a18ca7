/// A catalog entry: the identifier, default severity and text of one diagnostic.
///
/// Catalogs are static functions on this type named after the identifier they use, as in
/// swift-syntax:
///
/// ```swift
/// extension DiagnosticMessage {
///   static func jsonDuplicateKey(_ key: String) -> Self {
///     .init(.jsonDuplicateKey, .error, "duplicate key '\(key)'")
///   }
/// }
/// ```
public struct DiagnosticMessage: Hashable, Sendable {
  /// The stable identifier.
  public let id: DiagnosticID
  /// The default severity.
  public let severity: Severity
  /// The message: lower-case, no trailing period, values in single quotes, numbers with units.
  public let text: String
  /// Machine-readable facts every diagnostic of this entry carries, such as
  /// `["apns_reason": "PayloadTooLarge"]` (see ``Diagnostic/properties``).
  public let properties: [String: String]

  /// Creates a catalog entry.
  ///
  /// - Parameters:
  ///   - id: The identifier, one of the static members of ``DiagnosticID``.
  ///   - severity: The default severity.
  ///   - text: The message text.
  ///   - properties: Machine-readable facts, such as the reason APNs would return.
  public init(
    _ id: DiagnosticID,
    _ severity: Severity,
    _ text: String,
    properties: [String: String] = [:]
  ) {
    self.init(id: id, severity: severity, text: text, properties: properties)
  }

  /// Creates a catalog entry with an explicit identifier.
  public init(
    id: DiagnosticID,
    severity: Severity,
    text: String,
    properties: [String: String] = [:]
  ) {
    self.id = id
    self.severity = severity
    self.text = text
    self.properties = properties
  }
}
