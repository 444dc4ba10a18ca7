import Foundation
import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Golden tests over `samples/invalid/`: one real-life mistake per sample, linted by the built
/// `pushc` (`lint --now 1700000000 --bundle-id com.example.app FILE`). Standard output must
/// equal `<stem>.lint.txt`, which must report an error (exit 1), and `<stem>.schema.txt` records
/// whether the published schema rejects the sample too, and where: a shape mistake is caught by
/// the editor, a mistake between fields only by pushc. `RECORD_GOLDENS=1 swift test` rewrites
/// the goldens and still fails.
@Suite struct InvalidSamplesTests {
  static let folder = RepositoryPaths.samples.appendingPathComponent("invalid")

  static let goldenSuffixes = [".lint.txt", ".schema.txt"]

  static func sampleNames() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      !goldenSuffixes.contains { name.hasSuffix($0) } && !name.hasSuffix(".md")
        && !name.hasPrefix(".")
    }.sorted()
  }

  static func stem(_ name: String) -> String {
    name.split(separator: ".").first.map(String.init) ?? name
  }

  static let schemaVerdicts: Result<[String: SchemaOracle.Verdict], any Error> = Result {
    var cases: [(name: String, schema: PushSchema, json: String)] = []
    for name in sampleNames() {
      guard let json = try SchemaOracle.json(ofSampleAt: "samples/invalid/\(name)") else {
        continue
      }
      cases.append((name, SchemaOracle.schema(forSampleNamed: name, json: json), json))
    }
    return try SchemaOracle.verdicts(cases)
  }

  @Test func thereAreSamples() {
    let names = Self.sampleNames()
    #expect(names.count >= 30)
    let stems = names.map(Self.stem)
    #expect(Set(stems).count == stems.count, "two samples would share a golden: \(stems)")
  }

  @Test(arguments: sampleNames())
  func sampleMatchesItsLintGolden(_ name: String) throws {
    let result = try PushcProcess.run([
      "lint", "--now", "1700000000", "--bundle-id", "com.example.app", "samples/invalid/\(name)",
    ])
    let golden = GoldenFile(Self.folder.appendingPathComponent("\(Self.stem(name)).lint.txt"))
    try expectGolden(result.output, golden, "pushc lint \(name)")
    #expect(result.error.isEmpty, "\(result)")
    #expect(result.status == 1, "an invalid sample must fail: \(result)")
    #expect(result.output.contains(": error: "), "\(result)")
  }

  /// What the schema says of a sample, as its golden holds it.
  static func schemaReport(_ name: String) throws -> String {
    let path = "samples/invalid/\(name)"
    guard let json = try SchemaOracle.json(ofSampleAt: path) else {
      return "not checked: the sample has syntax errors, so no schema applies\n"
    }
    let schema = SchemaOracle.schema(forSampleNamed: name, json: json)
    let verdict = try #require(try schemaVerdicts.get()[name], "no verdict for \(name)")
    if verdict.isValid {
      return "accepted by \(schema.fileName): only pushc's rules see this mistake\n"
    }
    return "rejected by \(schema.fileName) at:\n"
      + verdict.paths.map { "  \($0)\n" }.joined()
  }

  @Test(
    .enabled(if: SchemaOracle.isAvailable, "needs python3 with jsonschema"),
    arguments: sampleNames())
  func sampleMatchesItsSchemaGolden(_ name: String) throws {
    let golden = GoldenFile(Self.folder.appendingPathComponent("\(Self.stem(name)).schema.txt"))
    try expectGolden(try Self.schemaReport(name), golden, "the schema verdict on \(name)")
  }

  /// Every rule of the registry is shown by at least one sample: some golden in `samples/`
  /// names a diagnostic the rule emits.
  @Test func everyRuleHasASampleThatTriggersIt() throws {
    var shown: Set<String> = []
    let enumerator = FileManager.default.enumerator(
      at: RepositoryPaths.samples, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "txt" else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "[") {
        rest = rest[rest.index(after: open)...]
        guard let close = rest.firstIndex(of: "]") else { break }
        shown.insert(String(rest[..<close]))
        rest = rest[rest.index(after: close)...]
      }
    }
    for rule in RuleRegistry.rules {
      #expect(
        rule.emits.contains { shown.contains($0.rawValue) },
        "no sample in samples/ triggers the rule \(rule.id.rawValue)")
    }
  }
}
