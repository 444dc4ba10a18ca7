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
