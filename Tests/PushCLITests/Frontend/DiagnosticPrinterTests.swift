import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@testable import pushc

/// The JSON format's document on standard error is written as the announced inputs' parts come,
/// and is the document of all the diagnostics sorted.
@Suite struct DiagnosticPrinterTests {
  /// Part `index` of the input `name`: ten lines of ten bytes, at line `10 * index + 1`.
  static func part(_ name: String, _ index: Int) -> SourceFile {
    SourceFile(
      name: name, bytes: Array(String(repeating: "123456789\n", count: 10).utf8),
      origin: SourcePosition(line: 10 * index + 1, column: 1, offset: 100 * index))
  }

  /// A diagnostic on line `line` (1-based) of `file`, which is a part.
  static func diagnostic(in file: SourceFile, line: Int, _ message: DiagnosticMessage)
    -> Diagnostic
  {
    let start = (line - 1) * 10
    return Diagnostic(
      message, file: file.name, range: file.range(of: SourceSpan(start: start, end: start + 3)))
  }

  static func printer(_ recorder: ConsoleRecorder) -> DiagnosticPrinter {
    DiagnosticPrinter(options: DiagnosticOptions(format: .json), console: recorder.console)
  }

  /// What the printer wrote once all of `parts` (each file with its diagnostics) were
  /// reported, with the inputs `announced` first or not, and what it had written before the
  /// last part.
  static func run(_ parts: [(SourceFile, [Diagnostic])], announcing names: [String]?)
    -> (beforeLast: String, whole: String)
  {
    let recorder = ConsoleRecorder()
    let printer = printer(recorder)
    if let names { printer.expectInputs(names) }
    var beforeLast = ""
    for (index, (file, diagnostics)) in parts.enumerated() {
      if index == parts.count - 1 { beforeLast = recorder.error }
      printer.report(diagnostics, in: file)
    }
    printer.finish()
    return (beforeLast, recorder.error)
  }

  static let parts: [(SourceFile, [Diagnostic])] = {
    let (first, second, third) = (part("b.ndjson", 0), part("b.ndjson", 1), part("b.ndjson", 2))
    let other = part("a.json", 0)
    return [
      (
        first,
        [
          diagnostic(in: first, line: 3, .jsonTrailingComma()),
          diagnostic(in: first, line: 1, .apnsMissingTopic()),
        ]
      ),
      (second, [diagnostic(in: second, line: 12, .jsonTrailingComma())]),
      (third, [diagnostic(in: third, line: 25, .apnsMissingTopic())]),
      (other, [diagnostic(in: other, line: 2, .jsonTrailingComma())]),
    ]
  }()

  /// The document of every diagnostic, sorted, as the printer wrote it before it streamed.
  static var wholeDocument: String {
    DiagnosticJSONRenderer(columnUnit: DiagnosticPrinter.columnUnit).render(
      parts.flatMap(\.1).sortedForPresentation())
  }

  @Test func announcedInputsAreWrittenAsTheirPartsCome() {
    let inputs = Array(Self.parts.dropLast())
    let (beforeLast, whole) = Self.run(inputs, announcing: ["b.ndjson"])
    // The first part's diagnostics were written once the second came; the second part's wait
    // for the third (which may have diagnostics at its start).
    #expect(beforeLast.contains("\"line\": 1,") && beforeLast.contains("\"line\": 3,"))
    #expect(!beforeLast.contains("\"line\": 12,") && !beforeLast.contains("\"line\": 25,"))
    let expected = DiagnosticJSONRenderer(columnUnit: DiagnosticPrinter.columnUnit).render(
      inputs.flatMap(\.1).sortedForPresentation())
    #expect(whole == expected)
  }

  @Test func anInputThatSortsFirstHoldsBackTheOnesBeforeIt() {
    let (beforeLast, whole) = Self.run(Self.parts, announcing: ["b.ndjson", "a.json"])
    #expect(beforeLast.isEmpty)
    #expect(whole == Self.wholeDocument)
    // `a.json` sorts first: its diagnostic opens the list.
    #expect(
      whole.contains(
        "\"diagnostics\": [\n    {\n      \"id\": \"jsonTrailingComma\",\n      \"severity\": \"error\",\n      \"message\": \"JSON does not allow a comma before '}' or ']'\",\n      \"file\": \"a.json\""
      ))
  }

  @Test func withoutAnnouncedInputsEverythingWaitsForTheEnd() {
    let (beforeLast, whole) = Self.run(Self.parts, announcing: nil)
    #expect(beforeLast.isEmpty)
    #expect(whole == Self.wholeDocument)
  }

  @Test func noDiagnosticsMakeAnEmptyDocument() {
    let (_, whole) = Self.run([], announcing: ["a.json"])
    #expect(whole == DiagnosticJSONRenderer(columnUnit: DiagnosticPrinter.columnUnit).render([]))
  }
}
