import PushDiagnostics
import Testing
import _PushPayloadTestSupport

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

/// Issue 9: the line table reads eight and thirty-two bytes at a time; these check it against
/// one byte at a time wherever the line breaks fall.
@Suite struct LineTableScanningTests {
  /// The line starts of `bytes`, one byte at a time: after each `\n`, after each `\r` not
  /// followed by `\n`.
  static func lineStartsByBytes(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (index, byte) in bytes.enumerated() {
      let isCRBeforeLF =
        byte == UInt8(ascii: "\r") && index + 1 < bytes.count
        && bytes[index + 1] == UInt8(ascii: "\n")
      if (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) && !isCRBeforeLF {
        starts.append(index + 1)
      }
    }
    return starts
  }

  static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = lineStartsByBytes(bytes)
    #expect(LineTable(bytes).lineStarts == expected, "\(bytes)", sourceLocation: sourceLocation)
    #expect(
      LineTable.lineBreakCount(in: bytes) == expected.count - 1, "\(bytes)",
      sourceLocation: sourceLocation)
  }

  @Test func aLineBreakAtEveryPositionOfTheFirstBlocks() {
    let breaks: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0x0D, 0x0D]]
    // Bytes next to `\n` (0x0A) and `\r` (0x0D) that a word test could confuse with them.
    for filler: UInt8 in [UInt8(ascii: "a"), 0x0B, 0x0C, 0x8A, 0x8D, 0x09] {
      for length in [1, 7, 8, 9, 31, 32, 33, 40, 64, 70] {
        for position in 0..<length {
          for lineBreak in breaks where position + lineBreak.count <= length {
            var bytes = [UInt8](repeating: filler, count: length)
            bytes.replaceSubrange(position..<position + lineBreak.count, with: lineBreak)
            Self.expectAgreement(bytes)
            // A second break later must be found too.
            if length > position + lineBreak.count {
              bytes[length - 1] = 0x0A
              Self.expectAgreement(bytes)
            }
          }
        }
      }
    }
  }

  @Test func randomTextsAgree() {
    var random = SplitMix64(seed: 11)
    let pieces: [[UInt8]] = [
      [0x0A], [0x0D], [0x0D, 0x0A], Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8),
      Array("한국어".utf8), [0x0B], [0x8A], [0x20],
      // Bytes below 0x0E that are no line break, which the thirty-two-byte test also finds.
      [0x09], [0x00], [0x0C],
    ]
    for _ in 0..<2_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<30, using: &random) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      Self.expectAgreement(bytes)
    }
  }

  @Test func aFragmentSliceIsReadFromItsOwnStart() {
    // A slice of a larger array, not starting at index 0, and a collection that is not
    // contiguous.
    let whole = Array("xx\r\nab\ncd\re".utf8)
    #expect(LineTable(whole[2...]).lineStarts == [0, 2, 5, 8])
    #expect(LineTable(whole[2...].reversed()).lineStarts == [0, 2, 5, 8, 9])
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

  /// A fragment cut inside a line, as a part of a one-line JSON array: positions, columns in
  /// every unit and excerpts are those of the whole line.
  @Test func aFragmentCutInsideALineKnowsTheLineAroundIt() {
    // The whole line: `[{"t":"가😀"},{"t":"나"},{"t":"다"}]`; the fragment is its middle.
    let whole = Array(#"[{"t":"가😀"},{"t":"나"},{"t":"다"}]"#.utf8)
    let start = 17  // the comma before `{"t":"나"}`
    let end = 33  // past the comma after it
    let wholeFile = SourceFile(name: "one.json", bytes: whole)
    let wholeColumns = SourceColumns(wholeFile)
    let fragment = SourceFile(
      name: "one.json", bytes: Array(whole[start..<end]),
      origin: wholeFile.position(at: start),
      originColumns: (
        unicodeScalars: wholeColumns.column(of: wholeFile.position(at: start), in: .unicodeScalars),
        utf16CodeUnits: wholeColumns.column(of: wholeFile.position(at: start), in: .utf16CodeUnits)
      ),
      lastLineContinues: true)
    let fragmentColumns = SourceColumns(fragment)
    for offset in start...end {
      let position = fragment.position(at: offset - start)
      #expect(position == wholeFile.position(at: offset))
      for unit in ColumnUnit.allCases {
        #expect(
          fragmentColumns.column(of: position, in: unit)
            == wholeColumns.column(of: wholeFile.position(at: offset), in: unit),
          "\(offset) \(unit)")
      }
    }
    #expect(
      fragment.lineTable.extent(ofLine: 1, in: fragment.bytes) == SourceSpan(start: -17, end: 17))
    // The problem at `"나"`, with a window narrower than the line: `…` on both sides, as for the
    // whole line.
    let problem = SourceSpan(start: 24, end: 29)
    func rendered(_ file: SourceFile, at span: SourceSpan) -> String {
      let diagnostic = Diagnostic(
        id: DiagnosticID(rawValue: "testFinding"), severity: .error, message: "bad",
        file: "one.json", range: file.range(of: span))
      return AnnotatedSourceRenderer(maximumLineWidth: 12) { _ in file }.render(diagnostic)
    }
    let inWhole = rendered(wholeFile, at: problem)
    #expect(inWhole.contains("…"))
    #expect(
      rendered(fragment, at: SourceSpan(start: problem.start - start, end: problem.end - start))
        == inWhole)
  }

  /// A fragment cut inside a line that has lines above it (a part of a one-line JSON array
  /// after blank lines) holds the line above as its lead-in: positions, columns, offsets and
  /// excerpts are those of the whole input, the line above shown as in it.
  @Test func aFragmentWithALeadInShowsTheLineAboveIt() {
    // Two blank lines (one of blanks), then the one-line array on line 3.
    let leadingLines = " \t\r\n\n"
    let whole = Array((leadingLines + #"[{"t":"가😀"},{"t":"나"},{"t":"다"}]"# + "\n").utf8)
    let lineThree = leadingLines.utf8.count
    let start = lineThree + 17  // the comma before `{"t":"나"}`
    let end = lineThree + 33  // past the comma after it
    let leadInStart = lineThree - 1  // line 2, empty: the line an excerpt shows above
    let wholeFile = SourceFile(name: "one.json", bytes: whole)
    let wholeColumns = SourceColumns(wholeFile)
    let fragment = SourceFile(
      name: "one.json", bytes: Array(whole[leadInStart..<lineThree] + whole[start..<end]),
      origin: wholeFile.position(at: start),
      originColumns: (
        unicodeScalars: wholeColumns.column(of: wholeFile.position(at: start), in: .unicodeScalars),
        utf16CodeUnits: wholeColumns.column(of: wholeFile.position(at: start), in: .utf16CodeUnits)
      ),
      lastLineContinues: true,
      leadIn: (
        count: lineThree - leadInStart, origin: wholeFile.position(at: leadInStart), headCount: 0
      ))
    let leadInCount = lineThree - leadInStart
    #expect(fragment.origin == SourcePosition(line: 2, column: 1, offset: leadInStart))
    #expect(fragment.lineTable.continuedLine == 3)
    let fragmentColumns = SourceColumns(fragment)
    // Offsets in the whole input, and where they are in the fragment.
    let places =
      (leadInStart..<lineThree).map { ($0, $0 - leadInStart) }
      + (start...end).map { ($0, $0 - start + leadInCount) }
    for (offset, local) in places {
      let position = fragment.position(at: local)
      #expect(position == wholeFile.position(at: offset), "\(offset)")
      #expect(fragment.lineTable.localOffset(offset) == local, "\(offset)")
      for unit in ColumnUnit.allCases {
        #expect(
          fragmentColumns.column(of: position, in: unit)
            == wholeColumns.column(of: wholeFile.position(at: offset), in: unit),
          "\(offset) \(unit)")
      }
    }
    // An offset the fragment skips is at its own first byte.
    #expect(fragment.lineTable.localOffset(lineThree + 3) == leadInCount)
    #expect(fragment.text(ofLine: 2) == "")
    #expect(fragment.text(ofLine: 1) == nil)
    #expect(
      fragment.lineTable.extent(ofLine: 3, in: fragment.bytes)
        == SourceSpan(start: leadInCount - 17, end: fragment.bytes.count + 1))
    func rendered(_ file: SourceFile, at span: SourceSpan, width: Int) -> String {
      let diagnostic = Diagnostic(
        id: DiagnosticID(rawValue: "testFinding"), severity: .error, message: "bad",
        file: "one.json", range: file.range(of: span))
      return AnnotatedSourceRenderer(maximumLineWidth: width) { _ in file }.render(diagnostic)
    }
    // The problem at `"나"`, with a window narrower than the line (a fragment holds the bytes
    // such a window shows): `…` on both sides, and the empty line above, as for the input.
    let problem = SourceSpan(start: lineThree + 24, end: lineThree + 29)
    let inFragment = SourceSpan(
      start: problem.start - start + leadInCount, end: problem.end - start + leadInCount)
    let inWhole = rendered(wholeFile, at: problem, width: 12)
    #expect(inWhole.contains("2 | \n3 | …"))
    #expect(rendered(fragment, at: inFragment, width: 12) == inWhole)
  }

  /// A fragment cut inside a long line that holds that line's end and the next line (the last
  /// part of a one-line array whose last element goes on on a line of its own) holds the long
  /// line's head too: an excerpt of a problem on the next line shows the long line above it
  /// from the same columns, as for the whole input, while positions skip the bytes between.
  @Test func aFragmentWithAHeadShowsTheStartOfTheLongLineAboveTheNext() {
    // Line 2 is long; the fragment holds its first 20 bytes, then its own bytes from offset 40
    // of the line (inside it) on, with line 3.
    let longLine = #"[{"t":"가😀"},"# + String(repeating: #"{"t":"x"},"#, count: 6) + #"{"t":"다"},"#
    let whole = Array(("\n" + longLine + "\n" + #"{"t":"bad"}]"# + "\n").utf8)
    let lineTwo = 1
    let headCount = 20
    let start = lineTwo + 40
    let wholeFile = SourceFile(name: "one.json", bytes: whole)
    let wholeColumns = SourceColumns(wholeFile)
    let prefix = Array(whole[0..<lineTwo + headCount])
    let fragment = SourceFile(
      name: "one.json", bytes: prefix + Array(whole[start...]),
      origin: wholeFile.position(at: start),
      originColumns: (
        unicodeScalars: wholeColumns.column(of: wholeFile.position(at: start), in: .unicodeScalars),
        utf16CodeUnits: wholeColumns.column(of: wholeFile.position(at: start), in: .utf16CodeUnits)
      ),
      lastLineContinues: false,
      leadIn: (count: prefix.count, origin: wholeFile.position(at: 0), headCount: headCount))
    let fragmentColumns = SourceColumns(fragment)
    let places =
      (0..<prefix.count).map { ($0, $0) }
      + (start...whole.count).map { ($0, $0 - start + prefix.count) }
    for (offset, local) in places {
      let position = fragment.position(at: local)
      #expect(position == wholeFile.position(at: offset), "\(offset)")
      #expect(fragment.lineTable.localOffset(offset) == local, "\(offset)")
      guard offset >= start else { continue }
      for unit in ColumnUnit.allCases {
        #expect(
          fragmentColumns.column(of: position, in: unit)
            == wholeColumns.column(of: wholeFile.position(at: offset), in: unit),
          "\(offset) \(unit)")
      }
    }
    // An offset the fragment skips is at its own first byte.
    #expect(fragment.lineTable.localOffset(lineTwo + 20) == prefix.count)
    // Line 2's own text starts at the fragment's own bytes.
    #expect(
      fragment.text(ofLine: 2)
        == String(decoding: whole[start..<lineTwo + longLine.utf8.count], as: UTF8.self))
    func rendered(_ file: SourceFile, at span: SourceSpan) -> String {
      let diagnostic = Diagnostic(
        id: DiagnosticID(rawValue: "testFinding"), severity: .error, message: "bad",
        file: "one.json", range: file.range(of: span))
      return AnnotatedSourceRenderer(maximumLineWidth: 12) { _ in file }.render(diagnostic)
    }
    // The problem at `"bad"` on line 3: line 2 above it from its first column, `…` after.
    let lineThree = lineTwo + longLine.utf8.count + 1
    let problem = SourceSpan(start: lineThree + 5, end: lineThree + 10)
    let inFragment = SourceSpan(
      start: problem.start - start + prefix.count, end: problem.end - start + prefix.count)
    let inWhole = rendered(wholeFile, at: problem)
    #expect(inWhole.contains("2 | [{\"t\":\"가…"))
    #expect(rendered(fragment, at: inFragment) == inWhole)
    // A problem on line 2 itself, in the fragment's own bytes (past the window's margin), shows
    // its own columns.
    let onLineTwo = SourceSpan(start: start + 8, end: start + 11)
    #expect(
      rendered(
        fragment,
        at: SourceSpan(
          start: onLineTwo.start - start + prefix.count, end: onLineTwo.end - start + prefix.count))
        == rendered(wholeFile, at: onLineTwo))
  }
}
