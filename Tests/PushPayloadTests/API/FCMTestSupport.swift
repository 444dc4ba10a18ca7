import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Helpers shared by the FCM tests: read JSON text (with markers) and run the pipeline on it.
enum FCMTest {
  /// Lints JSON `text` (markers removed).
  static func lint(_ source: MarkedSource, name: String = "test.fcm.json", strict: Bool = false)
    -> FCMLintResult
  {
    let file = SourceFile(name: name, text: source.text)
    return FCMLinter(options: .init(strict: strict)).lint(JSONReader.read(file))
  }

  /// Lints the JSON of one bare message given as text.
  static func lint(_ text: String) -> FCMLintResult {
    lint(MarkedSource(text))
  }

  /// What `pushc compile --target fcm` makes of an input, without the APNs checks: the lint
  /// result, and the output when the whole input is free of errors.
  struct Compiled {
    /// The lint result.
    var lint: FCMLintResult
    /// The request body of a single message, an array of bodies for several, or `nil` when the
    /// input has errors.
    var output: ValueNode?
    /// Every diagnostic, in presentation order.
    var diagnostics: [Diagnostic] { lint.diagnostics }
  }

  /// Lints `source` and, when it is free of errors, gives its request bodies.
  static func compile(_ source: ParsedSource) -> Compiled {
    let lint = FCMLinter().lint(source)
    let bodies = lint.messages.compactMap(\.requestBody)
    guard !lint.hasErrors, bodies.count == lint.messages.count, !bodies.isEmpty else {
      return Compiled(lint: lint, output: nil)
    }
    return Compiled(lint: lint, output: bodies.count == 1 ? bodies[0] : ValueNode(.array(bodies)))
  }

  /// The compact request body compiled from JSON `text`, or `nil` with the diagnostics.
  static func compile(_ text: String) -> (output: String?, diagnostics: [Diagnostic]) {
    let file = SourceFile(name: "test.fcm.json", text: text)
    let result = compile(JSONReader.read(file))
    return (
      result.output.map { CanonicalJSONWriter(style: .compact).string(for: $0) },
      result.diagnostics
    )
  }

  /// Checks that linting `marked` reports exactly `specs`.
  static func expect(
    _ marked: String,
    _ specs: [DiagnosticSpec],
    strict: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let source = MarkedSource(marked)
    let result = lint(source, strict: strict)
    expectDiagnostics(result.diagnostics, specs, in: source, sourceLocation: sourceLocation)
    // Read into a value tree with the `data` maps' keys and values left there, as `pushc lint`
    // reads, the message gets the same diagnostics.
    let deferring = FCMLinter(options: .init(strict: strict, defersDataValues: true)).lint(
      JSONReader.readTree(SourceFile(name: "test.fcm.json", text: source.text)))
    #expect(deferring.diagnostics == result.diagnostics, sourceLocation: sourceLocation)
  }

  /// The identifiers reported for `text`, sorted.
  static func ids(_ text: String) -> [String] {
    lint(text).diagnostics.map(\.id.rawValue).sorted()
  }
}
