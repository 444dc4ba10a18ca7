import Foundation
import PushDiagnostics
import PushJSON
import PushReceiving
import Testing
import _PushPayloadTestSupport

@Suite struct PushContractTests {
  static var kuringFile: URL {
    RepositoryPaths.root.appendingPathComponent("contracts/kuring.contract.json")
  }
  static var schemaFile: URL {
    RepositoryPaths.root.appendingPathComponent("schemas/push-contract.schema.json")
  }

  static func readJSON(_ url: URL) throws -> ValueNode {
    let parsed = JSONReader.read(
      SourceFile(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    return try #require(parsed.documents.first)
  }

  func read(_ text: String) -> (PushContract?, [Diagnostic]) {
    PushContract.read(json: SourceFile(name: "contract.json", text: text))
  }

  @Test func theShippedFileIsTheBuiltInContract() throws {
    let (contract, diagnostics) = PushContract.read(
      json: SourceFile(
        name: "kuring.contract.json", bytes: Array(try Data(contentsOf: Self.kuringFile)))
    )
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    let read = try #require(contract)
    #expect(read.name == PushContract.kuring.name)
    #expect(read.discriminator == PushContract.kuring.discriminator)
    #expect(read.kinds.count == PushContract.kuring.kinds.count)
    for (file, builtIn) in zip(
      read.kinds + [read.defaultKind].compactMap { $0 },
      PushContract.kuring.kinds + [PushContract.kuring.defaultKind].compactMap { $0 })
    {
      #expect(file.name == builtIn.name)
      #expect(file.fields.map(\.key) == builtIn.fields.map(\.key))
      for (left, right) in zip(file.fields, builtIn.fields) {
        #expect(left == right, "field '\(left.key)' of '\(file.name)'")
      }
      #expect(file == builtIn)
    }
    #expect(read == PushContract.kuring)
  }

  @Test func theBuiltInDatePatternsAreValid() {
    for kind in PushContract.kuring.kinds {
      for field in kind.fields {
        for pattern in field.datePatterns {
          #expect(DatePattern.problem(in: pattern.pattern) == nil)
          #expect(DatePattern(pattern.pattern) == pattern)
        }
      }
    }
  }

  // MARK: - Schema

  @Test func theSchemaListsTheTypesAndFormatsOfTheReader() throws {
    let schema = try Self.readJSON(Self.schemaFile)
    let types = schema[JSONPointer("/$defs/field/properties/type/enum")!]?.arrayValue?.compactMap(
      \.stringValue)
    #expect(types == PushContract.FieldType.allCases.map(\.rawValue))
    let formats = schema[JSONPointer("/$defs/field/properties/format/enum")!]?.arrayValue?
      .compactMap(\.stringValue)
    #expect(formats == PushContract.FieldFormat.allCases.map(\.rawValue))
    let severities = schema[JSONPointer("/$defs/field/properties/formatSeverity/enum")!]?
      .arrayValue?
      .compactMap(\.stringValue)
    #expect(Set(severities ?? []) == Set(Severity.allCases.map(\.rawValue)))
    #expect(
      schema[JSONPointer("/properties/formatVersion/const")!]?.numberValue?.intValue
        == PushContract.formatVersion)
    #expect(
      schema[JSONPointer("/$schema")!]?.stringValue
        == "https://json-schema.org/draft/2020-12/schema")
  }

  @Test func theKuringContractConformsToTheSchema() throws {
    let schema = try Self.readJSON(Self.schemaFile)
    let contract = try Self.readJSON(Self.kuringFile)
    let errors = MiniSchemaValidator(root: schema).errors(of: contract)
    #expect(errors.isEmpty, "\(errors)")
  }

  @Test func theSchemaRejectsWhatTheReaderRejects() throws {
    let schema = try Self.readJSON(Self.schemaFile)
    let validator = MiniSchemaValidator(root: schema)
    let invalid = [
      #"{"formatVersion": 1, "name": "x", "discriminator": "t"}"#,
      #"{"formatVersion": 2, "name": "x", "discriminator": "t", "kinds": []}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [], "extra": 1}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "fields": {}}]}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "unsupported", "when": "u", "fields": {}}]}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "integer", "format": "url"}}}]}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "string", "format": "date"}}}]}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "string", "required": true, "default": ""}}}]}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": [], "fields": {}}]}"#,
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "text"}}}]}"#,
    ]
    for text in invalid {
      let node = try #require(
        JSONReader.read(SourceFile(name: "c.json", text: text)).documents.first)
      #expect(!validator.errors(of: node).isEmpty, "the schema accepts \(text)")
      #expect(read(text).0 == nil, "the reader accepts \(text)")
    }
  }

  @Test(.enabled(if: PythonJSONSchema.isAvailable))
  func theKuringContractConformsUnderJSONSchemaItself() throws {
    let output = try PythonJSONSchema.validate(schema: Self.schemaFile, instance: Self.kuringFile)
    #expect(output == "valid", "\(output)")
  }

  // MARK: - Reading

  @Test func readsAMinimalContract() throws {
    let (contract, diagnostics) = read(
      #"""
      {"formatVersion": 1, "name": "shop", "discriminator": "kind",
       "kinds": [{"name": "order", "when": ["order", "order2"], "fields": {
         "orderId": {"type": "string", "format": "integer", "required": true},
         "placed": {"type": "string", "format": "date", "datePatterns": ["yyyy-MM-dd'T'HH:mm:ssXXX"]},
         "total": {"type": "number", "default": 0},
         "meta": {"type": "string", "format": "json"}
       }}]}
      """#
    )
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    let parsed = try #require(contract)
    #expect(parsed.defaultKind == nil)
    #expect(parsed.kind(forDiscriminatorValue: "order2")?.name == "order")
    let fields = try #require(parsed.kinds.first?.fields)
    #expect(fields.map(\.key) == ["orderId", "placed", "total", "meta"])
    #expect(fields[0].format == .integer && fields[0].isRequired)
    #expect(fields[1].datePatterns.map(\.pattern) == ["yyyy-MM-dd'T'HH:mm:ssXXX"])
    #expect(fields[2].defaultValue == ValueNode(.number(JSONNumber(0))))
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var marked: String
    var specs: [DiagnosticSpec]
    var testDescription: String { specs.map(\.description).joined(separator: ", ") }
  }

  static let errorCases: [ErrorCase] = [
    .init(
      marked: #"1️⃣{"name": "x", "discriminator": "t", "kinds": []}"#,
      specs: [
        .init("1️⃣", id: .decodeContractMissingKey, message: "the contract has no 'formatVersion'")
      ]
    ),
    .init(
      marked: #"{"formatVersion": 1️⃣2, "name": "x", "discriminator": "t", "kinds": []}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message: "invalid 'formatVersion': this version of pushc reads contract format 1, not 2")
      ]
    ),
    .init(
      marked: #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [], 1️⃣"kind": []}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractUnknownKey,
          message:
            "unknown key 'kind'; expected one of '$schema', 'formatVersion', 'name', 'description', 'discriminator', 'kinds', 'default'"
        )
      ]
    ),
    .init(
      marked: #"{"formatVersion": 1, "name": 1️⃣"", "discriminator": "t", "kinds": []}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractValueType,
          message: "'name' is the string ''; expected a non-empty string")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [1️⃣{"name": "a", "fields": {}}]}"#,
      specs: [.init("1️⃣", id: .decodeContractMissingKey, message: "a kind has no 'when'")]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": 1️⃣"text"}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message:
            "invalid 'type': 'text' is not a type; expected one of 'string', 'integer', 'number', 'boolean', 'object', 'array', 'any'"
        )
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "integer", "format": 1️⃣"url"}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message: "invalid 'format': a format applies only to 'string' fields, not 'integer'")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "string", "format": "date", "datePatterns": [1️⃣"yy-MM"]}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidDatePattern,
          message: "invalid date pattern 'yy-MM': 'yy' is not supported; write the year as 'yyyy'")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": 1️⃣{"type": "string", "format": "date"}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractMissingKey,
          message: "field 'f', which has the 'date' format, has no 'datePatterns'")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "integer", "default": 1️⃣"0"}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message: "invalid 'default': the string '0' is not an integer")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "string", "required": true, "default": 1️⃣""}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message:
            "invalid 'default': a required field has no default; remove one of 'required' and 'default'"
        )
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "string", "fallbacks": [1️⃣"aps/alert"]}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message:
            "invalid 'fallbacks': the string 'aps/alert' is not a JSON Pointer such as '/aps/alert/title'"
        )
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {}}, 1️⃣{"name": "a", "when": "b", "fields": {}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractDuplicateKind, message: "the contract defines 'a' more than once")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {}}, 1️⃣{"name": "b", "when": "a", "fields": {}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractDuplicateKind, message: "the contract defines 'a' more than once")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [], "default": 1️⃣{"name": "unsupported", "fields": {}}}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractDuplicateKind,
          message: "the contract defines 'unsupported' more than once")
      ]
    ),
    .init(
      marked:
        #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [{"name": "a", "when": "a", "fields": {"f": {"type": "string", "formatSeverity": 1️⃣"fatal"}}}]}"#,
      specs: [
        .init(
          "1️⃣", id: .decodeContractInvalidValue,
          message: "invalid 'formatSeverity': 'fatal' is not 'error', 'warning' or 'note'")
      ]
    ),
    .init(
      marked: #"1️⃣{"formatVersion": 1, "name": "x", "discriminator": "t"}"#,
      specs: [.init("1️⃣", id: .decodeContractMissingKey, message: "the contract has no 'kinds'")]
    ),
  ]

  @Test(arguments: errorCases)
  func reportsContractProblems(_ testCase: ErrorCase) {
    let marked = MarkedSource(testCase.marked)
    let (contract, diagnostics) = read(marked.text)
    #expect(contract == nil)
    expectDiagnostics(diagnostics, testCase.specs, in: marked)
  }

  @Test func reportsJSONErrorsOfTheFile() {
    let (contract, diagnostics) = read(#"{"formatVersion": 1,}"#)
    #expect(contract == nil)
    #expect(diagnostics.map(\.id) == [.jsonTrailingComma])
  }
}

/// A JSON Schema validator for the keywords `schemas/push-contract.schema.json` uses, so the
/// schema can be checked without a schema library: `type`, `enum`, `const`, `required`,
/// `properties`, `additionalProperties`, `items`, `minItems`, `minLength`, `pattern` (prefix
/// patterns `^…` only), `$ref` to `#/$defs/…`, `allOf`, `anyOf`, `oneOf`, `not` and
/// `if`/`then`/`else`. Unknown keywords fail the check, so the schema cannot silently outgrow it.
struct MiniSchemaValidator {
  let root: ValueNode

  static let annotations: Set<String> = [
    "$schema", "$id", "title", "description", "default", "$defs",
  ]

  func errors(of instance: ValueNode) -> [String] {
    var errors: [String] = []
    check(instance, against: root, at: "", errors: &errors)
    return errors
  }

  func isValid(_ instance: ValueNode, against schema: ValueNode) -> Bool {
    var errors: [String] = []
    check(instance, against: schema, at: "", errors: &errors)
    return errors.isEmpty
  }

  func check(
    _ instance: ValueNode, against schema: ValueNode, at path: String, errors: inout [String]
  ) {
    guard let keywords = schema.objectValue else {
      if schema.boolValue == false { errors.append("\(path): false schema") }
      return
    }
    for member in keywords.members {
      let value = member.value
      switch member.key {
      case _ where Self.annotations.contains(member.key):
        continue
      case "$ref":
        guard let reference = value.stringValue, reference.hasPrefix("#"),
          let target = JSONPointer(String(reference.dropFirst())).flatMap({ root[$0] })
        else {
          errors.append("\(path): unresolvable $ref")
          continue
        }
        check(instance, against: target, at: path, errors: &errors)
      case "type":
        let types = value.arrayValue?.compactMap(\.stringValue) ?? [value.stringValue ?? ""]
        if !types.contains(where: { Self.has(instance, type: $0) }) {
          errors.append("\(path): \(instance.typeName) is not \(types)")
        }
      case "enum":
        if !(value.arrayValue ?? []).contains(where: {
          $0.withoutPositions == instance.withoutPositions
        }) {
          errors.append("\(path): not in enum")
        }
      case "const":
        if value.withoutPositions != instance.withoutPositions {
          errors.append("\(path): not the const")
        }
      case "required":
        if let object = instance.objectValue {
          for key in value.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
            errors.append("\(path): missing '\(key)'")
          }
        }
      case "properties":
        if let object = instance.objectValue {
          for property in value.objectValue?.members ?? [] {
            if let child = object[property.key] {
              check(child, against: property.value, at: "\(path)/\(property.key)", errors: &errors)
            }
          }
        }
      case "additionalProperties":
        if let object = instance.objectValue {
          let declared = Set(keywords["properties"]?.objectValue?.keys ?? [])
          for child in object.members where !declared.contains(child.key) {
            check(child.value, against: value, at: "\(path)/\(child.key)", errors: &errors)
          }
        }
      case "items":
        for (index, element) in (instance.arrayValue ?? []).enumerated() {
          check(element, against: value, at: "\(path)/\(index)", errors: &errors)
        }
      case "minItems":
        if let elements = instance.arrayValue, elements.count < (value.numberValue?.intValue ?? 0) {
          errors.append("\(path): fewer items than \(value.numberValue?.lexeme ?? "")")
        }
      case "minLength":
        if let string = instance.stringValue, string.count < (value.numberValue?.intValue ?? 0) {
          errors.append("\(path): shorter than \(value.numberValue?.lexeme ?? "")")
        }
      case "pattern":
        guard let pattern = value.stringValue, pattern.hasPrefix("^"),
          !pattern.dropFirst().contains(where: "[]()*+?.\\|{}$".contains)
        else {
          errors.append("\(path): unsupported pattern")
          continue
        }
        if let string = instance.stringValue, !string.hasPrefix(String(pattern.dropFirst())) {
          errors.append("\(path): does not match \(pattern)")
        }
      case "allOf":
        for subschema in value.arrayValue ?? [] {
          check(instance, against: subschema, at: path, errors: &errors)
        }
      case "anyOf":
        if !(value.arrayValue ?? []).contains(where: { isValid(instance, against: $0) }) {
          errors.append("\(path): matches no anyOf branch")
        }
      case "oneOf":
        if (value.arrayValue ?? []).filter({ isValid(instance, against: $0) }).count != 1 {
          errors.append("\(path): does not match exactly one oneOf branch")
        }
      case "not":
        if isValid(instance, against: value) { errors.append("\(path): matches a 'not' schema") }
      case "if":
        let branch = isValid(instance, against: value) ? keywords["then"] : keywords["else"]
        if let branch { check(instance, against: branch, at: path, errors: &errors) }
      case "then", "else":
        continue
      default:
        errors.append("\(path): the test validator does not know '\(member.key)'")
      }
    }
  }

  static func has(_ node: ValueNode, type: String) -> Bool {
    switch (type, node.kind) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool),
      ("null", .null),
      ("number", .number):
      return true
    case ("integer", .number(let number)):
      return number.intValue != nil
    default:
      return false
    }
  }
}

extension ValueNode {
  /// The value without positions, for comparing values from different places.
  var withoutPositions: ValueNode {
    switch kind {
    case .array(let elements): return ValueNode(.array(elements.map(\.withoutPositions)))
    case .object(let object):
      return ValueNode(
        .object(
          JSONObject(object.members.map { .init(key: $0.key, value: $0.value.withoutPositions) })))
    default: return ValueNode(kind)
    }
  }
}

/// Runs Python's `jsonschema` package, when installed, as an independent oracle.
enum PythonJSONSchema {
  static let isAvailable: Bool = (try? run(["-c", "import jsonschema"]).status) == 0

  static func validate(schema: URL, instance: URL) throws -> String {
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator.check_schema(schema)
      errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2])))]
      print("valid" if not errors else errors)
      """
    return try run(["-c", script, schema.path, instance.path]).output.trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
