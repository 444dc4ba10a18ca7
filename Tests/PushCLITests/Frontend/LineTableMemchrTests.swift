import PushDiagnostics
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// `LineTable.searchingWithMemchr` makes the table the library makes, whatever the line breaks.
@Suite struct LineTableMemchrTests {
  @Test(arguments: [
    "", "a", "\n", "\n\n", "a\nbb\nccc", "a\nbb\nccc\n", "a\r\nbb", "a\rbb\rccc", "a\n\rb",
    "한국어\n{\"a\": 1}\n",
  ])
  func theTableIsTheLibrarysOne(text: String) {
    Self.expectSameTable(Array(text.utf8))
  }

  @Test func randomTextsGiveTheLibrarysTable() {
    var random = SplitMix64(seed: 29)
    // Mostly without a `\r`, the case searched with memchr; runs longer than memchr's vectors.
    let pieces: [[UInt8]] = [
      [0x0A], [0x0A], [0x0A], [0x0D], [0x0D, 0x0A], Array(repeating: 0x61, count: 40),
      Array("한국어".utf8), [0x0B], [0x00], [0x20],
    ]
    for round in 0..<2_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<30, using: &random) {
        let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
        if round % 2 == 0, piece.contains(0x0D) { continue }
        bytes += piece
      }
      Self.expectSameTable(bytes)
    }
  }

  @Test func aSliceIsSearchedFromItsOwnStartAndLinesCountFromTheOrigin() {
    let bytes = Array("x\nyy\nzzz\nw".utf8)
    let origin = SourcePosition(line: 7, column: 1, offset: 100)
    let table = LineTable.searchingWithMemchr(bytes[2..<9], origin: origin)
    #expect(table == LineTable(bytes[2..<9], origin: origin))
    #expect(table.lineStarts == [0, 3, 7])
    #expect(table.position(at: 4) == SourcePosition(line: 8, column: 2, offset: 104))
  }

  @Test(arguments: ["a\nbc\nxyz,{\"k\": 1}\n", "a\r\nbc\r\nxyz,{\"k\": 1}\r\n"])
  func aFragmentWithALeadInAndAHeadGetsTheLibrarysTable(text: String) {
    // The lead-in is the two lines before the fragment's own bytes, and the head `xyz` the
    // start of the line they begin inside of, at its fourth column.
    let bytes = Array(text.utf8)
    let headStart = bytes[1] == UInt8(ascii: "\r") ? 7 : 5
    let leadIn = (
      count: headStart + 3, origin: SourcePosition(line: 9, column: 1, offset: 90),
      headCount: 3
    )
    let origin = SourcePosition(line: 11, column: 4, offset: 90 + headStart + 3)
    for lastLineContinues in [false, true] {
      let table = LineTable.searchingWithMemchr(
        bytes[...], origin: origin, originColumns: (unicodeScalars: 4, utf16CodeUnits: 4),
        lastLineContinues: lastLineContinues, leadIn: leadIn)
      #expect(
        table
          == LineTable(
            bytes, origin: origin, originColumns: (unicodeScalars: 4, utf16CodeUnits: 4),
            lastLineContinues: lastLineContinues, leadIn: leadIn))
      #expect(table.origin == leadIn.origin)
      #expect(
        table.position(at: headStart + 4)
          == SourcePosition(line: 11, column: 5, offset: origin.offset + 1))
    }
  }

  private static func expectSameTable(_ bytes: [UInt8]) {
    let origin = SourcePosition(line: 3, column: 1, offset: 40)
    #expect(
      LineTable.searchingWithMemchr(bytes[...], origin: origin) == LineTable(bytes, origin: origin),
      "\(bytes)")
  }
}
