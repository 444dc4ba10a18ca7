import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Validates sample documents against the committed schemas in `schemas/` with
/// `scripts/schema_oracle.py`, that is with the Python `jsonschema` package from PyPI: a
/// validator independent of pushc.
///
/// The samples are first written as JSON by the built `pushc fmt`, so YAML samples are checked
/// too; an input `fmt` cannot read has no verdict.
enum SchemaOracle {
  /// The verdict on one sample.
  struct Verdict: Hashable, Sendable {
    /// Whether every document of the sample matches the schema.
    var isValid: Bool
    /// The JSON paths of the innermost errors (`$.android.priority`), stable across versions of
    /// `jsonschema`.
    var paths: [String]
    /// The errors with `jsonschema`'s messages, for failure reports.
    var errors: [String]
  }

  /// The script.
  static let script = RepositoryPaths.root.appendingPathComponent("scripts/schema_oracle.py")

  /// Whether the Python interpreter can import `jsonschema`.
  static let isAvailable: Bool = PythonProcess.canImport("jsonschema")

  /// The message for a missing validator.
  static let installAdvice = """
    the schema tests need the Python package jsonschema: 'python3 -m pip install jsonschema', \
    or set PUSHC_PYTHON to a Python that has it
    """

  /// The schema a sample's documents follow, from its name and top-level keys, as pushc tells
  /// the kinds of input apart: FCM definitions are named `*.fcm.*`, a Simulator file has
  /// `Simulator Target Bundle` (or ends in `.apns`), a request document `device_token`,
  /// `headers` or `payload` without `aps`, and anything else is a payload.
  static func schema(forSampleNamed name: String, json: String) -> PushSchema {
    if name.contains(".fcm.") && !name.contains(".fcm-request.") { return .fcmMessage }
    if name.hasSuffix(".apns") { return .simctlAPNS }
    // `fmt` writes one document pretty and several compact, one per line.
    let first = json.hasPrefix("{\"") ? String(json.prefix { $0 != "\n" }) : json
    let parsed = JSONReader.read(SourceFile(name: name, text: first))
    let keys = Set(parsed.documents.first?.objectValue?.keys ?? [])
    if keys.contains(APNSRequestRenderer.simulatorTargetBundleKey) { return .simctlAPNS }
    if keys.contains("aps") { return .apnsPayload }
    if !keys.isDisjoint(with: ["device_token", "deviceToken", "headers", "payload"]) {
      return .apnsRequest
    }
    return .apnsPayload
  }

  /// The JSON of the sample at `path` (relative to the repository) as `pushc fmt` writes it,
  /// or `nil` when `fmt` cannot read it.
  static func json(ofSampleAt path: String) throws -> String? {
    let result = try PushcProcess.run(["fmt", path])
    return result.status == 0 ? result.output : nil
  }

  /// The verdicts on `cases` (a name, the schema and the JSON text), by name.
  static func verdicts(_ cases: [(name: String, schema: PushSchema, json: String)]) throws
    -> [String: Verdict]
  {
    let members = cases.map { testCase in
      ValueNode(
        .object(
          JSONObject([
            .init(key: "name", value: ValueNode(.string(testCase.name))),
            .init(
              key: "schema",
              value: ValueNode(
                .string(
                  RepositoryPaths.root.appendingPathComponent("schemas")
                    .appendingPathComponent(testCase.schema.fileName).path))),
            .init(key: "text", value: ValueNode(.string(testCase.json))),
          ])))
    }
    let request = ValueNode(
      .object(JSONObject([.init(key: "cases", value: ValueNode(.array(members)))])))
    let input = Data(CanonicalJSONWriter().bytes(for: request))
    let result = try PythonProcess.run([script.path], input: input)
    guard result.status == 0 else {
      throw OracleError(message: "schema_oracle.py failed (\(result.status)): \(result.error)")
    }
    let parsed = JSONReader.read(SourceFile(name: "oracle", bytes: Array(result.output)))
    guard !parsed.hasErrors, let array = parsed.documents.first?.arrayValue else {
      throw OracleError(message: "unreadable oracle output: \(parsed.diagnostics)")
    }
    var verdicts: [String: Verdict] = [:]
    for element in array {
      guard let object = element.objectValue, let name = object["name"]?.stringValue else {
        continue
      }
      func strings(_ key: String) -> [String] {
        object[key]?.arrayValue?.compactMap(\.stringValue) ?? []
      }
      verdicts[name] = Verdict(
        isValid: object["valid"]?.boolValue == true, paths: strings("paths"),
        errors: strings("errors"))
    }
    return verdicts
  }

  struct OracleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
