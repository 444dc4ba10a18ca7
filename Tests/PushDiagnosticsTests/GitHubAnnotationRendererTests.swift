import PushDiagnostics
import Testing

/// GitHub workflow commands: severities, properties, and the escaping GitHub documents for
/// messages (`%`, CR, LF) and properties (also `:` and `,`), after ``TerminalText``.
@Suite struct GitHubAnnotationRendererTests {
  static let file = SourceFile(name: "a,b:c.json", text: "{\"x\": 1,\n \"y\": 2}\n")

  static func diagnostic(
    _ severity: Severity, message: String, span: SourceSpan?, notes: [Diagnostic.Note] = []
  ) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID(rawValue: "testThing"), severity: severity, message: message,
      file: file.name, range: span.map { file.range(of: $0) }, notes: notes)
  }

  @Test func severitiesMapToErrorWarningAndNotice() {
    let renderer = GitHubAnnotationRenderer()
    let span = SourceSpan(start: 1, end: 4)
    #expect(
      renderer.render(Self.diagnostic(.error, message: "m", span: span))
        == "::error file=a%2Cb%3Ac.json,line=1,col=2,endLine=1,endColumn=5,title=testThing::m\n")
    #expect(
      renderer.render(Self.diagnostic(.warning, message: "m", span: span)).hasPrefix("::warning "))
    #expect(
      renderer.render(Self.diagnostic(.note, message: "m", span: span)).hasPrefix("::notice "))
  }

  @Test func aRangeOverSeveralLinesHasNoColumns() {
    let text = GitHubAnnotationRenderer().render(
      Self.diagnostic(.error, message: "m", span: SourceSpan(start: 1, end: 12)))
    #expect(text == "::error file=a%2Cb%3Ac.json,line=1,endLine=2,title=testThing::m\n")
  }

  @Test func messagesCannotEndTheCommandOrForgeAnother() {
    let text = GitHubAnnotationRenderer().render(
      Self.diagnostic(
        .error, message: "100% of 'a\nb' \u{1B}[31m:: ,", span: nil,
        notes: [Diagnostic.Note("see\r\n::error::fake")]))
    #expect(
      text
        == "::error file=a%2Cb%3Ac.json,title=testThing::100%25 of 'a\\nb' \\u{1B}[31m:: ,%0Anote: see\\r\\n::error::fake\n"
    )
    #expect(text.filter { $0 == "\n" }.count == 1)
  }

  @Test func escaping() {
    #expect(GitHubAnnotationRenderer.escapedData("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f")
    #expect(
      GitHubAnnotationRenderer.escapedProperty("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf")
  }
}
