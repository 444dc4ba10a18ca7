import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

/// The optimised reader against ``ReferenceJSONReader``, the reader before its fast paths, on
/// inputs chosen to reach every fast path's edge: escapes, surrogates, invalid UTF-8, control
/// characters at every offset of an eight-byte word, duplicate keys in small and large objects,
/// keys that are equal strings with different bytes, truncations and random mutations.
@Suite struct JSONReaderDifferentialTests {
  /// Expects both readers to give the same documents and diagnostics for `bytes`, compared
  /// both with `==` and byte for byte (string `==` is canonical equivalence, which would hide a
  /// string with different bytes).
  static func expectSameAsReference(
    _ bytes: [UInt8],
    multipleDocuments: Bool = false,
    maximumDepth: Int = JSONReader.Options.defaultMaximumDepth,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = SourceFile(name: "differential.json", bytes: bytes)
    let optimised = JSONReader.read(
      file,
      options: JSONReader.Options(
        maximumDepth: maximumDepth, allowsMultipleDocuments: multipleDocuments))
    let reference = ReferenceJSONReader.read(
      file,
      options: ReferenceJSONReader.Options(
        maximumDepth: maximumDepth, allowsMultipleDocuments: multipleDocuments))
    #expect(optimised.documents == reference.documents, sourceLocation: sourceLocation)
    #expect(optimised.diagnostics == reference.diagnostics, sourceLocation: sourceLocation)
    #expect(
      Array(String(reflecting: optimised.documents).utf8)
        == Array(String(reflecting: reference.documents).utf8),
      "documents differ in their bytes for \(bytes)",
      sourceLocation: sourceLocation
    )
    #expect(
      Array(String(reflecting: optimised.diagnostics).utf8)
        == Array(String(reflecting: reference.diagnostics).utf8),
      "diagnostics differ in their bytes for \(bytes)",
      sourceLocation: sourceLocation
    )
    #expect(optimised.format == reference.format, sourceLocation: sourceLocation)
  }

  static func expectSameAsReference(
    _ text: String, multipleDocuments: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectSameAsReference(
      Array(text.utf8), multipleDocuments: multipleDocuments, sourceLocation: sourceLocation)
  }

  static let trickyDocuments = [
    #"{"a":"\"\\\/\b\f\n\r\t","b":"\u0041\u00e9\u4e2d\ud83d\ude00"}"#,
    #"["\ud83d","\ude00","\ud83d\u0041","\ud83dx","\ud83d\ud83d\ude00","\u12","\u12G4","\x"]"#,
    #"["\uD83D\uDE00\uDBFF\uDFFF\uD800\uDC00","\u","\","#,
    #"{"é":1,"é":2}"#,
    #"{"K":1,"K":2,"k":3}"#,
    #"{"a":1,"\u0061":2,"b":{"a":3,"a":4}}"#,
    #"{"":1,"":2}"#,
    #"{"key with spaces and more than sixteen bytes":1,"key with spaces and more than sixteen bytes":2}"#,
    #"{"abcdefghXabcdefgh":1,"abcdefghYabcdefgh":2}"#,
    #"{"abcdefgh":1,"abcdefgh":2,"abcdefg":3,"abcdefgi":4}"#,
    #"[1,-0,0.5,1e10,1E-2,-12.5e+3,01,1.,-,1e,.5]"#,
    #"[true,false,null,tru,nul,truex,True,NaN]"#,
    #"{"a" 1}"#,
    #"{"a":1,}"#,
    #"{"a":1 "b":2}"#,
    #"[1 2]"#,
    #"{'a':1}"#,
    #"{a:1}"#,
    #"[1,2,[3,[4,"x\u0000y"]]]"#,
    #"{"a":[{"b":["c",{"d":"\ud800"}]}]}"#,
    "{\"a\":\"tab\there\"}",
    "[\"\u{7F}\", \"\u{1}\"]",
    " \r\n\t[ 1 , { \"a\" : [ ] } ] \r\n",
    "[] // comment",
    "[] /* comment */",
    "[] x",
    "",
    "   ",
    "\"unterminated",
    "\"unterminated with escape \\",
    "\"unterminated with escape \\n and more",
    "\u{FEFF}{\"bom\":1}",
  ]

  @Test(arguments: trickyDocuments)
  func trickyDocumentsMatchTheReference(_ text: String) {
    Self.expectSameAsReference(text)
    Self.expectSameAsReference(text, multipleDocuments: true)
  }

  /// Every special byte or sequence at every offset of strings up to 40 bytes long, so that it
  /// falls at each position of an eight-byte word and in the byte-at-a-time tail.
  @Test func specialBytesAtEveryOffsetMatchTheReference() {
    let specials: [[UInt8]] = [
      [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5C, 0x75, 0x64, 0x38, 0x33, 0x64],
      [0x01], [0x1F], [0x09], [0x7F], [0x80], [0xBF], [0xC0, 0xAF], [0xC2], [0xC3, 0xA9],
      [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xE3, 0x81, 0x82], [0xE3, 0x81], [0xED, 0xA0, 0x80],
      [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F, 0x91, 0x8D],
      [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80], [0xFF], [0x5C],
      [0x5C, 0x22], [0x5C, 0xC3, 0xA9], [0x22],
    ]
    let korean = Array("한국어".utf8)
    for special in specials {
      for length in Array(0...17) + [31] {
        for offset in 0...length {
          for filler in length <= 12 ? [UInt8(ascii: "a"), 0] : [UInt8(ascii: "a")] {
            var content: [UInt8] = []
            while content.count < length {
              if filler == 0 {
                content += korean
              } else {
                content.append(filler)
              }
            }
            content = Array(content.prefix(length))
            content.insert(contentsOf: special, at: offset)
            let value = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
            Self.expectSameAsReference(
              Array(#"{"k":"#.utf8) + value + Array(#","#.utf8) + value + Array(#":1}"#.utf8))
            // Unterminated, so the scan runs into the end of the input.
            Self.expectSameAsReference(Array(#"["#.utf8) + [UInt8(ascii: "\"")] + content)
          }
        }
      }
    }
  }

  /// Objects of every size around the switch from linear search to a hash index, with
  /// duplicates drawn from keys that collide in length, head and tail, or are equal strings
  /// with different bytes.
  @Test func duplicateKeysInSmallAndLargeObjectsMatchTheReference() {
    let keys = [
      #""a""#, #""\u0061""#, #""b""#, #""""#, #""é""#, #""é""#, #""K""#, #""K""#,
      #""abcdefghXabcdefgh""#, #""abcdefghYabcdefgh""#, #""abcdefgh""#, #""abcdefg""#,
      #""mutable-content""#, #""mutable-contenu""#, #""a\nb""#, #""a\u000ab""#, #""\ud83d""#,
      #""\ufffd""#, "\"\u{FFFD}\"", "\"\u{1}\"",
    ]
    var random = SplitMix64(seed: 0x5EED_0001)
    for memberCount in 1...40 {
      for _ in 0..<12 {
        var members: [String] = []
        for position in 0..<memberCount {
          let key =
            Int.random(in: 0..<3, using: &random) == 0
            ? keys.randomElement(using: &random)! : "\"key\(position)\""
          members.append("\(key):\(position)")
        }
        Self.expectSameAsReference("{" + members.joined(separator: ",") + "}")
        Self.expectSameAsReference("[{" + members.joined(separator: ",") + "},[{}],{\"a\":[]}]")
      }
    }
  }

  /// Strings and number lexemes of up to 15 bytes, which the reader makes in their inline
  /// representation directly, are bit for bit the strings the standard library makes.
  @Test func shortStringsAreTheStandardLibrarysBitForBit() throws {
    func bits(_ string: String) -> [UInt64] {
      let pair = unsafeBitCast(string, to: (UInt64, UInt64).self)
      return [pair.0, pair.1]
    }
    for count in 0...20 {
      let ascii = (0..<count).map { UInt8(ascii: "a") + UInt8($0) }
      let latin = count >= 2 ? [0xC3, 0xA9] + ascii.dropFirst(2) : ascii
      let hangul = count >= 3 ? ascii.dropLast(3) + [0xED, 0x95, 0x9C] : ascii
      let number = (0..<count).map { UInt8(ascii: "1") + UInt8($0 % 9) }
      for content in [ascii, latin, hangul] {
        let quoted = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
        // Followed by enough bytes for a 16-byte read, and at the very end of the input.
        for document in [
          Array("[".utf8) + quoted + Array(",{".utf8) + quoted + Array(":1}]".utf8),
          Array("{".utf8) + quoted + Array(":".utf8) + quoted + Array("}".utf8),
        ] {
          let parsed = JSONReader.read(SourceFile(name: "short.json", bytes: document))
          #expect(parsed.diagnostics.isEmpty)
          let root = try #require(parsed.documents.first)
          let expected = String(decoding: content, as: UTF8.self)
          let strings =
            root.arrayValue.map { elements in
              [elements[0].stringValue, elements[1].objectValue?.members.first?.key]
            } ?? [
              root.objectValue?.members.first?.key,
              root.objectValue?.members.first?.value.stringValue,
            ]
          for string in strings {
            let string = try #require(string)
            #expect(string == expected)
            #expect(Array(string.utf8) == content)
            if count <= 15 { #expect(bits(string) == bits(expected)) }
          }
        }
      }
      if count > 0 {
        for document in [[UInt8(ascii: "[")] + number + [UInt8(ascii: "]")], number] {
          let parsed = JSONReader.read(SourceFile(name: "number.json", bytes: document))
          let root = try #require(parsed.documents.first)
          let lexeme = try #require(
            root.arrayValue?.first?.numberValue?.lexeme ?? root.numberValue?.lexeme)
          let expected = String(decoding: number, as: UTF8.self)
          #expect(lexeme == expected)
          if count <= 15 { #expect(bits(lexeme) == bits(expected)) }
        }
      }
    }
  }

  static let sample = """
    {"message":{"topic":"kuring-notice-12","notification":{"title":"[학사] 2024학년도 공지",\
    "body":"수강신청 일정 안내 (12)"},"data":{"type":"notice","id":"12","subject":\
    "Course \\"spring\\" \\u0026 more \\ud83d\\ude00","category":"bachelor"},\
    "apns":{"payload":{"aps":{"sound":"default","badge":3,"mutable-content":1}}},\
    "android":{"ttl":"3600s","priority":"high","list":[1,2.5,-3e2,true,false,null,[],{}]}}}
    """

  @Test func everyTruncationMatchesTheReference() {
    let bytes = Array(Self.sample.utf8)
    for end in 0...bytes.count {
      Self.expectSameAsReference(Array(bytes[..<end]))
    }
  }

  @Test func randomMutationsMatchTheReference() {
    let bytes = Array(Self.sample.utf8)
    let interesting: [UInt8] = [
      0x22, 0x5C, 0x00, 0x1F, 0x80, 0xC3, 0xE3, 0xED, 0xF0, 0xFF, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C,
      0x3A, 0x20, 0x75, 0x30, 0x2D, 0x65,
    ]
    var random = SplitMix64(seed: 0x5EED_0002)
    for _ in 0..<3_000 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0..<mutated.count, using: &random)
        let byte =
          Bool.random(using: &random)
          ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: mutated[position] = byte
        case 1: mutated.insert(byte, at: position)
        default: mutated.remove(at: position)
        }
      }
      Self.expectSameAsReference(mutated)
      Self.expectSameAsReference(mutated, multipleDocuments: true)
    }
  }

  @Test func multipleDocumentsAndDepthLimitsMatchTheReference() {
    Self.expectSameAsReference(
      "{\"a\":1}\n{\"a\":1,\"a\":2}\n[1,2]\n\"x\"\n", multipleDocuments: true)
    Self.expectSameAsReference("{\"a\":1}\n{\"a\":1,\n", multipleDocuments: true)
    Self.expectSameAsReference("{\"a\":1}\n{\"a\":1}", multipleDocuments: false)
    for depth in 1...6 {
      let nested = String(repeating: "[{\"k\":", count: 3) + "1" + String(repeating: "}]", count: 3)
      Self.expectSameAsReference(Array(nested.utf8), maximumDepth: depth)
    }
  }
}
