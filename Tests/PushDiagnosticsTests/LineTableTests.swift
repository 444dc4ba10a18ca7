import PushDiagnostics
import Testing

@Suite struct LineTableTests {
  @Test func positionsOnLinesEndingInLFCRLFAndCR() {
    let table = LineTable(Array("ab\ncd\r\nef\rg".utf8))
    #expect(table.lineStarts == [0, 3, 7, 10])
    #expect(table.position(at: 0) == SourcePosition(line: 1, column: 1, offset: 0))
    #expect(table.position(at: 4) == SourcePosition(line: 2, column: 2, offset: 4))
    #expect(table.position(at: 7) == SourcePosition(line: 3, column: 1, offset: 7))
    #expect(table.position(at: 10) == SourcePosition(line: 4, column: 1, offset: 10))
  }

  @Test func columnsCountBytes() {
    let table = LineTable(Array("\"한\": x".utf8))
    #expect(table.position(at: 6).column == 7)
  }

  @Test func offsetsAreClamped() {
    let table = LineTable(Array("abc".utf8))
    #expect(table.position(at: 99) == SourcePosition(line: 1, column: 4, offset: 3))
    #expect(table.position(at: -5) == SourcePosition(line: 1, column: 1, offset: 0))
  }

  @Test func emptyFile() {
    let table = LineTable([UInt8]())
    #expect(table.lineCount == 1)
    #expect(table.position(at: 0) == SourcePosition(line: 1, column: 1, offset: 0))
  }

  @Test func lineText() {
    let file = SourceFile(name: "f", text: "one\r\ntwo\nthree")
    #expect(file.text(ofLine: 1) == "one")
    #expect(file.text(ofLine: 2) == "two")
    #expect(file.text(ofLine: 3) == "three")
    #expect(file.text(ofLine: 4) == nil)
  }
}

/// Issue 9: a fragment of a larger input (a part of an NDJSON file) resolves its own offsets to
/// the positions of the whole input.
@Suite struct LineTableFragmentTests {
  static let origin = SourcePosition(line: 41, column: 1, offset: 1_000)

  @Test func positionsAreThoseOfTheWholeInput() {
    let table = LineTable(Array("ab\ncd\r\nef".utf8), origin: Self.origin)
    #expect(table.position(at: 0) == SourcePosition(line: 41, column: 1, offset: 1_000))
    #expect(table.position(at: 4) == SourcePosition(line: 42, column: 2, offset: 1_004))
    #expect(table.position(at: 8) == SourcePosition(line: 43, column: 2, offset: 1_008))
  }

  @Test func linesAreLookedUpByTheirNumberInTheWholeInput() {
    let file = SourceFile(name: "big.ndjson", bytes: Array("ab\ncd\n".utf8), origin: Self.origin)
    #expect(file.text(ofLine: 42) == "cd")
    #expect(file.text(ofLine: 40) == nil)
    #expect(file.text(ofLine: 1) == nil)
    #expect(file.lineTable.localOffset(1_003) == 3)
  }

  @Test func lineBreaksAreCountedAsTheTableCountsThem() {
    for text in ["", "a", "a\n", "a\r\nb\rc\n\n", "\r\r\n\n"] {
      let bytes = Array(text.utf8)
      #expect(LineTable.lineBreakCount(in: bytes) == LineTable(bytes).lineCount - 1, "\(text)")
    }
  }

  @Test func anAnnotatedExcerptOfAFragmentShowsTheInputsLines() {
    let file = SourceFile(
      name: "big.ndjson", bytes: Array("{\"a\": 1}\n{\"b\": 2}\n".utf8), origin: Self.origin)
    let diagnostic = Diagnostic(
      id: DiagnosticID(rawValue: "testFinding"),
      severity: .error,
      message: "bad",
      file: "big.ndjson",
      range: file.range(of: SourceSpan(start: 10, end: 13))
    )
    let rendered = AnnotatedSourceRenderer { _ in file }.render(diagnostic)
    #expect(
      rendered == """
        big.ndjson:42:2: error: bad [testFinding]
        41 | {"a": 1}
        42 | {"b": 2}
           |  ^~~

        """)
  }
}
