/// A catalog entry: the identifier, default severity and text of one diagnostic.
///
/// Catalogs are static functions on this type whose identifier is the function's name, as in
/// swift-syntax:
///
/// ```swift
/// extension DiagnosticMessage {
///   static func jsonDuplicateKey(_ key: String) -> Self {
///     .init(.error, "duplicate key '\(key)'")
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

  /// Creates a catalog entry whose identifier is the name of the calling function.
  ///
  /// - Parameters:
  ///   - severity: The default severity.
  ///   - text: The message text.
  ///   - properties: Machine-readable facts, such as the reason APNs would return.
  ///   - function: Filled in by the compiler; the part before `(` becomes the identifier.
  public init(
    _ severity: Severity,
    _ text: String,
    properties: [String: String] = [:],
    function: String = #function
  ) {
    let name = function.prefix { $0 != "(" }
    self.init(
      id: DiagnosticID(rawValue: String(name)),
      severity: severity,
      text: text,
      properties: properties
    )
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
