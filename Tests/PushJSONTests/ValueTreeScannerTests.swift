import Foundation
import PushDiagnostics
import Testing
import _PushPayloadTestSupport

@testable import PushJSON

/// ``JSONReader/readTree(_:)`` against ``JSONReader/read(_:)``: the same documents, spans and
/// diagnostics for every input, and the tree fast path taken exactly when the full reader has
/// nothing to say.
@Suite struct ValueTreeScannerTests {
  // MARK: - The differential check

  /// Expects `readTree` to give what `read` gives for `bytes`, compared with `==` and byte for
  /// byte (string `==` is canonical equivalence), the fast path (`isTree`) to be taken exactly
  /// when `read` finds nothing, and the tree to be sound (``expectSoundTree(_:)``).
  static func expectSameAsFullReader(
    _ bytes: [UInt8], options: JSONReader.Options = JSONReader.Options(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = SourceFile(name: "tree.json", bytes: bytes)
    let full = JSONReader.read(file, options: options)
    let tree = JSONReader.readTree(file, options: options)
    let documents = tree.documents
    #expect(documents == full.documents, "\(bytes)", sourceLocation: sourceLocation)
    #expect(tree.diagnostics == full.diagnostics, "\(bytes)", sourceLocation: sourceLocation)
    #expect(tree.recoveries == full.recoveries, sourceLocation: sourceLocation)
    #expect(tree.format == full.format, sourceLocation: sourceLocation)
    #expect(
      tree.isTree == full.diagnostics.isEmpty,
      "the fast path must be taken exactly without diagnostics: \(bytes)",
      sourceLocation: sourceLocation)
    #expect(
      Array(String(reflecting: documents).utf8) == Array(String(reflecting: full.documents).utf8),
      "documents differ in their bytes for \(bytes)", sourceLocation: sourceLocation)
    if tree.isTree {
      expectSoundTree(tree.tree, sourceLocation: sourceLocation)
      #expect(tree.documentCount == full.documents.count, sourceLocation: sourceLocation)
      for index in 0..<tree.documentCount {
        #expect(
          tree.documentSpan(index) == full.documents[index].span, sourceLocation: sourceLocation)
      }
    }
    // The tree made from the nodes gives the nodes back.
    #expect(
      ValueTree(documents: full.documents).documents == full.documents,
      sourceLocation: sourceLocation)
  }

  static func expectSameAsFullReader(
    _ text: String, options: JSONReader.Options = JSONReader.Options(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectSameAsFullReader(Array(text.utf8), options: options, sourceLocation: sourceLocation)
  }

  /// The options every input is read with: single document and sequence, strict and lenient.
  static let optionVariants: [JSONReader.Options] = [
    JSONReader.Options(),
    JSONReader.Options(allowsMultipleDocuments: true),
    .lenient,
    JSONReader.Options(duplicateKeySeverity: .warning, acceptsTrailingCommas: true),
  ]

  static func expectSameAsFullReaderWithEveryOption(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for options in optionVariants {
      expectSameAsFullReader(bytes, options: options, sourceLocation: sourceLocation)
    }
  }

  /// Checks what the reading API of the tree promises and ``ValueTree/string(_:)`` trusts: a
  /// string or key marked ASCII is all ASCII, its bytes are valid UTF-8, a number's lexeme is
  /// its span, and a container's span opens and closes with its brackets.
  static func expectSoundTree(_ tree: ValueTree, sourceLocation: SourceLocation) {
    var pending = tree.roots
    while let id = pending.popLast() {
      let span = tree.span(id)
      let source = tree.source
      #expect(span.start >= 0 && span.end <= source.count, sourceLocation: sourceLocation)
      switch tree.kind(id) {
      case .string, .key:
        let (allASCII, valid) = tree.withUTF8(id) { bytes in
          (bytes.allSatisfy { $0 < 0x80 }, String(validating: bytes, as: UTF8.self) != nil)
        }
        #expect(!tree.isASCII(id) || allASCII, sourceLocation: sourceLocation)
        #expect(valid, sourceLocation: sourceLocation)
        #expect(source[span.start] == UInt8(ascii: "\""), sourceLocation: sourceLocation)
        #expect(source[span.end - 1] == UInt8(ascii: "\""), sourceLocation: sourceLocation)
      case .number:
        #expect(
          tree.withUTF8(id) { Array($0) } == Array(source[span.start..<span.end]),
          sourceLocation: sourceLocation)
      case .array:
        #expect(source[span.start] == UInt8(ascii: "["), sourceLocation: sourceLocation)
        #expect(source[span.end - 1] == UInt8(ascii: "]"), sourceLocation: sourceLocation)
        for index in 0..<tree.count(id) { pending.append(tree.element(index, of: id)) }
      case .object:
        #expect(source[span.start] == UInt8(ascii: "{"), sourceLocation: sourceLocation)
        #expect(source[span.end - 1] == UInt8(ascii: "}"), sourceLocation: sourceLocation)
        for index in 0..<tree.count(id) {
          #expect(
            tree.kind(tree.key(ofMember: index, of: id)) == .key, sourceLocation: sourceLocation)
          pending.append(tree.key(ofMember: index, of: id))
          pending.append(tree.value(ofMember: index, of: id))
        }
      case .null, .bool:
        break
      }
    }
  }

  // MARK: - Files

  /// Every JSON and NDJSON file of the repository's samples, fixtures, contracts, schemas and
  /// fuzzing seeds.
  static func repositoryJSONFiles() -> [URL] {
    let root = RepositoryPaths.root
    var files: [URL] = []
    for folder in ["samples", "Tests", "contracts", "schemas", "Fuzz/seeds", "Benchmarks"] {
      guard
        let enumerator = FileManager.default.enumerator(
          at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      else { continue }
      for case let url as URL in enumerator
      where ["json", "ndjson", "jsonl"].contains(url.pathExtension) {
        files.append(url)
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  @Test func repositoryFilesMatchTheFullReader() throws {
    let files = Self.repositoryJSONFiles()
    #expect(files.count > 200)
    var treeCount = 0
    for url in files {
      let bytes = Array(try Data(contentsOf: url))
      let isSequence = url.pathExtension != "json"
      Self.expectSameAsFullReader(
        bytes, options: JSONReader.Options(allowsMultipleDocuments: isSequence))
      Self.expectSameAsFullReader(bytes, options: JSONReader.Options(allowsMultipleDocuments: true))
      Self.expectSameAsFullReader(bytes, options: .lenient)
      let file = SourceFile(name: url.lastPathComponent, bytes: bytes)
      if JSONReader.readTree(
        file, options: JSONReader.Options(allowsMultipleDocuments: isSequence)
      ).isTree {
        treeCount += 1
      }
    }
    // Most samples are valid JSON, read on the fast path.
    #expect(treeCount > files.count / 2)
  }

  // MARK: - Hand-written inputs

  /// Inputs the fast path reads, with their expected documents checked against the full reader.
  static let validDocuments = [
    #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
    #"[1,1.0,1e2,1E+2,-0,-0.0,12345678901234567890,1.5e-300,0.000001,1e5,1.5E-3,-12.5e+3]"#,
    #"{"ko":"안녕하세요","emoji":"👍🏽","mixed":"a\"b\\c","é":"ü"}"#,
    #"{"escaped":"line\nbreak\ttab\u0001\u0000","slash":"a\/b","all":"\"\\\/\b\f\n\r\t"}"#,
    #"["\u0041\u00e9\u4e2d\ud83d\ude00\uD83D\uDE00\uDBFF\uDFFF\uD800\uDC00\uFFFF\u0800\u07FF"]"#,
    #"{"\u0061":1,"\n":2,"\u00e9t\u00e9":3}"#,
    #"[]"#, #"{}"#, #"[[],{},[[]],{"a":{}}]"#, "123", "-0", "0", "1e5", "null", "true", "false",
    #""plain string""#, #""""#, #"{"":"empty key"}"#, #"{"a":[]}"#,
    " \r\n\t[ 1 , { \"a\" : [ ] } ] \r\n",
    "[\n  {\n    \"a\": \"b\"\n  }\n]\n",
    #"{"k":"\u0800\uFFFF\uE000\uD7FF\u0080"}"#,
    "[\"\u{0800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}\u{80}\u{7FF}\"]",
    #"{"a":1,"A":2,"a ":3,"b":{"a":4}}"#,
    #"{"abcdefghXabcdefgh":1,"abcdefghYabcdefgh":2,"abcdefgh":3,"abcdefg":4,"abcdefgi":5}"#,
    String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
  ]

  @Test(arguments: validDocuments)
  func validDocumentsAreReadOnTheFastPath(_ text: String) throws {
    Self.expectSameAsFullReaderWithEveryOption(Array(text.utf8))
    let parsed = JSONReader.readTree(SourceFile(name: "valid.json", text: text))
    #expect(parsed.isTree)
    #expect(parsed.diagnostics.isEmpty)
  }

  /// Inputs the full reader reports something about: each makes the fast path give up.
  static let reportedDocuments: [[UInt8]] =
    [
      // Byte-order marks and UTF-16.
      [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8), [0xFE, 0xFF, 0x00, 0x7B],
      [0xFF, 0xFE, 0x7B, 0x00],
      [0xEF, 0xBB], [0xFE], [0xFF],
      // Empty and blank input.
      [], Array("   ".utf8), Array("\n\r\t".utf8),
    ]
    + [
      // Syntax errors.
      #"{"a" 1}"#, #"{"a":1 "b":2}"#, "[1 2]", "{'a':1}", "{a:1}", "[1,,2]", "[,1]", "{,}",
      #"{"a"}"#, #"{"a":}"#, "[", "{", "]", "}", #"{"a":1"#, "[1,", #"{"a":[1}"#, "[1}",
      // Trailing commas.
      #"{"a":1,}"#, "[1,]", "[1,2,]", "[[],]",
      // Comments.
      "[] // comment", "[] /* comment */", "// c\n[]", "[1,/* c */2]",
      // Trailing content.
      "[] x", "[]]", "{}}", "1 2", "{}{}", "[] []", #""a""b""#, "true false",
      // Control characters, invalid escapes, lone surrogates.
      "[\"tab\there\"]", "[\"\u{1}\"]", "[\"line\nbreak\"]", "[\"\u{0}\"]", "{\"\u{1F}\":1}",
      #"["\x"]"#, #"["\u12"]"#, #"["\u12G4"]"#, #"["\"]"#, #"["\ud83d"]"#, #"["\ude00"]"#,
      #"["\ud83d\u0041"]"#, #"["\ud83dx"]"#, #"["\ud83d\ud83d\ude00"]"#, #"["\u"]"#, #"["\U0041"]"#,
      #"["\'"]"#, #"{"\ud800":1}"#, "\"unterminated", "\"unterminated \\", "[\"a",
      // Invalid numbers and literals.
      "01", "[01]", "1.", "[1.]", "-", "[-]", "1e", "1e+", ".5", "+1", "[1.e5]", "-01", "0x10",
      "tru", "nul", "truex", "True", "NaN", "Infinity", "nulll", "true1", "[true_]", "false$",
      // Duplicate keys.
      #"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2}"#, #"{"":1,"":2}"#, #"{"é":1,"é":2}"#,
      #"{"é":1,"e\u0301":2}"#, #"{"K":1,"K":2}"#, #"{"b":{"a":3,"a":4}}"#,
      #"{"abcdefgh":1,"abcdefgh":2}"#,
      #"{"key with spaces and more than sixteen bytes":1,"key with spaces and more than sixteen bytes":2}"#,
      // Nesting deeper than the default limit.
      String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
      String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513),
    ].map { Array($0.utf8) }
    + [
      // Invalid UTF-8: in strings, keys and between values.
      [0x5B, 0x22, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],
      [0x5B, 0x22, 0xE0, 0x80, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
      [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xE3, 0x81, 0x22, 0x5D],
      [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D],
      [0x5B, 0xC3, 0xA9, 0x5D], [0x5B, 0x22, 0x5C, 0xC3, 0xA9, 0x22, 0x5D],
      [0x5B, 0x22, 0xE3, 0x81, 0x82, 0xE3, 0x22, 0x5D], [0x22, 0xED, 0x9F],
    ]

  @Test(arguments: reportedDocuments)
  func reportedDocumentsFallBackToTheFullReader(_ bytes: [UInt8]) {
    Self.expectSameAsFullReaderWithEveryOption(bytes)
    let file = SourceFile(name: "reported.json", bytes: bytes)
    let full = JSONReader.read(file)
    let tree = JSONReader.readTree(file)
    #expect(!full.diagnostics.isEmpty)
    #expect(!tree.isTree)
  }

  @Test func sequencesOfDocuments() {
    let sequences = [
      "{\"a\":1}\n\n{\"b\":[1,2]}\n  \n[1]\n", "1 2 3", "{}{}", #""a""b""#, "true false",
      "truefalse", "1true", "[]1", "1[]", "\r\n{}\r\n{}\r\n", "{\"a\":1}\n{\"a\":1,\"a\":2}\n",
      "{\"a\":1}\n{\"a\":1,\n", "1 2 x", "null\tnull", "-1-2", "1.5.3", "\"a\"\n\"b\u{1}\"",
    ]
    for text in sequences {
      Self.expectSameAsFullReaderWithEveryOption(Array(text.utf8))
    }
    let parsed = JSONReader.readTree(
      SourceFile(name: "s.ndjson", text: "{\"a\":1}\n\n[2]\n3\n"),
      options: JSONReader.Options(allowsMultipleDocuments: true))
    #expect(parsed.isTree)
    #expect(parsed.documentCount == 3)
    #expect(parsed.format == .jsonSequence)
  }

  @Test func nestingAtAndOverTheLimit() {
    for limit in 0...6 {
      let options = JSONReader.Options(maximumDepth: limit)
      for depth in 0...7 {
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects =
          String(repeating: "{\"k\":", count: depth) + "1" + String(repeating: "}", count: depth)
        let mixed =
          String(repeating: "[{\"k\":", count: depth) + "[]" + String(repeating: "}]", count: depth)
        for text in [arrays, objects, mixed] where !text.isEmpty {
          Self.expectSameAsFullReader(text, options: options)
          Self.expectSameAsFullReader(
            text + "\n" + text,
            options: JSONReader.Options(maximumDepth: limit, allowsMultipleDocuments: true))
        }
      }
    }
  }

  /// Every escape, and every special byte at every offset of strings long enough to cover each
  /// lane of a word and the byte-at-a-time tail, in values and keys.
  @Test func specialBytesAtEveryOffset() {
    let specials: [[UInt8]] = [
      [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5C, 0x75, 0x64, 0x38, 0x33, 0x64],
      Array(#"\ud83d\ude00"#.utf8), Array(#"\u4E2D"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8),
      [0x01], [0x1F], [0x09], [0x7F], [0x80], [0xBF], [0xC0, 0xAF], [0xC2], [0xC3, 0xA9],
      [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE3, 0x81, 0x82], [0xE3, 0x81],
      [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F, 0x91, 0x8D], [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80], [0xFF], [0x5C], [0x5C, 0x22], [0x5C, 0xC3, 0xA9],
      [0x22],
    ]
    let fillers: [[UInt8]] = [Array("a".utf8), Array("한국어".utf8), Array("é".utf8)]
    for special in specials {
      for length in Array(0...19) + [31, 40] {
        for offset in Set([0, 1, length / 2, max(0, length - 1), length]) {
          for filler in fillers {
            var content: [UInt8] = []
            while content.count < length { content += filler }
            content = Array(content.prefix(length))
            // Whole sequences only: cut before a continuation byte.
            var cut = min(offset, content.count)
            while cut > 0 && cut < content.count && content[cut] & 0xC0 == 0x80 { cut -= 1 }
            content.insert(contentsOf: special, at: cut)
            let value = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
            Self.expectSameAsFullReader(
              Array(#"{"k":"#.utf8) + value + Array(#","#.utf8) + value + Array(#":1}"#.utf8))
            Self.expectSameAsFullReader(value)
            Self.expectSameAsFullReader([UInt8(ascii: "[")] + [UInt8(ascii: "\"")] + content)
          }
        }
      }
    }
  }

  /// Objects of every size around the switch from pairwise search to the hash table, with
  /// keys that collide in length, head and tail, or are equal strings with different bytes.
  @Test func duplicateKeysInSmallAndLargeObjects() throws {
    let keys = [
      #""a""#, #""\u0061""#, #""b""#, #""""#, #""é""#, #""é""#, #""K""#, #""K""#,
      #""abcdefghXabcdefgh""#, #""abcdefghYabcdefgh""#, #""abcdefgh""#, #""abcdefg""#,
      #""mutable-content""#, #""mutable-contenu""#, #""a\nb""#, #""a\u000ab""#, #""\ud83d""#,
      #""\ufffd""#, "\"\u{FFFD}\"", "\"\u{1}\"", #""한국어""#, #""\ud55c\uad6d\uc5b4""#,
    ]
    var random = SplitMix64(seed: 0x7EE_0001)
    for memberCount in 1...40 {
      for _ in 0..<10 {
        var members: [String] = []
        for position in 0..<memberCount {
          let key =
            Int.random(in: 0..<4, using: &random) == 0
            ? try #require(keys.randomElement(using: &random)) : "\"key\(position)\""
          members.append("\(key):\(position)")
        }
        let object = "{" + members.joined(separator: ",") + "}"
        Self.expectSameAsFullReader(object)
        Self.expectSameAsFullReader("[" + object + ",[{}],{\"a\":[]}," + object + "]")
      }
    }
    // Many members, no duplicate, then one.
    let many = (0..<300).map { "\"member \($0)\":\($0)" }
    Self.expectSameAsFullReader("{" + many.joined(separator: ",") + "}")
    Self.expectSameAsFullReader("{" + many.joined(separator: ",") + ",\"member 150\":0}")
    Self.expectSameAsFullReader("{" + many.joined(separator: ",") + ",\"member 15\\u0030\":0}")
  }

  /// Inputs larger than the sample the node buffer is first sized from, whose start is sparse
  /// (a long string) and whose rest is dense (small numbers, empty containers, keys), so that
  /// the buffer must grow once while reading; and the reverse.
  @Test func largeInputsWhoseDensityChanges() {
    let longString = "\"" + String(repeating: "건국대학교 공지사항 ", count: 5_000) + "\""
    let dense = (0..<40_000).map { $0 % 3 == 0 ? "[]" : $0 % 3 == 1 ? "{\"k\":\($0)}" : "7" }
      .joined(separator: ",")
    for text in [
      "[" + longString + "," + dense + "]", "[" + dense + "," + longString + "]",
      "{\"a\":" + longString + ",\"b\":[" + dense + "]}",
    ] {
      Self.expectSameAsFullReader(text)
      #expect(JSONReader.readTree(SourceFile(name: "large.json", text: text)).isTree)
    }
    let lines = (0..<200).map { "{\"n\":\($0),\"s\":\($0 % 7 == 0 ? longString : "\"x\"")}" }
    let sequence = lines.joined(separator: "\n") + "\n" + "1 2 3 [] {} \"a\"\"b\""
    Self.expectSameAsFullReader(
      sequence, options: JSONReader.Options(allowsMultipleDocuments: true))
  }

  // MARK: - Random documents

  /// Writes random JSON values: nested objects and arrays, keys that sometimes repeat,
  /// strings with escapes and multi-byte UTF-8, numbers of every shape, random whitespace.
  struct DocumentGenerator {
    var random: SplitMix64

    static let fragments = [
      "a", "key", "é", "한국어", "건국대학교 공지사항", "👍🏽", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9",
      "\\uD83D\\uDE00", "\\u0000", "\\t", "x y", "\u{0800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}",
      "\u{10FFFF}", "\u{80}", "abcdefghijklmnop", "\\u4e2d\\u6587",
    ]
    static let numbers = [
      "0", "-0", "1", "-1", "12345678901234567890", "1e5", "1E+5", "1.5E-3", "-12.5e+3", "0.0",
      "3.14159", "1e-300",
    ]
    static let whitespace = ["", "", "", " ", "\n", "\t", "\r\n", "  "]

    mutating func pick(_ choices: [String]) -> String {
      choices[Int(random.next() % UInt64(choices.count))]
    }

    mutating func string() -> String {
      var text = "\""
      for _ in 0..<Int(random.next() % 5) { text += pick(Self.fragments) }
      return text + "\""
    }

    mutating func value(depth: Int) -> String {
      let choice = random.next() % (depth > 4 ? 5 : 8)
      switch choice {
      case 0: return pick(["true", "false", "null"])
      case 1, 2: return pick(Self.numbers)
      case 3, 4: return string()
      case 5:
        let count = Int(random.next() % 5)
        let elements = (0..<count).map { _ in
          pick(Self.whitespace) + value(depth: depth + 1) + pick(Self.whitespace)
        }
        return "[" + elements.joined(separator: ",") + pick(Self.whitespace) + "]"
      default:
        let count = Int(random.next() % (random.next() % 8 == 0 ? 30 : 6))
        let members = (0..<count).map { position in
          // Keys mostly distinct, a duplicate now and then.
          let key =
            random.next() % 12 == 0
            ? "\"k\(random.next() % 3)\""
            : (random.next() % 2 == 0 ? "\"k\(position)x\"" : string())
          return pick(Self.whitespace) + key + pick(Self.whitespace) + ":"
            + pick(Self.whitespace) + value(depth: depth + 1)
        }
        return "{" + members.joined(separator: ",") + pick(Self.whitespace) + "}"
      }
    }
  }

  @Test func randomDocumentsAndMutations() {
    var generator = DocumentGenerator(random: SplitMix64(seed: 0x7EE_0002))
    var random = SplitMix64(seed: 0x7EE_0003)
    let interesting: [UInt8] = [
      0x22, 0x5C, 0x00, 0x01, 0x1F, 0x0A, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xE3, 0xED, 0xF0, 0xF4,
      0xFF, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x20, 0x75, 0x30, 0x2D, 0x65, 0x2F,
    ]
    var fastPathCount = 0
    for round in 0..<1_500 {
      let document = generator.value(depth: 0)
      let bytes = Array(document.utf8)
      Self.expectSameAsFullReader(bytes)
      if JSONReader.readTree(SourceFile(name: "r.json", bytes: bytes)).isTree { fastPathCount += 1 }
      if round % 4 == 0 {
        let sequence = (0..<3).map { _ in generator.value(depth: 1) }.joined(separator: "\n")
        Self.expectSameAsFullReader(
          sequence, options: JSONReader.Options(allowsMultipleDocuments: true))
      }
      // Mutations: truncation, a byte changed, inserted or removed.
      guard !bytes.isEmpty else { continue }
      for _ in 0..<3 {
        var mutated = bytes
        switch random.next() % 4 {
        case 0:
          mutated = Array(mutated.prefix(Int(random.next() % UInt64(mutated.count))))
        default:
          for _ in 0..<(1 + Int(random.next() % 2)) where !mutated.isEmpty {
            let position = Int(random.next() % UInt64(mutated.count))
            let byte =
              random.next() % 2 == 0
              ? interesting[Int(random.next() % UInt64(interesting.count))]
              : UInt8(truncatingIfNeeded: random.next())
            switch random.next() % 3 {
            case 0: mutated[position] = byte
            case 1: mutated.insert(byte, at: position)
            default: mutated.remove(at: position)
            }
          }
        }
        Self.expectSameAsFullReader(mutated)
        Self.expectSameAsFullReader(
          mutated, options: JSONReader.Options(allowsMultipleDocuments: true))
      }
    }
    // Duplicates are rare enough that most random documents take the fast path.
    #expect(fastPathCount > 1_000)
  }

  // MARK: - The word-at-a-time UTF-8 check

  /// ``UTF8Validation/plainTextEnd(in:from:)`` by its definition: a sequence at a time with
  /// ``UTF8Validation/sequenceLength(in:at:limit:)``.
  static func plainTextEndBySequences(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int?
  {
    var position = start
    while position < bytes.count {
      let byte = bytes[position]
      if byte < 0x80 {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          return position
        }
        position += 1
      } else {
        let length = UTF8Validation.sequenceLength(in: bytes, at: position)
        if length == 0 { return nil }
        position += length
      }
    }
    return bytes.count
  }

  /// Expects the plain-text end of `bytes` to be ``plainTextEndBySequences(_:from:)``'s from
  /// each of `starts` (every position when `nil`); records only the first disagreement.
  static func expectPlainTextEndsAgree(
    _ bytes: [UInt8], starts: [Int]? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      for start in starts ?? Array(0...buffer.count) {
        let expected = plainTextEndBySequences(buffer, from: start)
        let found = UTF8Validation.plainTextEnd(in: buffer, from: start)
        if found != expected {
          Issue.record(
            "from \(start) in \(bytes): \(String(describing: found)), expected \(String(describing: expected))",
            sourceLocation: sourceLocation)
          return
        }
      }
    }
  }

  /// A text from 0x80 several rounds of the state machine long (eight bytes a round), with a
  /// sequence, a quote, an escape, a control character or an invalid byte at every offset of
  /// a round, reads as the full reader reads it.
  @Test func longTextWithAStopAtEveryOffsetOfARound() {
    for offset in 506...518 {
      // `가` (EA B0 80) from the first byte of the string, then ASCII padding so that the byte
      // at `offset` of the text is where the insertion goes.
      for insertion: [UInt8] in [
        [], Array("한".utf8), [0x22], [0x5C, 0x6E], [0x0A], [0xFF], [0xED, 0xA0, 0x80], [0xC3],
      ] {
        var text = Array("가".utf8)
        while text.count < offset { text.append(UInt8(ascii: "a")) }
        text += insertion + Array("나다라".utf8)
        for shift in 0..<3 {
          let bytes =
            Array(#"{"k":""#.utf8) + Array(repeating: UInt8(ascii: "b"), count: shift)
            + text + Array(#""}"#.utf8)
          Self.expectSameAsFullReader(bytes)
        }
      }
    }
  }

  /// Every lead byte with second and third bytes at the edges of their ranges, at every offset
  /// of a round, between Hangul, ASCII and other sequences, whole, cut short and at the end.
  @Test func plainTextEndAgreesOnEveryThreeByteEdge() {
    let seconds: [UInt8] = [0x00, 0x22, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE3]
    let thirds: [UInt8] = [0x20, 0x80, 0xBF, 0xC0]
    let hangul: [UInt8] = [0xED, 0x95, 0x9C]
    for lead in UInt8(0x80)...0xFF {
      for second in seconds {
        for third in thirds {
          let sequence = [lead, second, third]
          for offset in 0..<9 {
            let before = Array(repeating: UInt8(ascii: "a"), count: offset)
            Self.expectPlainTextEndsAgree(
              before + sequence + hangul + hangul + hangul, starts: [0, offset])
            Self.expectPlainTextEndsAgree(
              hangul + hangul + before + sequence + [0x22], starts: [0, 3, 6 + offset])
          }
          Self.expectPlainTextEndsAgree(hangul + sequence)
        }
      }
    }
  }

  /// Random bytes drawn mostly from valid sequences of every length, with stops and invalid
  /// bytes mixed in.
  @Test func plainTextEndAgreesOnRandomBytes() {
    var random = SplitMix64(seed: 0x7EE_0004)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("abcdefgh".utf8), Array("é".utf8), Array("한".utf8), Array("학".utf8),
      Array("\u{0800}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8),
      Array("\u{FFFF}".utf8),
      Array("👍".utf8), Array("\u{10FFFF}".utf8), [0x22], [0x5C], [0x01], [0x80], [0xC1, 0xBF],
      [0xE0, 0x9F, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE3],
      [0xE3, 0x81], [0xF0, 0x9F, 0x91],
    ]
    for _ in 0..<4_000 {
      var bytes: [UInt8] = []
      let count = Int(random.next() % 40)
      for _ in 0..<count {
        let roll = random.next() % 100
        if roll < 60 {
          bytes += pieces[Int(random.next() % 10)]
        } else if roll < 95 {
          bytes += pieces[Int(random.next() % UInt64(pieces.count))]
        } else {
          bytes.append(UInt8(truncatingIfNeeded: random.next()))
        }
      }
      Self.expectPlainTextEndsAgree(bytes)
    }
    // Uniformly random bytes, mostly invalid at once.
    for _ in 0..<1_000 {
      let bytes = (0..<Int(random.next() % 24)).map { _ in UInt8(truncatingIfNeeded: random.next())
      }
      Self.expectPlainTextEndsAgree(bytes)
    }
  }

  /// Long runs of valid text agree too, and end at the first stop.
  @Test func plainTextEndAgreesOnLongText() {
    let sentence = Array("건국대학교 공지사항: 2024학년도 1학기 수강신청 일정을 안내합니다. é ü ß 中文 ".utf8)
    for repeats in 1...4 {
      let text = Array([[UInt8]](repeating: sentence, count: repeats).joined())
      Self.expectPlainTextEndsAgree(text)
      Self.expectPlainTextEndsAgree(text + [0x22] + text)
      Self.expectPlainTextEndsAgree(text + [0xF0, 0x9F, 0x91, 0x8D] + text + [0x5C])
    }
  }
}
