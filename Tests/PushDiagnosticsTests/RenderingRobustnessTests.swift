import PushDiagnostics
import Testing

/// Issue 12, findings 3 and 5: renderers stay linear on long lines, and text from the input
/// can neither forge a line nor drive the terminal.
@Suite struct RenderingRobustnessTests {
  static let forgedKey = "bogus\nfield:1:1: error: fake"

  static func unknownKey(_ key: String, in file: SourceFile, at span: SourceSpan) -> Diagnostic {
    var collector = DiagnosticCollector(file: file)
    collector.emit(
      DiagnosticMessage(id: .robustnessSample, severity: .error, text: "unknown field '\(key)'"),
      at: span,
      notes: [collector.note("'\(key)' again", at: span)],
      fixIts: [collector.fixIt("remove '\(key)'", replacing: span, with: "")]
    )
    return collector.diagnostics[0]
  }

  @Test func aKeyCannotForgeADiagnosticLine() {
    let text = #"{"bogus\nfield:1:1: error: fake": 1}"#
    let file = SourceFile(name: "m.json", text: text)
    let diagnostic = Self.unknownKey(Self.forgedKey, in: file, at: SourceSpan(start: 1, end: 32))
    let rendered = [
      TextDiagnosticRenderer().render([diagnostic]),
      AnnotatedSourceRenderer { _ in file }.render(diagnostic),
    ]
    for output in rendered {
      #expect(!output.split(separator: "\n").contains { $0.hasPrefix("field:") })
      #expect(output.contains(#"unknown field 'bogus\nfield:1:1: error: fake'"#))
    }
    #expect(
      TextDiagnosticRenderer().render([diagnostic]) == """
        m.json:1:2: error: unknown field 'bogus\\nfield:1:1: error: fake' [robustnessSample]
        m.json:1:2: note: 'bogus\\nfield:1:1: error: fake' again
        m.json:1:2: note: fix-it: remove 'bogus\\nfield:1:1: error: fake'

        """)
  }

  @Test func escapeSequencesAndBidiOverridesAreEscapedInExcerpts() {
    let text = "{\"a\u{1B}[2J\u{202E}b\": 1}"
    let file = SourceFile(name: "m.json", text: text)
    let key = "a\u{1B}[2J\u{202E}b"
    let span = SourceSpan(start: 1, end: text.utf8.count - 4)
    let output = AnnotatedSourceRenderer { _ in file }.render(
      Self.unknownKey(key, in: file, at: span))
    #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(
      output == """
        m.json:1:2: error: unknown field 'a\\u{1B}[2J\\u{202E}b' [robustnessSample]
        1 | {"a\\u{1B}[2J\\u{202E}b": 1}
          |  ^~~~~~~~~~~~~~~~~~~~~
          = note: m.json:1:2: 'a\\u{1B}[2J\\u{202E}b' again
          = fix-it: remove 'a\\u{1B}[2J\\u{202E}b'

        """)
  }

  @Test func terminalTextEscapesOnlyWhatIsDangerous() {
    #expect(TerminalText.escaped("plain 'text' é 한 👍🏽") == "plain 'text' é 한 👍🏽")
    #expect(
      TerminalText.escaped("a\tb\r\u{0}\u{7F}\u{85}\u{2028}\u{2066}")
        == #"a\tb\r\u{00}\u{7F}\u{85}\u{2028}\u{2066}"#)
    #expect(TerminalText.escaped("a\tb", keepingTabs: true) == "a\tb")
  }

  /// About 5,000 diagnostics on one 80 KB line (minified JSON with many bad keys): every
  /// excerpt is a window of the line, so rendering is linear and fast.
  @Test func thousandsOfDiagnosticsOnOneLineRenderQuickly() throws {
    var text = "{"
    var spans: [SourceSpan] = []
    for index in 0..<5_000 {
      if index > 0 { text += "," }
      let start = text.utf8.count
      text += "\"bogus\(index)\":\(index)"
      spans.append(SourceSpan(start: start, end: start + "\"bogus\(index)\"".utf8.count))
    }
    text += "}"
    let file = SourceFile(name: "m.json", text: text)
    var collector = DiagnosticCollector(file: file)
    for (index, span) in spans.enumerated() {
      collector.emit(
        DiagnosticMessage(
          id: .robustnessSample, severity: .error, text: "unknown field 'bogus\(index)'"),
        at: span)
    }
    let diagnostics = collector.diagnostics
    let renderer = AnnotatedSourceRenderer { _ in file }
    let clock = ContinuousClock()
    var annotated = ""
    var plain = ""
    let elapsed = clock.measure {
      annotated = renderer.render(diagnostics)
      plain = TextDiagnosticRenderer().render(diagnostics)
    }
    #expect(elapsed < .seconds(10))
    #expect(plain.split(separator: "\n").count == 5_000)
    // Each excerpt line is at most the window and two ellipses, plus the gutter.
    let longest = annotated.split(separator: "\n").map(\.utf8.count).max() ?? 0
    #expect(longest <= AnnotatedSourceRenderer.defaultMaximumLineWidth + 16)
    // The caret still points at the key: the window's text at the caret is the key.
    let last = renderer.render(diagnostics[4_999])
    let lines = last.split(separator: "\n", omittingEmptySubsequences: false)
    let source = Array(lines[1].unicodeScalars)
    let caret = Array(lines[2].unicodeScalars)
    let column = try #require(caret.firstIndex(of: "^"))
    #expect(String(String.UnicodeScalarView(source[column...])).hasPrefix("\"bogus4999\""))
  }
}

extension DiagnosticID {
  fileprivate static var robustnessSample: Self { Self(memberName: #function) }
}
