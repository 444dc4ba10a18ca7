import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@Suite struct CanonicalJSONWriterTests {
  func parse(_ text: String) throws -> ValueNode {
    let parsed = JSONReader.read(SourceFile(name: "t.json", text: text))
    #expect(parsed.diagnostics.isEmpty)
    return try #require(parsed.documents.first)
  }

  @Test func prettyLayout() throws {
    let node = try parse(#"{"a":[1,{"b":null},[]],"c":{},"d":"x"}"#)
    let expected = """
      {
        "a": [
          1,
          {
            "b": null
          },
          []
        ],
        "c": {},
        "d": "x"
      }
      """
    #expect(CanonicalJSONWriter(style: .pretty).string(for: node) == expected)
  }

  @Test func customIndent() throws {
    let node = try parse(#"{"a":[1]}"#)
    #expect(
      CanonicalJSONWriter(style: .pretty(indent: 4)).string(for: node)
        == "{\n    \"a\": [\n        1\n    ]\n}")
    #expect(
      CanonicalJSONWriter(style: .pretty(indent: 0)).string(for: node) == "{\n\"a\": [\n1\n]\n}")
  }

  @Test func minimalEscaping() {
    let node = ValueNode(.string("\"\\/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é한👍"))
    #expect(
      CanonicalJSONWriter().string(for: node)
        == "\"\\\"\\\\/\\n\\r\\t\\b\\f\\u0001\\u001f\u{7F}é한👍\""
    )
  }

  @Test func koreanIsWrittenAsRawUTF8() {
    let node = ValueNode(.string("안녕"))
    #expect(CanonicalJSONWriter().bytes(for: node).count == 2 + 6)
  }

  static let sizeDocuments = [
    #"{"aps":{"alert":{"title":"공지","body":"a\"b\\c\nd"},"badge":1},"k":[1,2.50,-0,null,true,false,[],{}]}"#,
    #"[]"#, #"{}"#, #""\u0000\u001f""#, #"[[[[{"a":[{}]}]]]]"#, #"{"a":{"b":{"c":[1,[2,[3]]]}}}"#,
  ]

  @Test(arguments: sizeDocuments)
  func encodedByteCountMatchesTheOutputInEveryStyle(_ text: String) throws {
    let node = try parse(text)
    for style in [
      CanonicalJSONWriter.Style.compact, .pretty, .pretty(indent: 0), .pretty(indent: 3),
    ] {
      let writer = CanonicalJSONWriter(style: style)
      #expect(writer.encodedByteCount(of: node) == writer.bytes(for: node).count, "\(style)")
    }
  }

  /// Documents larger than the first buffer `bytes(for:)` writes into, with escapes on both
  /// sides of where it grows, come out as writing into an array gives them.
  @Test(arguments: [100, 2040, 2047, 2048, 2049, 5000])
  func bytesGrowTheirBufferWithoutChangingTheOutput(length: Int) throws {
    let text =
      String(repeating: "가", count: length / 3) + "\"" + String(repeating: "a", count: length % 97)
    let node = ValueNode(
      .object(
        JSONObject([
          .init(key: "k", value: ValueNode(.string(text))),
          .init(
            key: "n",
            value: ValueNode(.array([ValueNode(.number(JSONNumber(1))), ValueNode(.null)]))),
        ])))
    for style in [CanonicalJSONWriter.Style.compact, .pretty] {
      let writer = CanonicalJSONWriter(style: style)
      var written: [UInt8] = []
      writer.write(node, into: &written)
      #expect(writer.bytes(for: node) == written)
      #expect(writer.bytes(for: node).count == writer.encodedByteCount(of: node))
    }
  }

  /// Small strings written across the end of the storage `bytes(for:)` is lent, at every
  /// offset: each is stored as two whole words, so its room is made before it is written.
  @Test func smallStringsAcrossTheFirstBufferEnd() {
    for lead in 0..<24 {
      let strings = [String(repeating: "가", count: 600 + lead)] + (0..<120).map { "key-\($0 % 13)" }
      let node = ValueNode(.array(strings.map { ValueNode(.string($0)) }))
      var written: [UInt8] = []
      CanonicalJSONWriter().write(node, into: &written)
      #expect(CanonicalJSONWriter().bytes(for: node) == written, "\(lead)")
    }
  }

  @Test func stringByteCount() {
    #expect(CanonicalJSONWriter.encodedByteCount(ofString: "a\u{1}\"한") == 2 + 1 + 6 + 2 + 3)
  }

  @Test func prettyOutputReadsBackToTheSameTree() throws {
    let text =
      #"{"message":{"notification":{"title":"제목","body":"x"},"data":{"n":"1"},"list":[1e2,-0,{"k":[]}]}}"#
    let node = try parse(text)
    let pretty = CanonicalJSONWriter(style: .pretty).string(for: node)
    let reparsed = try parse(pretty)
    #expect(CanonicalJSONWriter().string(for: reparsed) == text)
  }

  /// The escaping of `text` as JSON allows it least, written plainly, for comparison.
  static func referenceEscaped(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  /// Strings of every length around the eight-byte words the writer tests at once, with one
  /// byte that needs escaping (or one that does not) at every position: the fast test for a
  /// string without escapes must never miss one, in a short string, a word or the last one.
  @Test(arguments: ["\"", "\\", "\n", "\u{0}", "\u{1F}", " ", "\u{7F}", "é"])
  func escapingAtEveryPositionOfEveryLength(_ special: String) {
    for length in 0...25 {
      for position in 0...length {
        let text =
          String(repeating: "a", count: position) + (position < length ? special : "")
          + String(repeating: "b", count: max(0, length - position - 1))
        var bytes: [UInt8] = []
        CanonicalJSONWriter.writeString(text, into: &bytes)
        let expected = Self.referenceEscaped(text)
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(length) \(position)")
        #expect(
          CanonicalJSONWriter.encodedByteCount(ofString: text) == expected.utf8.count,
          "\(length) \(position)")
      }
    }
  }

  /// The same strings as keys and values of a whole document: `bytes(for:)` tests and copies a
  /// short string (four to sixteen bytes) in two overlapping words of its own, which must find
  /// a byte to escape at any position of either word, in ASCII and multi-byte text alike.
  @Test(arguments: ["\"", "\\", "\n", "\u{0}", "\u{1F}", " ", "\u{7F}", "é", "한"])
  func documentsEscapeAtEveryPositionOfEveryLength(_ special: String) {
    for length in 0...25 {
      for position in 0...length {
        let text =
          String(repeating: "a", count: position) + (position < length ? special : "")
          + String(repeating: "b", count: max(0, length - position - 1))
        let node = ValueNode(
          .object(
            JSONObject([
              .init(key: text, value: ValueNode(.string(text))),
              .init(key: "k", value: ValueNode(.array([ValueNode(.string(text))]))),
            ])))
        let literal = Self.referenceEscaped(text)
        let expected = "{\(literal):\(literal),\"k\":[\(literal)]}"
        let writer = CanonicalJSONWriter()
        #expect(writer.string(for: node) == expected, "\(length) \(position)")
        #expect(writer.encodedByteCount(of: node) == expected.utf8.count, "\(length) \(position)")
      }
    }
  }

  /// Random text in which bytes that need escaping crowd together, several to a word and at
  /// word ends: after each escape the writer jumps to the next one within the same word.
  /// Keys and string values, which the writer reads in place from their words (small, large,
  /// literal, made from a substring, with escapes or without), are written as their text, in
  /// objects and arrays alike.
  @Test func stringsReadInPlaceMatchTheReference() {
    #expect(CanonicalJSONWriter.InPlaceStrings.layout != nil)
    var random = SplitMix64(seed: 5)
    let pieces = ["a", "é", "한", "\"", "\\", "\n", "k", "/", " ", "long enough to be large "]
    func text() -> String {
      var text = ""
      for _ in 0..<Int.random(in: 0..<12, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      return text
    }
    for _ in 0..<500 {
      let literal = "a literal string longer than fifteen bytes"
      var members = [JSONObject.Member(key: literal, value: ValueNode(.string(literal)))]
      var expected = "{" + Self.referenceEscaped(literal) + ":" + Self.referenceEscaped(literal)
      for index in 0..<Int.random(in: 0..<6, using: &random) {
        let key = text()
        // Every third value is made from a substring.
        let value = index % 3 == 1 ? String(("x" + text()).dropFirst()) : text()
        members.append(JSONObject.Member(key: key, value: ValueNode(.string(value))))
        expected += "," + Self.referenceEscaped(key) + ":" + Self.referenceEscaped(value)
      }
      expected += "}"
      let node = ValueNode(.object(JSONObject(members)))
      #expect(CanonicalJSONWriter().string(for: node) == expected)
      #expect(
        CanonicalJSONWriter().string(for: ValueNode(.array([node, ValueNode(.string(literal))])))
          == "[" + expected + "," + Self.referenceEscaped(literal) + "]")
    }
  }

  @Test func crowdedEscapesMatchTheReference() {
    var random = SplitMix64(seed: 11)
    let pieces = ["a", "é", "한", "\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", "/", " "]
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0..<40, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      var bytes: [UInt8] = [0x7B]
      CanonicalJSONWriter.writeString(text, into: &bytes)
      #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == Self.referenceEscaped(text))
      var fromBytes: [UInt8] = [0x7B]
      Array(text.utf8).withUnsafeBufferPointer {
        CanonicalJSONWriter.writeString(utf8: $0, into: &fromBytes)
      }
      #expect(fromBytes == bytes)
    }
  }

  /// Members inserted from a tree are the bytes the writer writes for the object with those
  /// members at that position, whatever whitespace separates them in their source (compact
  /// members are copied as one run, the others piece by piece).
  @Test(
    arguments: [
      "{ \"id\" :\n \"7\" ,\t\"title\": \"새 글 / 공지\" }",
      #"{"id":"7","title":"새 글 / 공지","k":""}"#,
      #"{ "id":"7","title":"새 글 / 공지" }"#,
      #"{"id":"7", "title":"새 글 / 공지"}"#,
      #"{"id" :"7","title":"새 글 / 공지"}"#,
      #"{"only":"one"}"#,
    ], 0...3)
  func membersInsertedFromATreeAreWrittenWhereTheyGo(source: String, position: Int) throws {
    let tree = JSONReader.readTree(SourceFile(name: "d.json", text: source)).tree
    let inserted = try #require(tree.roots.first)
    let insertedMembers = try #require(tree.valueNode(inserted).objectValue?.members)
    let node = try parse(#"{"aps":{"alert":{"title":"t"},"badge":1},"k":[1,null],"e":{}}"#)
    var members = try #require(node.objectValue?.members)
    let writer = CanonicalJSONWriter(style: .compact)
    let bytes = writer.bytes(for: node, insertingMembersOf: inserted, in: tree, at: position)
    members.insert(contentsOf: insertedMembers, at: position)
    #expect(bytes == writer.bytes(for: ValueNode(.object(JSONObject(members)))))
  }

  /// An empty object inserted changes nothing; members go into an empty object alone.
  @Test func emptyObjectsAreInsertedAndInsertedInto() throws {
    let writer = CanonicalJSONWriter(style: .compact)
    let tree = JSONReader.readTree(
      SourceFile(name: "d.ndjson", text: #"{} {"a":"b"}"#),
      options: JSONReader.Options(allowsMultipleDocuments: true)
    ).tree
    let node = try parse(#"{"x":"y"}"#)
    #expect(
      writer.bytes(for: node, insertingMembersOf: tree.roots[0], in: tree, at: 1)
        == writer.bytes(for: node))
    #expect(
      writer.bytes(
        for: ValueNode(.object(JSONObject())), insertingMembersOf: tree.roots[1], in: tree, at: 0)
        == Array(#"{"a":"b"}"#.utf8))
  }
}
