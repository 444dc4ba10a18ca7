import Foundation
import PushDiagnostics
import Testing
import _PushPayloadTestSupport

@Suite struct DiagnosticRenderingTests {
  static let file = SourceFile(
    name: "message.json", text: "{\n  \"title\": \"a\",\n  \"title\": \"b\"\n}\n")

  static func duplicate() -> Diagnostic {
    var collector = DiagnosticCollector(file: file)
    collector.emit(
      DiagnosticMessage(id: .sampleDuplicateKey, severity: .error, text: "duplicate key 'title'"),
      at: SourceSpan(start: 20, end: 27),
      pointer: JSONPointer("/title"),
      notes: [collector.note("'title' is first defined here", at: SourceSpan(start: 4, end: 11))],
      fixIts: [
        collector.fixIt(
          "remove the second 'title'", replacing: SourceSpan(start: 20, end: 32), with: "")
      ]
    )
    return collector.diagnostics[0]
  }

  @Test func textFormat() {
    let text = TextDiagnosticRenderer().render([Self.duplicate()])
    #expect(
      text == """
        message.json:3:3: error: duplicate key 'title' [sampleDuplicateKey]
        message.json:2:3: note: 'title' is first defined here
        message.json:3:3: note: fix-it: remove the second 'title'

        """
    )
  }

  @Test func textFormatWithoutAFile() {
    let diagnostic = Diagnostic(
      id: .sampleMissingTarget,
      severity: .warning,
      message: "no target",
      pointer: JSONPointer("/message")
    )
    #expect(
      TextDiagnosticRenderer().render(diagnostic)
        == "warning: no target [sampleMissingTarget] (at '/message')\n")
  }

  @Test func annotatedFormat() {
    let file = Self.file
    let renderer = AnnotatedSourceRenderer { name in name == file.name ? file : nil }
    #expect(
      renderer.render(Self.duplicate()) == """
        message.json:3:3: error: duplicate key 'title' [sampleDuplicateKey]
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
    collector.emit(
      DiagnosticMessage(id: .sampleEntry, severity: .error, text: "bad"),
      at: SourceSpan(start: 11, end: 14))
    let renderer = AnnotatedSourceRenderer(contextLines: 0) { _ in file }
    let lines = renderer.render(collector.diagnostics).split(separator: "\n")
    #expect(lines[2] == "  |          ^~~")
  }

  @Test func colorIsOptIn() {
    #expect(!TextDiagnosticRenderer().render([Self.duplicate()]).contains("\u{1B}"))
    #expect(
      TextDiagnosticRenderer(usesColor: true).render([Self.duplicate()]).contains(
        "\u{1B}[1;31merror"))
  }

  @Test func presentationOrderIsDeterministic() {
    let a = Diagnostic(id: .sampleB, severity: .error, message: "m", file: "a.json", range: nil)
    let b = Diagnostic(
      id: .sampleA, severity: .error, message: "m", file: "a.json",
      range: SourceRange(
        start: .init(line: 2, column: 1, offset: 10), end: .init(line: 2, column: 2, offset: 11))
    )
    let c = Diagnostic(
      id: .sampleA, severity: .error, message: "m", file: "a.json",
      range: SourceRange(
        start: .init(line: 1, column: 1, offset: 0), end: .init(line: 1, column: 2, offset: 1))
    )
    let d = Diagnostic(id: .sampleA, severity: .note, message: "m", file: "0.json")
    #expect([a, b, c, d].sortedForPresentation() == [d, c, b, a])
  }

  /// Sorting by position gives the standard library's stable sort by the same order: random
  /// diagnostics with many equal places, identifiers and messages, and some that differ only in
  /// what the order does not compare (their severity), which keep the order given.
  @Test func presentationSortIsTheStableSortOfThePresentationOrder() {
    var random = SplitMix64(seed: 5)
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    for _ in 0..<300 {
      let diagnostics = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
        let offset: Int? = pick([nil, 0, 3, 3, 9])
        return Diagnostic(
          id: pick([.sampleA, .sampleB]), severity: pick([.error, .warning, .note]),
          message: pick(["m", "n"]), file: pick([nil, "a.json", "b.json"]),
          range: offset.map {
            SourceRange(
              start: .init(line: 1, column: $0 + 1, offset: $0),
              end: .init(line: 1, column: $0 + 2, offset: $0 + 1))
          })
      }
      #expect(
        diagnostics.sortedForPresentation()
          == diagnostics.sorted(by: Diagnostic.presentationOrder))
    }
  }

  @Test func identifierTextIsTheMemberName() {
    #expect(DiagnosticID.sampleEntry.rawValue == "sampleEntry")
    #expect(DiagnosticMessage.sampleEntry().id == .sampleEntry)
    #expect(DiagnosticID.sampleA < DiagnosticID.sampleB)
  }

  @Test func identifierIsCodedAsItsText() throws {
    let data = try JSONEncoder().encode([DiagnosticID.sampleEntry])
    #expect(String(decoding: data, as: UTF8.self) == #"["sampleEntry"]"#)
    #expect(try JSONDecoder().decode([DiagnosticID].self, from: data) == [.sampleEntry])
  }
}

extension DiagnosticID {
  fileprivate static var sampleA: Self { Self(memberName: #function) }
  fileprivate static var sampleB: Self { Self(memberName: #function) }
  fileprivate static var sampleDuplicateKey: Self { Self(memberName: #function) }
  fileprivate static var sampleEntry: Self { Self(memberName: #function) }
  fileprivate static var sampleMissingTarget: Self { Self(memberName: #function) }
}

extension DiagnosticMessage {
  fileprivate static func sampleEntry() -> Self { .init(.sampleEntry, .warning, "sample") }
}
