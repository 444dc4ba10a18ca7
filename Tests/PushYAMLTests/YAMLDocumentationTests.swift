import Foundation
import PushDiagnostics
import PushPayload
import PushYAML
import Testing
import _PushPayloadTestSupport

/// Every YAML diagnostic is documented in `Documentation/Diagnostics/YAML.md`, and only those.
@Suite struct YAMLDocumentationTests {
  /// The identifiers of the YAML domain (``DiagnosticDomain/yaml``), as the registry lists them.
  static func catalogIdentifiers() throws -> [String] {
    DiagnosticDomain.yaml.diagnostics.map(\.rawValue)
  }

  /// The identifiers with a `### \`id\`` heading in the documentation.
  static func documentedIdentifiers() throws -> [String] {
    let url = RepositoryPaths.documentation.appendingPathComponent("Diagnostics/YAML.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("### `"), line.hasSuffix("`") else { return nil }
      return String(line.dropFirst(5).dropLast())
    }
  }

  @Test func everyDiagnosticIsDocumented() throws {
    let catalog = try Self.catalogIdentifiers()
    let documented = try Self.documentedIdentifiers()
    #expect(catalog.count >= 20)
    #expect(catalog.allSatisfy { $0.hasPrefix("yaml") }, "\(catalog)")
    #expect(catalog == catalog.sorted(), "the catalog is not in alphabetical order")
    #expect(Set(catalog).subtracting(documented).sorted() == [], "undocumented")
    #expect(
      Set(documented).subtracting(catalog).sorted() == [], "documented but not in the catalog")
    #expect(documented.count == Set(documented).count, "documented twice")
  }

  @Test func everyEntryHasAnExampleAndAFix() throws {
    let url = RepositoryPaths.documentation.appendingPathComponent("Diagnostics/YAML.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let sections = text.components(separatedBy: "\n### `").dropFirst()
    #expect(sections.count == (try Self.catalogIdentifiers()).count)
    for section in sections {
      let name = section.prefix { $0 != "`" }
      #expect(section.contains("Example"), "\(name) has no example")
      #expect(section.contains("Fix:"), "\(name) does not say how to fix it")
    }
  }

  @Test func catalogSeveritiesMatchTheDocumentation() throws {
    let url = RepositoryPaths.documentation.appendingPathComponent("Diagnostics/YAML.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let messages: [DiagnosticMessage] = [
      .yamlAmbiguousBoolean("yes"), .yamlByteOrderMark(), .yamlComplexKey(found: "a sequence"),
      .yamlControlCharacter(0), .yamlDuplicateKey("a"),
      .yamlExpansionTooLarge(limit: 1), .yamlInvalidUTF8(0xFF), .yamlMergeKey(),
      .yamlNestingTooDeep(limit: 512), .yamlNonFiniteNumber(".inf"),
      .yamlNonStringKey("1", type: "a number"), .yamlNumberOutOfRange("0x1"),
      .yamlParserFailure("out of memory"), .yamlRecursiveAlias("a"), .yamlSyntaxError("x"),
      .yamlTabIndentation("x"), .yamlTagMismatch(tag: "!!int", found: "'a'"),
      .yamlTooManyNodes(limit: 1), .yamlUnknownAlias("a"), .yamlUnknownTag("!x"),
      .yamlUnsupportedEncoding("UTF-16"), .yamlVersionDirective("1.1"),
    ]
    #expect(messages.map(\.id.rawValue) == (try Self.catalogIdentifiers()))
    for message in messages {
      let heading = "### `\(message.id)`"
      let start = try #require(text.range(of: heading))
      let section = text[start.upperBound...].prefix(40)
      let severity =
        message.severity.rawValue.prefix(1).uppercased() + message.severity.rawValue.dropFirst()
      #expect(
        section.contains("**\(severity).**"), "\(message.id) is documented with another severity")
    }
  }
}
