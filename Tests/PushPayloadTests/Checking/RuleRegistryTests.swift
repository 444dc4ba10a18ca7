import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The registry lists every rule once with complete metadata, and a ``RuleConfiguration``
/// disables rules or changes their severity.
@Suite struct RuleRegistryTests {
  /// The JSON inputs of `samples/lint/` and `samples/lint-apns/`.
  static func sampleFiles() throws -> [SourceFile] {
    try ["lint", "lint-apns"].flatMap { folder in
      let url = RepositoryPaths.samples.appendingPathComponent(folder)
      return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") || $0.hasSuffix(".apns") }
        .map { name in
          SourceFile(
            name: "\(folder)/\(name)",
            bytes: Array(try Data(contentsOf: url.appendingPathComponent(name))))
        }
    }
  }

  /// The diagnostics of compiling `file` with `rules`.
  static func diagnostics(of file: SourceFile, rules: RuleConfiguration) -> [Diagnostic] {
    let options = PushCompiler.Options(
      lowering: .init(now: 1_700_000_000, bundleID: "com.example.app"), rules: rules)
    return PushCompiler(options: options).compile(JSONReader.read(file)).diagnostics
  }

  @Test func rulesHaveUniqueKebabCaseIdentifiersAndCompleteMetadata() {
    let rules = RuleRegistry.rules
    #expect(rules.count == Set(rules.map(\.id)).count)
    #expect(RuleRegistry.fcmRules.count == 9)
    #expect(RuleRegistry.apnsRules.count == 9)
    for rule in rules {
      let id = rule.id.rawValue
      #expect(id.hasPrefix(rule.domain.rawValue + "-"), "\(id)")
      #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is not kebab-case")
      #expect(!rule.summary.isEmpty && !rule.summary.hasSuffix("."), "\(id)")
      #expect(
        rule.source.hasPrefix("https://") || rule.source == "Admin SDK behaviour", "\(id)")
      #expect(!rule.emits.isEmpty && rule.emits.count == Set(rule.emits).count, "\(id)")
    }
  }

  @Test func diagnosticsMapToTheirRules() {
    #expect(
      RuleRegistry.rules(emitting: .apnsMissingTopic).map(\.id) == [RuleID("apns-push-type")])
    #expect(
      RuleRegistry.rule(RuleID("fcm-size"))?.emits == [.fcmMessageTooLarge, .fcmTopicMessageLarge])
    #expect(RuleRegistry.rules(emitting: .jsonDuplicateKey).isEmpty)
    #expect(RuleRegistry.domain(of: .jsonDuplicateKey)?.documentationFile == "JSON.md")
  }

  /// Each rule run alone on every sample adds only diagnostics it declares.
  @Test func everyRuleEmitsOnlyWhatItDeclares() throws {
    let files = try Self.sampleFiles()
    #expect(files.count >= 30)
    let allDisabled = RuleConfiguration(
      Dictionary(uniqueKeysWithValues: RuleRegistry.rules.map { ($0.id, .disabled) }))
    for file in files {
      let baseline = Set(Self.diagnostics(of: file, rules: allDisabled))
      for rule in RuleRegistry.rules {
        var alone = allDisabled
        alone[rule.id] = nil
        let added = Self.diagnostics(of: file, rules: alone).filter { !baseline.contains($0) }
        let undeclared = Set(added.map(\.id)).subtracting(rule.emits)
        #expect(undeclared.isEmpty, "\(rule.id) emits \(undeclared.sorted()) in \(file.name)")
      }
    }
  }

  @Test func aDisabledRuleEmitsNothing() {
    let file = SourceFile(name: "p.json", text: #"{"aps": {"badge": "3", "sound": ""}}"#)
    let defaults = Self.diagnostics(of: file, rules: RuleConfiguration())
    #expect(defaults.map(\.id).contains(.apnsMissingPushType))
    #expect(defaults.map(\.id).contains(.apnsEmptySoundName))
    var rules = RuleConfiguration()
    rules.disable(RuleID("apns-push-type"))
    rules.disable(RuleID("apns-sound"))
    #expect(!rules.isEnabled(RuleID("apns-sound")))
    let configured = Self.diagnostics(of: file, rules: rules)
    #expect(
      configured.map(\.id)
        == defaults.map(\.id).filter {
          ![.apnsMissingPushType, .apnsMissingTopic, .apnsEmptySoundName].contains($0)
        })
  }

  @Test func anOverriddenSeverityAppliesToEveryDiagnosticOfTheRule() {
    let file = SourceFile(name: "p.json", text: #"{"aps": {"badge": "3", "sound": ""}}"#)
    var rules = RuleConfiguration()
    rules.setSeverity(.error, for: RuleID("apns-sound"))
    rules.setSeverity(.note, for: RuleID("apns-aps"))
    let diagnostics = Self.diagnostics(of: file, rules: rules)
    let sound = diagnostics.filter { $0.id == .apnsEmptySoundName }
    let badge = diagnostics.filter { $0.id == .apnsValueType }
    #expect(sound.count == 1 && sound.allSatisfy { $0.severity == .error })
    #expect(badge.count == 1 && badge.allSatisfy { $0.severity == .note })
    let defaults = Self.diagnostics(of: file, rules: RuleConfiguration())
    #expect(defaults.map(\.id) == diagnostics.map(\.id), "only severities change")
  }

  /// A disabled gating rule still stops the rules that cannot read the payload.
  @Test func disablingAGatingRuleKeepsTheGate() {
    let file = SourceFile(name: "p.json", text: #"{"aps": "alert"}"#)
    var rules = RuleConfiguration()
    rules.disable(RuleID("apns-aps"))
    let diagnostics = Self.diagnostics(of: file, rules: rules)
    #expect(!diagnostics.map(\.id).contains(.apnsAPSNotObject))
    #expect(!diagnostics.map(\.id).contains(.apnsAlertPushShowsNothing))
  }

  @Test func unknownRuleIdentifiersAreListed() {
    var rules = RuleConfiguration()
    rules.disable(RuleID("apns-headers"))
    rules.disable(RuleID("apns-header"))
    #expect(rules.unknownRules == [RuleID("apns-header")])
  }

  @Test func ruleIdentifierIsCodedAsItsText() throws {
    let data = try JSONEncoder().encode([RuleID("apns-headers")])
    #expect(String(decoding: data, as: UTF8.self) == #"["apns-headers"]"#)
    #expect(try JSONDecoder().decode([RuleID].self, from: data) == [RuleID("apns-headers")])
  }
}
