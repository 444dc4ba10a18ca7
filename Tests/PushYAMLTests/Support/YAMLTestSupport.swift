import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// Reads `text` as a YAML file named `test.yaml`.
func readYAML(_ text: String, options: YAMLReader.Options = YAMLReader.Options()) -> ParsedSource {
  YAMLReader.read(SourceFile(name: "test.yaml", text: text), options: options)
}

/// Reads `bytes` as a YAML file named `test.yaml`.
func readYAML(bytes: [UInt8], options: YAMLReader.Options = YAMLReader.Options()) -> ParsedSource {
  YAMLReader.read(SourceFile(name: "test.yaml", bytes: bytes), options: options)
}

/// The compact canonical JSON of `node`.
func compactJSON(_ node: ValueNode) -> String {
  CanonicalJSONWriter(style: .compact).string(for: node)
}

/// The compact canonical JSON of every document of `parsed`, one per line.
func compactJSON(_ parsed: ParsedSource) -> [String] {
  parsed.documents.map(compactJSON)
}

/// Whether `lhs` and `rhs` are the same value, ignoring spans and source texts but not key
/// order, duplicate keys or number lexemes.
func sameValue(_ lhs: ValueNode, _ rhs: ValueNode) -> Bool {
  // Iterative, so very deep trees cannot overflow the stack.
  var pending: [(ValueNode, ValueNode)] = [(lhs, rhs)]
  while let (left, right) = pending.popLast() {
    switch (left.kind, right.kind) {
    case (.null, .null):
      continue
    case (.bool(let a), .bool(let b)):
      guard a == b else { return false }
    case (.number(let a), .number(let b)):
      guard a.lexeme == b.lexeme else { return false }
    case (.string(let a), .string(let b)):
      guard a == b else { return false }
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return false }
      pending.append(contentsOf: zip(a, b))
    case (.object(let a), .object(let b)):
      guard a.keys == b.keys else { return false }
      pending.append(contentsOf: zip(a.members.map(\.value), b.members.map(\.value)))
    default:
      return false
    }
  }
  return true
}

/// The text of `span` in `parsed`'s file.
func spannedText(_ span: SourceSpan, in parsed: ParsedSource) -> String {
  String(decoding: parsed.file.bytes[span.start..<span.end], as: UTF8.self)
}

/// Expects `parsed` to have no diagnostics at all.
func expectNoDiagnostics(
  _ parsed: ParsedSource,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    parsed.diagnostics.isEmpty,
    "\(parsed.diagnostics.map { "\($0.id)@\($0.range?.start.offset ?? -1): \($0.message)" })",
    sourceLocation: sourceLocation
  )
}

/// Reads a marked YAML source and checks its diagnostics against `specs`.
@discardableResult
func expectYAMLDiagnostics(
  _ markedText: String,
  _ specs: [DiagnosticSpec],
  options: YAMLReader.Options = YAMLReader.Options(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> ParsedSource {
  let marked = MarkedSource(markedText)
  let parsed = readYAML(marked.text, options: options)
  expectDiagnostics(parsed.diagnostics, specs, in: marked, sourceLocation: sourceLocation)
  return parsed
}
