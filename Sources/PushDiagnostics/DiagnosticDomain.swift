/// A family of diagnostics that one stage reports and one documentation file describes, such as
/// `json` (the JSON reader) or `apns` (the APNs checks).
///
/// A domain lists every identifier it declares, so tools can describe each diagnostic without
/// scanning sources: `RuleRegistry.diagnosticDomains` in PushPayload lists the domains of the core libraries,
/// `PushYAML` adds `yaml` and the `pushc` tool adds `cli`. Each identifier belongs to exactly one
/// domain, and its documentation entry is a `` ### `id` `` heading in
/// `Documentation/Diagnostics/<documentationFile>`.
public struct DiagnosticDomain: Hashable, Sendable, Identifiable {
  /// The name of the domain, such as `json`; identifiers of most domains start with it.
  public let id: String
  /// The file under `Documentation/Diagnostics/` that documents every identifier of the domain.
  public let documentationFile: String
  /// Every identifier of the domain, alphabetically.
  public let diagnostics: [DiagnosticID]

  /// Creates a domain.
  ///
  /// - Parameters:
  ///   - id: The name of the domain.
  ///   - documentationFile: The file under `Documentation/Diagnostics/` documenting it.
  ///   - diagnostics: Every identifier of the domain.
  public init(_ id: String, documentationFile: String, diagnostics: [DiagnosticID]) {
    self.id = id
    self.documentationFile = documentationFile
    self.diagnostics = diagnostics
  }
}
