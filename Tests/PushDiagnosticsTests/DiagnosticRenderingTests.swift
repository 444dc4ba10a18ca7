import PushDiagnostics
import Testing

@Suite struct DiagnosticRenderingTests {
  static let file = SourceFile(name: "message.json", text: "{\n  \"title\": \"a\",\n  \"title\": \"b\"\n}\n")

  static func duplicate() -> Diagnostic {
    var collector = DiagnosticCollector(file: file)
    collector.emit(
      DiagnosticMessage(id: "jsonDuplicateKey", severity: .error, text: "duplicate key 'title'"),
      at: SourceSpan(start: 20, end: 27),
      pointer: JSONPointer("/title"),
      notes: [collector.note("'title' is first defined here", at: SourceSpan(start: 4, end: 11))],
      fixIts: [collector.fixIt("remove the second 'title'", replacing: SourceSpan(start: 20, end: 32), with: "")]
    )
    return collector.diagnostics[0]
  }

  @Test func textFormat() {
    let text = TextDiagnosticRenderer().render([Self.duplicate()])
    #expect(
      text == """
        message.json:3:3: error: duplicate key 'title' [jsonDuplicateKey]
        message.json:2:3: note: 'title' is first defined here
        message.json:3:3: note: fix-it: remove the second 'title'

        """
    )
  }

  @Test func textFormatWithoutAFile() {
    let diagnostic = Diagnostic(
      id: "fcmMissingTarget",
      severity: .warning,
      message: "no target",
      pointer: JSONPointer("/message")
    )
    #expect(TextDiagnosticRenderer().render(diagnostic) == "warning: no target [fcmMissingTarget] (at '/message')\n")
  }

  @Test func annotatedFormat() {
    let file = Self.file
    let renderer = AnnotatedSourceRenderer { name in name == file.name ? file : nil }
    #expect(
      renderer.render(Self.duplicate()) == """
        message.json:3:3: error: duplicate key 'title' [jsonDuplicateKey]
        2 |   "title": "a",
        3 |   "title": "b"
          |   ^~~~~~~
          = note: message.json:2:3: 'title' is first defined here
          = fix-it: remove the second 'title'

        """
    )
  }

  @Test func annotatedCaretAccountsForWideCharacters() {
    let file = SourceFile(name: "k.json", text: "{\"제목\": tru}")
    var collector = DiagnosticCollector(file: file)
    collector.emit(DiagnosticMessage(id: "x", severity: .error, text: "bad"), at: SourceSpan(start: 11, end: 14))
    let renderer = AnnotatedSourceRenderer(contextLines: 0) { _ in file }
    let lines = renderer.render(collector.diagnostics).split(separator: "\n")
    #expect(lines[2] == "  |          ^~~")
  }

  @Test func colorIsOptIn() {
    #expect(!TextDiagnosticRenderer().render([Self.duplicate()]).contains("\u{1B}"))
    #expect(TextDiagnosticRenderer(usesColor: true).render([Self.duplicate()]).contains("\u{1B}[1;31merror"))
  }

  @Test func presentationOrderIsDeterministic() {
    let a = Diagnostic(id: "b", severity: .error, message: "m", file: "a.json", range: nil)
    let b = Diagnostic(
      id: "a", severity: .error, message: "m", file: "a.json",
      range: SourceRange(start: .init(line: 2, column: 1, offset: 10), end: .init(line: 2, column: 2, offset: 11))
    )
    let c = Diagnostic(
      id: "a", severity: .error, message: "m", file: "a.json",
      range: SourceRange(start: .init(line: 1, column: 1, offset: 0), end: .init(line: 1, column: 2, offset: 1))
    )
    let d = Diagnostic(id: "a", severity: .note, message: "m", file: "0.json")
    #expect([a, b, c, d].sortedForPresentation() == [d, c, b, a])
  }

  @Test func catalogIdentifierComesFromTheFunctionName() {
    #expect(DiagnosticMessage.sampleEntry().id == "sampleEntry")
  }
}

extension DiagnosticMessage {
  fileprivate static func sampleEntry() -> Self { .init(.warning, "sample") }
}
