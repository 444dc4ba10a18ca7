import PushDiagnostics
import Testing

@testable import PushJSON

/// `ValueTree` holds the same values as the `ValueNode` trees it is made from, with the same
/// spans, and its reading API gives what the nodes give.
@Suite struct ValueTreeTests {
  static func parse(_ text: String) throws -> [ValueNode] {
    let parsed = JSONReader.read(
      SourceFile(name: "t.ndjson", text: text),
      options: JSONReader.Options(allowsMultipleDocuments: true))
    #expect(parsed.diagnostics.isEmpty)
    return parsed.documents
  }

  static let documents = [
    #"{"aps":{"alert":{"title":"공지","body":"b"},"badge":1,"mutable-content":1},"k":"v"}"#,
    #"{"a":[1,2.50,-0,null,true,false,[],{}],"b":{"c":[{"d":"e"}]}}"#,
    #"[] {} "text" 12345678901234567890 -1.5e-3 true null"#,
    #"[[[{"a":[{}]}]]]"#,
    #"{"escaped":"a\"b\\c\n\u00e9\ud83d\ude00","\u0041":"key with an escape"}"#,
    #"{"fifteen-bytes!":"123456789012345","sixteen-bytes!!!":"1234567890123456","":""}"#,
  ]

  @Test(arguments: documents)
  func aTreeMadeFromNodesGivesThemBack(_ text: String) throws {
    let documents = try Self.parse(text)
    let tree = ValueTree(documents: documents)
    #expect(tree.roots.count == documents.count)
    #expect(tree.documents == documents)
    for (root, document) in zip(tree.roots, documents) {
      Self.expectSame(tree, root, document)
    }
  }

  /// Every reading method of `tree` at `id` against `node`, recursively.
  static func expectSame(_ tree: ValueTree, _ id: ValueTree.NodeID, _ node: ValueNode) {
    #expect(tree.span(id) == node.span)
    #expect(tree.isNull(id) == node.isNull)
    #expect(tree.bool(id) == node.boolValue)
    #expect(tree.valueNode(id) == node)
    switch node.kind {
    case .null: #expect(tree.kind(id) == .null)
    case .bool: #expect(tree.kind(id) == .bool)
    case .number(let number):
      #expect(tree.kind(id) == .number)
      #expect(tree.string(id) == number.lexeme)
      #expect(tree.utf8Count(id) == number.lexeme.utf8.count)
    case .string(let string):
      #expect(tree.kind(id) == .string)
      #expect(tree.string(id) == string)
      #expect(tree.utf8Count(id) == string.utf8.count)
      #expect(tree.isASCII(id) == string.utf8.allSatisfy { $0 < 0x80 })
      #expect(tree.withUTF8(id) { Array($0) } == Array(string.utf8))
    case .array(let elements):
      #expect(tree.kind(id) == .array)
      #expect(tree.count(id) == elements.count)
      for (index, element) in elements.enumerated() {
        expectSame(tree, tree.element(index, of: id), element)
      }
    case .object(let object):
      #expect(tree.kind(id) == .object)
      #expect(tree.count(id) == object.count)
      for (index, member) in object.members.enumerated() {
        let key = tree.key(ofMember: index, of: id)
        #expect(tree.kind(key) == .key)
        #expect(tree.string(key) == member.key)
        #expect(tree.span(key) == member.keySpan)
        expectSame(tree, tree.value(ofMember: index, of: id), member.value)
      }
    }
  }

  /// A YAML plain scalar's source text survives the round trip through a tree.
  @Test func sourceTextsAreKept() {
    let node = ValueNode(
      .object(
        JSONObject([
          .init(key: "id", value: ValueNode(.number(JSONNumber(76473)), sourceText: "076473")),
          .init(key: "on", value: ValueNode(.bool(true), sourceText: "yes")),
        ])))
    let tree = ValueTree(documents: [node])
    #expect(tree.sourceText(tree.value(ofMember: 0, of: tree.roots[0])) == "076473")
    #expect(tree.sourceText(tree.value(ofMember: 1, of: tree.roots[0])) == "yes")
    #expect(tree.sourceText(tree.roots[0]) == nil)
    #expect(tree.documents == [node])
  }

  /// A parsed source gives the same documents, spans and tree in either form.
  @Test(arguments: documents)
  func parsedSourceFormsAgree(_ text: String) throws {
    let documents = try Self.parse(text)
    let file = SourceFile(name: "t.ndjson", text: text)
    let nodes = ParsedSource(
      file: file, format: .jsonSequence, documents: documents, diagnostics: [])
    let tree = ParsedSource(
      file: file, format: .jsonSequence, tree: ValueTree(documents: documents), diagnostics: [])
    #expect(!nodes.isTree)
    #expect(tree.isTree)
    #expect(tree.documents == documents)
    #expect(nodes.tree.documents == documents)
    #expect(tree.documentCount == documents.count)
    #expect(tree.firstDocument == documents.first)
    for index in documents.indices {
      #expect(tree.documentSpan(index) == documents[index].span)
      #expect(nodes.documentSpan(index) == documents[index].span)
    }
    var replaced = tree
    replaced.documents = [ValueNode(.null)]
    #expect(!replaced.isTree)
    #expect(replaced.documentCount == 1)
    #expect(nodes.firstDocumentHead == documents.first)
    #expect(tree.firstDocumentHead == documents.first.map { Self.cut($0, to: 1) })
    #expect(nodes.firstDocumentOutline == documents.first)
    #expect(tree.firstDocumentOutline == documents.first.map { Self.cut($0, to: 1, depth: 1) })
  }

  /// `node` with every array, at any depth, cut to its first `limit` elements, and every
  /// object `depth` objects down (arrays do not count), and the arrays in it, made empty.
  static func cut(_ node: ValueNode, to limit: Int, depth: Int = .max) -> ValueNode {
    let kind: ValueNode.Kind
    switch node.kind {
    case .array(let elements):
      kind = .array(
        depth == 0 ? [] : elements.prefix(limit).map { cut($0, to: limit, depth: depth) })
    case .object(let object):
      kind = .object(
        JSONObject(
          depth == 0
            ? []
            : object.members.map {
              JSONObject.Member(
                key: $0.key, keySpan: $0.keySpan,
                value: cut($0.value, to: limit, depth: depth - 1))
            }))
    default: return node
    }
    return ValueNode(kind, span: node.span, sourceText: node.sourceText)
  }

  /// A node made with an element limit has every array cut to that many elements, and the
  /// rest as it is.
  @Test(arguments: documents)
  func anElementLimitCutsEveryArray(_ text: String) throws {
    let documents = try Self.parse(text)
    let tree = ValueTree(documents: documents)
    for limit in [0, 1, 2] {
      #expect(
        tree.roots.map { tree.valueNode($0, elementLimit: limit) }
          == documents.map { Self.cut($0, to: limit) })
    }
    #expect(tree.roots.map { tree.valueNode($0, elementLimit: .max) } == documents)
  }

  /// A node made with an object depth limit has the objects that many objects down, and the
  /// arrays in them, empty, and the rest as it is.
  @Test(arguments: documents)
  func anObjectDepthLimitEmptiesTheContainersAtThatDepth(_ text: String) throws {
    let documents = try Self.parse(text)
    let tree = ValueTree(documents: documents)
    for depth in [0, 1, 2, 3] {
      for limit in [1, .max] {
        #expect(
          tree.roots.map { tree.valueNode($0, elementLimit: limit, objectDepthLimit: depth) }
            == documents.map { Self.cut($0, to: limit, depth: depth) })
      }
    }
  }

  /// A string or key read by the strict scanner without an escape is verbatim: its span is
  /// what the compact writer writes for it. One with an escape is not, nor is any string of a
  /// tree made from nodes (the full reader's, a YAML document's), nor any other value.
  @Test func verbatimStringsAreThoseReadWithoutEscapes() throws {
    let text = #"{"plain": "공지 text", "esc\u0061ped": "a\"b", "n": 1, "t": true}"#
    let tree = JSONReader.readTree(SourceFile(name: "v.json", text: text)).tree
    let root = try #require(tree.roots.first)
    let writer = CanonicalJSONWriter(style: .compact)
    var verbatim: [Bool] = []
    for index in 0..<tree.count(root) {
      for node in [tree.key(ofMember: index, of: root), tree.value(ofMember: index, of: root)] {
        verbatim.append(tree.isVerbatimString(node))
        if tree.isVerbatimString(node) {
          #expect(
            tree.span(node).count
              == writer.bytes(for: ValueNode(.string(tree.string(node) ?? ""))).count)
        }
      }
    }
    #expect(verbatim == [true, true, false, false, true, false, true, false])
    let fromNodes = ValueTree(documents: try Self.parse(text))
    let nodeRoot = try #require(fromNodes.roots.first)
    #expect(!fromNodes.isVerbatimString(fromNodes.key(ofMember: 0, of: nodeRoot)))
    #expect(!fromNodes.isVerbatimString(fromNodes.value(ofMember: 0, of: nodeRoot)))
  }

  /// A value whose strings and keys are all verbatim is counted from its nodes as the compact
  /// writer writes it; one with an escape anywhere, or a tree made from nodes, is not counted.
  @Test(arguments: [
    (#"{"a":[1,-2.5e3,true,false,null,[],{}],"b":{"c":"공지 /"},"":""}"#, true),
    (#"[[[{"a":[{}]}]],"x"]"#, true),
    (#"12345678901234567890"#, true),
    (#"{"a":{"b":"c\"d"}}"#, false),
    (#"{"\u0061":1}"#, false),
  ])
  func aVerbatimValueIsCountedFromItsNodes(_ text: String, _ isVerbatim: Bool) throws {
    let tree = JSONReader.readTree(SourceFile(name: "v.json", text: "  " + text + " ")).tree
    let root = try #require(tree.roots.first)
    let written = CanonicalJSONWriter(style: .compact).bytes(for: tree.valueNode(root)).count
    #expect(tree.verbatimCompactByteCount(of: root) == (isVerbatim ? written : nil))
    let fromNodes = ValueTree(documents: [tree.valueNode(root)])
    let nodeRoot = try #require(fromNodes.roots.first)
    let hasStrings = text.contains("\"")
    #expect((fromNodes.verbatimCompactByteCount(of: nodeRoot) == nil) == hasStrings)
  }

  /// A tree the scanner read has distinct keys in every object (it leaves an input with a
  /// repeated key, as `String`s compare, to the full reader); a tree made of nodes may not.
  @Test(arguments: [
    (#"{"a":1,"b":2,"ab":3,"ba":{"a":1}}"#, false),
    (#"{"a":1,"b":2,"a":3}"#, true),
    (#"{"x":{"k":1,"j":2,"k":3}}"#, true),
    (#"{"é":1,"e\u0301":2}"#, true),
    (#"{";":1,"\u037e":2}"#, true),
    (#"{"é":1,"e":2,"\u00e8":3}"#, false),
    (#"{"a\u0062":1,"ab":2}"#, true),
    (#"[1,1,"a","a"]"#, false),
  ])
  func aTreeTheScannerReadHasDistinctKeys(_ text: String, _ repeatsAKey: Bool) throws {
    let read = JSONReader.readTree(SourceFile(name: "k.json", text: text))
    #expect(read.isTree == !repeatsAKey)
    #expect(read.tree.keysAreDistinct == !repeatsAKey)
    let full = JSONReader.read(SourceFile(name: "k.json", text: text))
    #expect(!ValueTree(documents: full.documents).keysAreDistinct)
  }
}
