import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// Issue 9: the places where a YAML stream can be cut into parts of whole documents.
@Suite struct YAMLDocumentSplitterTests {
  /// Every place to cut in `text`, scanning it in chunks of `chunkSize` bytes.
  static func places(in text: String, chunkSize: Int = 1) -> [Int] {
    let bytes = Array(text.utf8)
    var splitter = YAMLDocumentSplitter()
    let places = ChunkedScan.results(of: bytes, chunkSize: chunkSize) { splitter.scan($0) }
    #expect(splitter.offset == bytes.count)
    return places
  }

  @Test func eachMarkerAfterADocumentIsAPlace() {
    #expect(Self.places(in: "a: 1\n---\nb: 2\n--- {c: 3}\n---\r\nd: 4\n") == [5, 14, 25])
    // The first marker starts the first document; comments and blank lines are no document.
    #expect(Self.places(in: "# head\n\n---\na: 1\n---\nb: 2\n") == [17])
  }

  @Test func dashesThatAreNoMarkerAreNoPlace() {
    let text = "a: |\n  ---\n  text\nb:\n- x\n----\n---x: 1\n-- y\n--- \nc: 1\n"
    #expect(Self.places(in: text) == [43])
  }

  @Test func aDirectiveStopsThePlaces() {
    #expect(Self.places(in: "a: 1\n---\nb: 2\n%YAML 1.2\n---\nc: 3\n---\nd: 4\n") == [5])
  }

  @Test func chunksFindTheLastPlaceOfEach() {
    let text = (0..<30).map { "---\nmessage: {topic: t\($0)}\n# note\n" }.joined()
    let all = Self.places(in: text)
    #expect(all.count == 29)
    for chunkSize in [2, 5, 64, 100_000] {
      let found = Self.places(in: text, chunkSize: chunkSize)
      #expect(Set(found).isSubset(of: Set(all)))
      #expect(found.last == all.last)
    }
  }

  /// The documents of the parts between places are those of the whole stream, at the same
  /// offsets.
  @Test func partsReadAsTheWholeStream() {
    let text =
      "a: 1\n---\nb: |\n  --- x\n  y\n...\n---\n- 1\n- 2\n--- \"s\"\n---\nc: {d: [1, 2]}\n"
    let bytes = Array(text.utf8)
    let whole = YAMLReader.read(SourceFile(name: "s.yaml", bytes: bytes))
    var starts = [0] + Self.places(in: text)
    starts.append(bytes.count)
    var documents: [ValueNode] = []
    for index in 0..<starts.count - 1 {
      let file = SourceFile(
        name: "s.yaml", bytes: Array(bytes[starts[index]..<starts[index + 1]]),
        origin: SourcePosition(line: 1, column: 1, offset: 0))
      let part = YAMLReader.read(file)
      #expect(part.diagnostics.isEmpty)
      documents += part.documents.map { document in
        var shifted = document
        shifted.span = SourceSpan(
          start: document.span.start + starts[index], end: document.span.end + starts[index])
        return shifted
      }
    }
    #expect(whole.diagnostics.isEmpty)
    #expect(documents.map(\.typeName) == whole.documents.map(\.typeName))
    #expect(documents.count == 5)
    #expect(documents.map(\.span) == whole.documents.map(\.span))
  }
}
