import PushJSON
import Testing
import _PushPayloadTestSupport

/// Issue 9: the places where a JSON array can be cut into parts of whole elements.
@Suite struct JSONArraySplitterTests {
  /// Every place to cut in `text` as (comma offset, index of the element after it), scanning
  /// it in chunks of `chunkSize` bytes; the line break after each comma is checked.
  static func places(in text: String, chunkSize: Int = 1) -> [[Int]] {
    let bytes = Array(text.utf8)
    var splitter = JSONArraySplitter()
    let places = ChunkedScan.results(of: bytes, chunkSize: chunkSize) { splitter.scan($0) }
    #expect(splitter.offset == bytes.count)
    for place in places {
      guard let lineBreak = place.lineBreak else {
        Issue.record("a place inside a line without cutsInsideTheArrayLine")
        continue
      }
      #expect(lineBreak > place.offset)
      #expect(bytes[lineBreak] == 0x0A || bytes[lineBreak] == 0x0D)
      #expect(bytes[place.offset + 1..<lineBreak].allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }
    return places.map { [$0.offset, $0.elementIndex] }
  }

  @Test func aCommaBeforeAnElementOnALaterLineIsAPlace() {
    let text = "[\n{\"a\": 1},\n{\"b\": 2},\r\n  [3]\n]\n"
    #expect(Self.places(in: text) == [[10, 1], [20, 2]])
    // A chunk reveals its last place.
    #expect(Self.places(in: text, chunkSize: 1000) == [[20, 2]])
  }

  @Test func elementsOnTheCommasLineAreNoPlace() {
    // A comma that starts the element's line, or one with the element after it on its line.
    #expect(Self.places(in: "[{},\n{}\n, {}, {},\n\n{}]") == [[3, 1], [16, 4]])
  }

  /// Every place in `text` as (offset, element index, line break or -1), with
  /// `cutsInsideTheArrayLine`, scanning it in chunks of `chunkSize` bytes.
  static func placesInsideTheArrayLine(in text: String, chunkSize: Int) -> [[Int]] {
    let bytes = Array(text.utf8)
    var splitter = JSONArraySplitter(cutsInsideTheArrayLine: true)
    let places = ChunkedScan.results(of: bytes, chunkSize: chunkSize) { splitter.scan($0) }
    return places.map { [$0.offset, $0.elementIndex, $0.lineBreak ?? -1] }
  }

  /// With `cutsInsideTheArrayLine`, the commas of the line the array starts on are places too,
  /// with no line break; from the first line break on, only the usual places are.
  @Test func theArraysLineIsCutAtItsCommasWhenAsked() {
    let array = #"[{"a": "x,y"}, [1,2],3 ,{},"# + "\n" + #"{"b": 1}, {"c": 2},"# + "\n4]"
    let expected = [[13, 1, -1], [20, 2, -1], [23, 3, -1], [26, 4, 27], [46, 6, 47]]
    // On the input's first line, or after blank lines (and a byte order mark).
    for leading in ["", "\n", " \t\r\n\r\n  ", "\u{FEFF}\n"] {
      let shift = leading.utf8.count
      let shifted = expected.map { [$0[0] + shift, $0[1], $0[2] < 0 ? -1 : $0[2] + shift] }
      for chunkSize in [1, 3, 1000] {
        let found = Self.placesInsideTheArrayLine(in: leading + array, chunkSize: chunkSize)
        // A chunk reveals its last place.
        #expect(
          found == (chunkSize == 1000 ? [shifted.last!] : shifted), "\(leading) \(chunkSize)")
      }
    }
  }

  /// An array that starts after more than `maximumLeadingByteCount` bytes of blank lines is
  /// cut only where a line break follows a comma.
  @Test func anArrayFarDownIsCutOnlyAtLineBreaks() {
    let array = "[1,2,3,\n4,5]"
    let limit = JSONArraySplitter.maximumLeadingByteCount
    for (blanks, insideToo) in [(limit - 1, true), (limit, false)] {
      let leading = String(repeating: " ", count: blanks - 1) + "\n"
      let found = Self.placesInsideTheArrayLine(in: leading + array, chunkSize: 7)
      let atLineBreak = [blanks + 6, 3, blanks + 7]
      #expect(found == (insideToo ? [[blanks + 4, 2, -1], atLineBreak] : [atLineBreak]))
    }
  }

  @Test func stringsAndNestingHideTheirCommasAndBrackets() {
    let text = "[\n{\"s\": \"],\\\"[\", \"t\": [1,\n2]},\n\"x,]\",\n7,\ntrue\n]"
    #expect(Self.places(in: text) == [[29, 1], [36, 2], [39, 3]])
  }

  @Test func scalarsEndAtTheirDelimiter() {
    #expect(Self.places(in: "[1,\n-2.5e3 ,\nnull]") == [[2, 1], [11, 2]])
  }

  @Test func anInputThatIsNotAnArrayHasNoPlace() {
    var splitter = JSONArraySplitter()
    #expect(Self.places(in: "{\"a\": [1,\n2]}\n") == [])
    #expect(Self.places(in: "  \n") == [])
    #expect(!splitter.isArray)
    Array("[1,\n".utf8).withUnsafeBufferPointer { _ = splitter.scan($0) }
    #expect(splitter.isArray)
  }

  /// A byte order mark at the start of the input is stepped over, as the reader steps over
  /// it; one after a blank, or cut short, makes the input no array.
  @Test func aByteOrderMarkAtTheStartIsSteppedOver() {
    #expect(Self.places(in: "\u{FEFF}[1,\n2,\n3]") == [[5, 1], [8, 2]])
    #expect(Self.places(in: " \u{FEFF}[1,\n2]") == [])
    #expect(Self.places(in: "\u{FEFF}\u{FEFF}[1,\n2]") == [])
    for bytes: [UInt8] in [[0xEF, 0xBB, 0x5B, 0x31, 0x2C, 0x0A, 0x32, 0x5D], [0xBB, 0xBF, 0x5B]] {
      var splitter = JSONArraySplitter()
      #expect(bytes.withUnsafeBufferPointer { splitter.scan($0) } == nil)
      #expect(!splitter.isArray)
    }
  }

  @Test func brokenArraySyntaxStopsThePlaces() {
    // A missing comma, a doubled one, a leading one, content after the array.
    #expect(Self.places(in: "[1,\n2\n3,\n4]") == [[2, 1]])
    #expect(Self.places(in: "[1,,\n2,\n3]") == [])
    #expect(Self.places(in: "[,\n1,\n2]") == [])
    #expect(Self.places(in: "[1,\n2]\n[3,\n4]") == [[2, 1]])
    // A trailing comma is the reader's to judge, and no place.
    #expect(Self.places(in: "[1,\n2,\n]") == [[2, 1]])
  }

  @Test func aLineFeedInsideAStringEndsIt() {
    // JSON forbids it; the reader reports it, and the places after it stay.
    #expect(Self.places(in: "[\"x\n,\n1,\n2]") == [[4, 1], [7, 2]])
  }

  /// Scanning in any chunks finds the places scanning a byte at a time finds, the last of each
  /// chunk.
  @Test func chunksFindTheSamePlaces() {
    let text = (0..<40).map { "{\"n\": \($0), \"s\": \"a,\\\"b]\"}" }.joined(separator: ",\n")
    let input = "[\n" + text + "\n]\n"
    let all = Self.places(in: input)
    #expect(all.count == 39)
    #expect(all.map { $0[1] } == Array(1..<40))
    for chunkSize in [2, 3, 7, 64, 100_000] {
      let found = Self.places(in: input, chunkSize: chunkSize)
      #expect(Set(found.map { $0[0] }).isSubset(of: Set(all.map { $0[0] })))
      #expect(found.last == all.last)
    }
  }
}
