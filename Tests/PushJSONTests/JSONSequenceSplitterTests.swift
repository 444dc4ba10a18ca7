import PushDiagnostics
import PushJSON
import Testing

/// Issue 9: the places where an NDJSON input can be cut into parts that read exactly as the
/// whole input does.
@Suite struct JSONSequenceSplitterTests {
  /// Every place to cut in `text`, scanning it in chunks of `chunkSize` bytes.
  static func places(in text: String, chunkSize: Int = .max) -> [Int] {
    let bytes = Array(text.utf8)
    var splitter = JSONSequenceSplitter()
    var places: [Int] = []
    var start = 0
    // One byte at a time finds every place; larger chunks find the last one of each chunk.
    let step = min(chunkSize, max(1, bytes.count))
    while start < bytes.count {
      let end = min(bytes.count, start + step)
      let found = bytes.withUnsafeBufferPointer { buffer in
        splitter.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
      if let found { places.append(found) }
      start = end
    }
    #expect(splitter.offset == bytes.count)
    return places
  }

  @Test func eachLineThatStartsADocumentIsAPlace() {
    #expect(Self.places(in: "{\"a\": 1}\n{\"b\": 2}\n[3]\n", chunkSize: 1) == [9, 18])
    #expect(Self.places(in: "{\"a\": 1}\r\n  {\"b\": 2}", chunkSize: 1) == [10])
  }

  @Test func aChunkRevealsItsLastPlace() {
    #expect(Self.places(in: "1\n2\n3\n4") == [6])
  }

  @Test func blankLinesBeforeTheFirstDocumentAreNoPlace() {
    #expect(Self.places(in: "\n\n{}\n\n{}", chunkSize: 1) == [6])
  }

  @Test func linesInsideDocumentsAndStringsAreNoPlace() {
    let pretty = "{\n  \"a\": [\n    1\n  ],\n  \"s\": \"}\\\"{\"\n}\n{}"
    #expect(Self.places(in: pretty, chunkSize: 1) == [pretty.utf8.count - 2])
  }

  @Test func aLineFeedInsideAStringEndsIt() {
    // JSON forbids it; the reader reports it, and one broken line hides no later place.
    #expect(Self.places(in: "\"x\n{}\n{}", chunkSize: 1) == [3, 6])
    #expect(Self.places(in: "{\"a\": \"x\n}\n{}", chunkSize: 1) == [11])
  }

  @Test func closingBracketsOutsideDocumentsDoNotUnderflow() {
    #expect(Self.places(in: "}}\n{}\n{}", chunkSize: 1) == [3, 6])
  }

  @Test func noPlaceBeforeAByteTheReaderReadsAsASignature() {
    #expect(Self.places(in: "{}\n\u{FEFF}{}\n{}", chunkSize: 1) == [9])
  }

  /// Reading the parts on their own finds the documents and problems of the whole input.
  @Test(arguments: [
    "{\"a\": 1}\n{\"b\": [1, 2]}\n{\"c\": {\"d\": \"e\"}}\n",
    "{\"a\": 1}\n{\"a\": 1, \"a\": 2}\n\"x\"\n",
    "{\"a\": 1}\n{\"b\": \"\u{1}\"}\n{\"c\": 3}\n",
    "{\"a\": 1}\n{\"b\": }\n{\"c\": 3}\n",
  ])
  func partsReadAsTheWholeInput(text: String) {
    let bytes = Array(text.utf8)
    let whole = JSONReader.read(
      SourceFile(name: "in.ndjson", bytes: bytes),
      options: JSONReader.Options(allowsMultipleDocuments: true))
    var splitter = JSONSequenceSplitter()
    var cuts = [0]
    for index in bytes.indices {
      let found = bytes.withUnsafeBufferPointer { buffer in
        splitter.scan(UnsafeBufferPointer(rebasing: buffer[index..<index + 1]))
      }
      if let found { cuts.append(found) }
    }
    cuts.append(bytes.count)
    var documents: [ValueNode] = []
    var diagnostics: [Diagnostic] = []
    var line = 1
    for (start, end) in zip(cuts, cuts.dropFirst()) {
      let part = Array(bytes[start..<end])
      let origin = SourcePosition(line: line, column: 1, offset: start)
      let parsed = JSONReader.read(
        SourceFile(name: "in.ndjson", bytes: part, origin: origin),
        options: JSONReader.Options(allowsMultipleDocuments: true))
      documents += parsed.documents.map(\.withoutSpans)
      diagnostics += parsed.diagnostics
      line += LineTable.lineBreakCount(in: part)
      if parsed.stoppedBeforeEnd { break }
    }
    #expect(documents == whole.documents.map(\.withoutSpans))
    #expect(diagnostics == whole.diagnostics)
  }
}

extension ValueNode {
  /// The node with every span emptied, to compare values read from different offsets.
  fileprivate var withoutSpans: ValueNode {
    var node = self
    node.span = SourceSpan(at: 0)
    switch kind {
    case .array(let elements): node.kind = .array(elements.map(\.withoutSpans))
    case .object(var object):
      for index in object.members.indices {
        object.members[index].keySpan = SourceSpan(at: 0)
        object.members[index].value = object.members[index].value.withoutSpans
      }
      node.kind = .object(object)
    default: break
    }
    return node
  }
}
