import Foundation
import Testing
import _PushPayloadTestSupport

/// Every diagnostic identifier declared in a catalog (`DiagnosticMessage+*.swift`) has a
/// `### \`id\`` entry in `Documentation/Diagnostics/`, and every entry names a real identifier.
@Suite struct DiagnosticDocumentationTests {
  /// Identifiers declared as `static func name(` in the catalog files under `Sources/`.
  static func catalogIdentifiers() throws -> Set<String> {
    let sources = RepositoryPaths.root.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    var identifiers: Set<String> = []
    let declaration = try Regex(#"static func ([a-z][A-Za-z0-9]*)\("#)
    while let url = enumerator?.nextObject() as? URL {
      guard url.lastPathComponent.hasPrefix("DiagnosticMessage+"), url.pathExtension == "swift"
      else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      for match in text.matches(of: declaration) {
        if let name = match.output[1].substring { identifiers.insert(String(name)) }
      }
    }
    return identifiers
  }

  /// Identifiers with a `### \`id\`` heading in `Documentation/Diagnostics/*.md`.
  static func documentedIdentifiers() throws -> Set<String> {
    let folder = RepositoryPaths.documentation.appendingPathComponent("Diagnostics")
    var identifiers: Set<String> = []
    let heading = try Regex(#"(?m)^### `([A-Za-z0-9]+)`\s*$"#)
    for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    where url.pathExtension == "md" {
      let text = try String(contentsOf: url, encoding: .utf8)
      for match in text.matches(of: heading) {
        if let name = match.output[1].substring { identifiers.insert(String(name)) }
      }
    }
    return identifiers
  }

  @Test func everyDiagnosticIsDocumented() throws {
    let declared = try Self.catalogIdentifiers()
    #expect(declared.contains("jsonDuplicateKey"), "the catalog scan found nothing")
    let missing = declared.subtracting(try Self.documentedIdentifiers())
    #expect(missing.isEmpty, "undocumented diagnostics: \(missing.sorted())")
  }

  @Test func everyDocumentedDiagnosticExists() throws {
    let stale = try Self.documentedIdentifiers().subtracting(try Self.catalogIdentifiers())
    #expect(stale.isEmpty, "documented but not declared: \(stale.sorted())")
  }
}
