import Foundation
import PushDiagnostics
import PushJSON
import _PushPayloadTestSupport

/// Runs `scripts/fcm_oracle.py`, which encodes messages with the real Firebase Admin Python SDK
/// (`firebase-admin` from PyPI), and reads its verdicts.
///
/// The interpreter is `python3` from `PATH`, or the one `PUSHC_PYTHON` names (for a virtual
/// environment: `PUSHC_PYTHON=.venv/bin/python3 swift test`).
enum FirebaseAdminOracle {
  /// The SDK's verdict on one message.
  enum Verdict: Equatable {
    /// The SDK encoded the message into this request body.
    case accepted(ValueNode)
    /// The SDK raised this error.
    case rejected(String)
    /// The SDK has no way to express the message.
    case unsupported(String)
  }

  /// The script.
  static let script = RepositoryPaths.root.appendingPathComponent("scripts/fcm_oracle.py")

  /// Whether `python3` can import `firebase_admin`.
  static let isAvailable: Bool = PythonProcess.canImport("firebase_admin")

  /// Whether the tests run under CI, where a missing SDK is a failure rather than a skip.
  static var isCI: Bool { PythonProcess.isCI }

  /// The SDK's verdict on each named message (REST JSON text), by name.
  static func verdicts(_ cases: [(name: String, message: String)]) throws -> [String: Verdict] {
    var input = #"{"cases": ["#
    for (index, testCase) in cases.enumerated() {
      var name: [UInt8] = []
      CanonicalJSONWriter.writeString(testCase.name, into: &name)
      input += (index > 0 ? ", " : "") + #"{"name": \#(String(decoding: name, as: UTF8.self)), "#
      input += #""message": \#(testCase.message)}"#
    }
    input += "]}"
    let result = try run([script.path], input: Data(input.utf8))
    guard result.status == 0 else {
      throw OracleError(message: "fcm_oracle.py failed (\(result.status)): \(result.error)")
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
      switch object["status"]?.stringValue {
      case "ok": verdicts[name] = object["request"].map { .accepted($0) }
      case "error": verdicts[name] = .rejected(object["error"]?.stringValue ?? "")
      default: verdicts[name] = .unsupported(object["reason"]?.stringValue ?? "")
      }
    }
    return verdicts
  }

  struct OracleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func run(_ arguments: [String], input: Data) throws
    -> (status: Int32, output: Data, error: String)
  {
    try PythonProcess.run(arguments, input: input)
  }
}

/// JSON equality as FCM sees it: objects compare by members regardless of order (the last of
/// duplicate keys wins), numbers by value, everything else exactly.
func jsonEquivalent(_ lhs: ValueNode, _ rhs: ValueNode) -> Bool {
  switch (lhs.kind, rhs.kind) {
  case (.null, .null): return true
  case (.bool(let left), .bool(let right)): return left == right
  case (.number(let left), .number(let right)):
    return left.lexeme == right.lexeme
      || (left.doubleValue != nil && left.doubleValue == right.doubleValue)
  case (.string(let left), .string(let right)): return left == right
  case (.array(let left), .array(let right)):
    return left.count == right.count && zip(left, right).allSatisfy(jsonEquivalent)
  case (.object(let left), .object(let right)):
    let leftKeys = Set(left.keys)
    guard leftKeys == Set(right.keys) else { return false }
    return leftKeys.allSatisfy { key in
      guard let leftValue = left[key], let rightValue = right[key] else { return false }
      return jsonEquivalent(leftValue, rightValue)
    }
  default: return false
  }
}
