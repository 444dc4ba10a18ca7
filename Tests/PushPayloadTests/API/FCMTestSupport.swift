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

  /// The compact request body compiled from JSON `text`, or `nil` with the diagnostics.
  static func compile(_ text: String) -> (output: String?, diagnostics: [Diagnostic]) {
    let file = SourceFile(name: "test.fcm.json", text: text)
    let result = FCMCompiler().compile(JSONReader.read(file))
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
  }

  /// The identifiers reported for `text`, sorted.
  static func ids(_ text: String) -> [String] {
    lint(text).diagnostics.map(\.id.rawValue).sorted()
  }
}
