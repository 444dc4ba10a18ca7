import Foundation
import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// `pushc rules`: the list of rules, one rule's documentation, and usage errors.
@Suite struct RulesCommandTests {
  @Test func listsEveryRuleWithSeveritySummaryAndSource() {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["rules"]) == .success)
    let lines = recorder.outputText.split(separator: "\n")
    #expect(lines.count == RuleRegistry.rules.count * 2)
    #expect(lines.first?.hasPrefix("fcm-target") == true)
    for rule in RuleRegistry.rules {
      #expect(recorder.outputText.contains("\(rule.id) "), "\(rule.id)")
      #expect(recorder.outputText.contains(rule.summary), "\(rule.id)")
    }
    #expect(recorder.error.isEmpty)
  }

  @Test func listsRulesAsJSON() throws {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["rules", "--format", "json"]) == .success)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(recorder.output)) as? [String: Any])
    let rules = try #require(object["rules"] as? [[String: Any]])
    #expect(rules.count == RuleRegistry.rules.count)
    let first = try #require(rules.first)
    #expect(Set(first.keys) == ["id", "severity", "summary", "source", "emits"])
    #expect(first["id"] as? String == "fcm-target")
    #expect((first["emits"] as? [String])?.first == "fcmMissingTarget")
    #expect(recorder.outputText.hasPrefix("{\n  \"rules\": [\n    {\n      \"id\": \"fcm-target\""))
  }

  @Test func documentsARuleWithTheEntriesOfItsDiagnostics() {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["rules", "apns-device-token"]) == .success)
    let text = recorder.outputText
    #expect(text.hasPrefix("apns-device-token (apns rule, error)\n"))
    #expect(text.contains("Source: https://developer.apple.com/"))
    #expect(text.contains("### `apnsInvalidDeviceToken`"))
    #expect(text.contains("### `apnsUnusualDeviceTokenLength`"))
    #expect(
      text.contains("Example output (samples/lint-apns/"), "entries without one get an example")
  }

  @Test func aDiagnosticIdentifierShowsItsRule() {
    let byDiagnostic = ConsoleRecorder()
    #expect(byDiagnostic.run(["rules", "apnsInvalidDeviceToken"]) == .success)
    let byRule = ConsoleRecorder()
    #expect(byRule.run(["rules", "apns-device-token"]) == .success)
    #expect(byDiagnostic.outputText == byRule.outputText)
  }

  @Test func aDiagnosticOfNoRuleShowsItsEntry() {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["rules", "jsonDuplicateKey"]) == .success)
    #expect(recorder.outputText.hasPrefix("jsonDuplicateKey (json diagnostic"))
    #expect(recorder.outputText.contains("### `jsonDuplicateKey`"))
  }

  @Test func anUnknownIdentifierIsAUsageErrorWithASuggestion() {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["rules", "apns-header"]) == .usage)
    #expect(
      recorder.error.contains(
        "unknown rule or diagnostic 'apns-header'; did you mean 'apns-headers'?"))
    #expect(recorder.output.isEmpty)
  }

  /// Every diagnostic of every domain, YAML and command line included, has one entry in its
  /// domain's documentation file, and every documentation file belongs to a domain.
  @Test func everyDomainIsDocumented() throws {
    let folder = RepositoryPaths.documentation.appendingPathComponent("Diagnostics")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }
    #expect(Set(files) == Set(RulesCommand.domains.map(\.documentationFile)))
    let documentation = RulesCommand.Documentation.load()
    for domain in RulesCommand.domains {
      for id in domain.diagnostics {
        let entry = documentation.entry(of: id, in: domain)
        #expect(entry.split(separator: "\n").count > 1, "\(id) has no entry")
      }
      let text = try #require(documentation.files[domain.documentationFile])
      let headings = text.split(separator: "\n").filter { $0.hasPrefix("### `") }
      #expect(headings.count == domain.diagnostics.count, "\(domain.documentationFile)")
    }
  }

  /// Every identifier declared in a `DiagnosticID+*.swift` file of any target is listed by
  /// exactly one domain, so a new identifier cannot be left out of `pushc rules` and of the
  /// documentation test. The only test that reads sources: the domains are the declarations'
  /// second spelling, and this keeps the two in step.
  @Test func everyDeclaredIdentifierBelongsToOneDomain() throws {
    let sources = RepositoryPaths.root.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    var declared: [String] = []
    for case let path as String in enumerator {
      let name = (path as NSString).lastPathComponent
      guard name.hasPrefix("DiagnosticID+"), name.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("Self(memberName: #function)") {
        guard let range = line.range(of: "static var ") else { continue }
        declared.append(String(line[range.upperBound...].prefix { $0 != ":" }))
      }
    }
    let listed = RulesCommand.domains.flatMap(\.diagnostics).map(\.rawValue)
    #expect(declared.count > 150, "the scan found too few identifiers")
    #expect(Set(listed).count == listed.count, "an identifier is in two domains")
    #expect(Set(declared) == Set(listed))
    #expect(
      Set(declared).subtracting(listed).isEmpty,
      "declared but in no domain: \(Set(declared).subtracting(listed).sorted())")
  }
}
