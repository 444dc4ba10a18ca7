import Foundation
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The valid samples against the published schemas, with Python `jsonschema` as the
/// independent validator (``SchemaOracle``): every FCM definition in `samples/compile/`, the
/// APNs requests compiled from them (`*.apns.json`, `*.apns.ndjson`), and every APNs sample in
/// `samples/lint-apns/` whose golden reports no error must match its schema. The invalid
/// samples' verdicts are goldens of ``InvalidSamplesTests``.
///
/// Without `jsonschema` the validation is skipped locally; under `CI=true` it fails.
@Suite struct SchemaSamplesTests {
  /// The valid samples, as paths relative to the repository.
  static let validSamples: [String] = {
    func names(_ folder: String, _ include: (URL) -> Bool) -> [String] {
      let url = RepositoryPaths.samples.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter { include(url.appendingPathComponent($0)) }.sorted()
        .map { "samples/\(folder)/\($0)" }
    }
    return names("compile") { url in
      let name = url.lastPathComponent
      return FCMSample.inputExtensions.contains { name.hasSuffix(".fcm.\($0)") }
        || name.hasSuffix(".apns.json") || name.hasSuffix(".apns.ndjson")
    }
      + names("lint-apns") { url in
        guard ["json", "apns"].contains(url.pathExtension) else { return false }
        let golden = url.deletingPathExtension().appendingPathExtension("diagnostics.txt")
        let diagnostics = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
        return !diagnostics.contains(": error: ")
      }
  }()

  static let verdicts: Result<[String: SchemaOracle.Verdict], any Error> = Result {
    var cases: [(name: String, schema: PushSchema, json: String)] = []
    for path in validSamples {
      guard let json = try SchemaOracle.json(ofSampleAt: path) else { continue }
      cases.append((path, SchemaOracle.schema(forSampleNamed: path, json: json), json))
    }
    return try SchemaOracle.verdicts(cases)
  }

  @Test func theValidatorIsAvailableUnderCI() {
    if PythonProcess.isCI {
      #expect(SchemaOracle.isAvailable, "\(SchemaOracle.installAdvice)")
    } else if !SchemaOracle.isAvailable {
      print("skipping the schema validation: \(SchemaOracle.installAdvice)")
    }
  }

  @Test func thereAreValidSamplesOfEverySchema() throws {
    #expect(Self.validSamples.count >= 20)
    var schemas: Set<PushSchema> = []
    for path in Self.validSamples {
      let json = try #require(try SchemaOracle.json(ofSampleAt: path), "fmt cannot read \(path)")
      schemas.insert(SchemaOracle.schema(forSampleNamed: path, json: json))
    }
    // The schemas of input formats; a report schema has no sample here.
    #expect(schemas == [.fcmMessage, .apnsPayload, .apnsRequest, .simctlAPNS])
  }

  @Test(
    .enabled(if: SchemaOracle.isAvailable, "needs python3 with jsonschema"),
    arguments: validSamples)
  func aValidSampleMatchesItsSchema(_ path: String) throws {
    let verdict = try #require(try Self.verdicts.get()[path], "no verdict for \(path)")
    #expect(verdict.isValid, "\(path):\n\(verdict.errors.joined(separator: "\n"))")
  }

  @Test func theSchemaCommandPrintsTheCommittedFiles() throws {
    for schema in PushSchema.allCases {
      let result = try PushcProcess.run(["schema", schema.rawValue])
      #expect(result.status == 0, "\(result)")
      let committed = try String(
        contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/\(schema.fileName)"),
        encoding: .utf8)
      #expect(result.output == committed, "pushc schema \(schema.rawValue)")
    }
    let list = try PushcProcess.run(["schema", "--list"])
    #expect(list.status == 0)
    #expect(
      list.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) }
        == PushSchema.allCases.map(\.rawValue))
  }

  @Test func theSchemaCommandRejectsUnknownNamesWithASuggestion() throws {
    let result = try PushcProcess.run(["schema", "fcm-mesage"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasPrefix(
        "pushc: error: unknown schema 'fcm-mesage'; did you mean 'fcm-message'?"))
    let missing = try PushcProcess.run(["schema"])
    #expect(missing.status == 64)
    #expect(missing.error.contains("missing schema name"))
    let both = try PushcProcess.run(["schema", "--list", "apns-payload"])
    #expect(both.status == 64)
    #expect(both.error.contains("pass either a schema name or '--list'"))
  }
}
