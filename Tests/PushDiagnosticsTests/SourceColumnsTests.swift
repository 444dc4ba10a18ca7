import PushDiagnostics
import Testing
import _PushPayloadTestSupport

/// ``SourceColumns`` against Swift's own counts of a line's Unicode scalars and UTF-16 code
/// units, on ASCII, Korean, emoji, line breaks, fragments and lines longer than a checkpoint.
@Suite struct SourceColumnsTests {
  /// The offset and expected column of every scalar of `text`, counted by the standard library.
  static func expectedColumns(of text: String, unit: ColumnUnit) -> [(offset: Int, column: Int)] {
    var result: [(Int, Int)] = []
    var offset = 0
    var lineScalars = 0
    var lineUnits = 0
    var lineBytes = 0
    for scalar in text.unicodeScalars {
      let column =
        switch unit {
        case .utf8Bytes: lineBytes + 1
        case .unicodeScalars: lineScalars + 1
        case .utf16CodeUnits: lineUnits + 1
        }
      result.append((offset, column))
      offset += String(scalar).utf8.count
      if scalar == "\n" {
        lineScalars = 0
        lineUnits = 0
        lineBytes = 0
      } else {
        lineScalars += 1
        lineUnits += String(scalar).utf16.count
        lineBytes += String(scalar).utf8.count
      }
    }
    return result
  }

  @Test(arguments: [
    "{\"a\": 1}",
    "{\"title\": \"공지\", \"x\": 1}\n{\"b\": \"😀😀\", \"c\": 2}\n",
    String(repeating: "가나다라😀 ", count: 40) + "\n" + String(repeating: "ab", count: 100),
    "é\u{301}\n\n👩‍👩‍👧 done",
  ])
  func everyScalarHasTheColumnSwiftCounts(text: String) {
    let file = SourceFile(name: "f", text: text)
    let columns = SourceColumns(file)
    for unit in ColumnUnit.allCases {
      for (offset, expected) in Self.expectedColumns(of: text, unit: unit) {
        let position = file.position(at: offset)
        #expect(columns.column(of: position, in: unit) == expected, "offset \(offset) in \(unit)")
      }
    }
  }

  /// Random bytes, valid UTF-8 or not, against the rule byte by byte: a byte that is not a
  /// continuation byte starts a scalar and a code unit, one of `0xF0` or more a second code
  /// unit. The counts go eight bytes at a time, so the lines are longer than a checkpoint and
  /// every offset of them is looked at.
  @Test func randomBytesCountAsTheRuleSaysAtEveryOffset() {
    var random = SplitMix64(seed: 71)
    let pieces: [[UInt8]] = [
      Array("abc".utf8), Array("공지".utf8), Array("😀".utf8), Array("é".utf8), [0x0A],
      [0x80], [0xBF], [0xC3], [0xF0], [0xFF], Array(repeating: 0x61, count: 9),
    ]
    for _ in 0..<60 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1..<60, using: &random) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let file = SourceFile(name: "f", bytes: bytes)
      let columns = SourceColumns(file)
      for offset in 0...bytes.count {
        let position = file.position(at: offset)
        let lineStart = file.lineTable.startOffset(ofLine: position.line) ?? 0
        var scalars = 0
        var units = 0
        for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 {
          scalars += 1
          units += byte >= 0xF0 ? 2 : 1
        }
        #expect(columns.column(of: position, in: .unicodeScalars) == scalars + 1, "\(bytes)")
        #expect(columns.column(of: position, in: .utf16CodeUnits) == units + 1, "\(bytes)")
      }
    }
  }

  @Test func asciiFilesKeepTheirColumns() {
    let file = SourceFile(name: "f", text: "{\"a\": [1, 2,]}")
    let columns = SourceColumns(file)
    #expect(columns.isASCII)
    #expect(columns.column(of: file.position(at: 12), in: .utf16CodeUnits) == 13)
  }

  @Test func aFragmentCountsFromItsOrigin() throws {
    // The second line of a file, read as a fragment (an NDJSON part).
    let whole = "{\"t\": \"공지\"}\n{\"u\": \"한\", \"v\": 1}\n"
    let bytes = Array(whole.utf8)
    let start = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
    let origin = SourceFile(name: "f", text: whole).position(at: start)
    let fragment = SourceFile(name: "f", bytes: Array(bytes[start...]), origin: origin)
    let columns = SourceColumns(fragment)
    let key = try #require(Array(bytes[start...]).firstIndex(of: UInt8(ascii: "v"))) - 1
    #expect(fragment.position(at: key).column == 14)
    #expect(columns.column(of: fragment.position(at: key), in: .unicodeScalars) == 12)
  }

  @Test func diagnosticsAreConvertedWithTheirNotesAndEdits() {
    let file = SourceFile(name: "f.json", text: "{\"공\": 1, \"x\": 2}")
    let range = file.range(of: SourceSpan(start: 11, end: 14))
    let diagnostic = Diagnostic(
      id: DiagnosticID(rawValue: "testX"), severity: .error, message: "m", file: "f.json",
      range: range,
      notes: [
        Diagnostic.Note("here", file: "f.json", range: range),
        Diagnostic.Note("elsewhere", file: "other.json", range: range),
      ],
      fixIts: [Diagnostic.FixIt("fix", edits: [.init(range: range, replacement: "y")])])
    let converted = [diagnostic].convertingColumns(to: .unicodeScalars, in: file)[0]
    #expect(range.start.column == 12)
    #expect(converted.range?.start.column == 10)
    #expect(converted.range?.end.column == 13)
    #expect(converted.range?.start.offset == 11)
    #expect(converted.notes[0].range?.start.column == 10)
    #expect(converted.notes[1].range?.start.column == 12, "another file's note is kept")
    #expect(converted.fixIts[0].edits[0].range.start.column == 10)
    #expect([diagnostic].convertingColumns(to: .utf8Bytes, in: file) == [diagnostic])
  }
}
