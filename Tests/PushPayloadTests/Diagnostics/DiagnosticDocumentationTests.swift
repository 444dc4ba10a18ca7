import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Every diagnostic identifier of the registry (``RuleRegistry/diagnosticDomains``) has one
/// `### \`id\`` entry in its domain's file under `Documentation/Diagnostics/`, and every entry of
/// those files names an identifier of that domain. The YAML and CLI domains are checked by
/// `PushCLITests`, which sees them.
@Suite struct DiagnosticDocumentationTests {
  /// The identifiers with a `### \`id\`` heading in `Documentation/Diagnostics/<file>`, in file
  /// order, repeats included.
  static func documentedIdentifiers(in file: String) throws -> [String] {
    let url = RepositoryPaths.documentation.appendingPathComponent("Diagnostics/\(file)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let heading = try Regex(#"(?m)^### `([A-Za-z0-9]+)`\s*$"#)
    return text.matches(of: heading).compactMap { $0.output[1].substring.map(String.init) }
  }

  @Test(arguments: RuleRegistry.diagnosticDomains.map(\.id))
  func everyDiagnosticOfTheDomainIsDocumentedOnce(_ domainID: String) throws {
    let domain = try #require(RuleRegistry.diagnosticDomains.first { $0.id == domainID })
    let declared = domain.diagnostics.map(\.rawValue)
    let documented = try Self.documentedIdentifiers(in: domain.documentationFile)
    #expect(!declared.isEmpty)
    #expect(declared == declared.sorted(), "list the identifiers alphabetically")
    #expect(Set(declared).subtracting(documented).sorted() == [], "undocumented")
    #expect(Set(documented).subtracting(declared).sorted() == [], "documented but not declared")
    #expect(documented.count == Set(documented).count, "documented twice")
  }

  @Test func everyIdentifierBelongsToOneDomain() {
    let all = RuleRegistry.diagnosticDomains.flatMap(\.diagnostics)
    #expect(all.count == Set(all).count)
    #expect(all.contains(.jsonDuplicateKey))
  }

  @Test func everyEmittedIdentifierIsDeclared() {
    for rule in RuleRegistry.rules {
      for id in rule.emits {
        #expect(
          RuleRegistry.domain(of: id)?.id == rule.domain.rawValue,
          "\(rule.id) emits \(id), which its domain does not declare")
      }
    }
  }
}
