import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

/// Issue 9: the places where an NDJSON input can be cut into parts that read exactly as the
/// whole input does.
@Suite struct JSONSequenceSplitterTests {
  /// Every place to cut in `text`, scanning it in chunks of `chunkSize` bytes.
  static func places(in text: String, chunkSize: Int = .max) -> [Int] {
    let bytes = Array(text.utf8)
    var splitter = JSONSequenceSplitter()
    // One byte at a time finds every place; larger chunks find the last one of each chunk.
    let places = ChunkedScan.results(of: bytes, chunkSize: chunkSize) { splitter.scan($0) }
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

  /// The places `bytes` reveal, chunk by chunk, by the splitter and by the byte-at-a-time
  /// model, with the same cuts.
  static func expectAgreementWithModel(
    _ bytes: [UInt8], cuts: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var splitter = JSONSequenceSplitter()
    var model = ReferenceSequenceSplitter()
    var start = 0
    for end in cuts + [bytes.count] where end >= start {
      let found = bytes.withUnsafeBufferPointer { buffer in
        splitter.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
      let expected = model.scan(bytes[start..<end])
      #expect(
        found == expected, "\(bytes) cut at \(cuts), chunk \(start)..<\(end)",
        sourceLocation: sourceLocation)
      start = end
    }
    #expect(splitter.offset == model.offset, sourceLocation: sourceLocation)
  }

  /// Every byte that matters, at every position of an eight-byte word, inside and outside
  /// strings and documents: the word-at-a-time jumps must stop exactly where the model does.
  @Test func eachByteThatMattersAtEveryPositionOfAWord() {
    let specials: [UInt8] =
      Array("\"\\\n{}[]\r \t,:a!".utf8) + [0x5B | 0x80, 0xFB, 0xEF, 0xFF, 0x00, 0x01, 0x1F]
    let prefixes = ["", "{", "{\"", "[[", "\"", "{\"a\\", "x\n"]
    for prefix in prefixes {
      for special in specials {
        for position in 0..<17 {
          var bytes = Array(prefix.utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 24)
          bytes[prefix.utf8.count + position] = special
          bytes += Array("\"}]}\n{}\n[]".utf8)
          Self.expectAgreementWithModel(bytes, cuts: [])
          Self.expectAgreementWithModel(bytes, cuts: [prefix.utf8.count + position])
          Self.expectAgreementWithModel(bytes, cuts: [prefix.utf8.count + position + 1])
        }
      }
    }
  }

  @Test func anEscapeOrAStringCrossingTheEndOfAChunkCarriesOn() {
    let text = Array("{\"a\": \"12345678\\\"9\\n\"}\n{\"b\": \"\\\n\"}\n{}".utf8)
    for cut in 0...text.count {
      Self.expectAgreementWithModel(text, cuts: [cut])
    }
    Self.expectAgreementWithModel(text, cuts: Array(0...text.count))
  }

  @Test func randomSequencesAgreeWithTheByteAtATimeModel() {
    var random = SplitMix64(seed: 9)
    let pieces: [[UInt8]] = [
      Array("\"".utf8), Array("\\".utf8), Array("\n".utf8), Array("{".utf8), Array("}".utf8),
      Array("[".utf8), Array("]".utf8), Array(" ".utf8), Array("\r\n".utf8), Array(",".utf8),
      Array(":".utf8), Array("abcdefgh".utf8), Array("1".utf8), Array("한국어".utf8), [0xEF],
      [0xFF], [0x7B | 0x80], Array("{\"k\": \"value\"}\n".utf8), Array("\t".utf8), [0x1F],
    ]
    for _ in 0..<3_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<40, using: &random) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      var cuts: [Int] = []
      var cut = 0
      while cut < bytes.count {
        cuts.append(cut)
        cut += Int.random(in: 1...20, using: &random)
      }
      Self.expectAgreementWithModel(bytes, cuts: cuts)
      Self.expectAgreementWithModel(bytes, cuts: [])
    }
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
