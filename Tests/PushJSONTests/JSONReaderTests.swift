import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

/// Reads `text` (as UTF-8) with the JSON reader.
func readJSON(_ text: String, options: JSONReader.Options = .init()) -> ParsedSource {
  JSONReader.read(SourceFile(name: "test.json", text: text), options: options)
}

/// Reads raw bytes with the JSON reader.
func readJSON(bytes: [UInt8], options: JSONReader.Options = .init()) -> ParsedSource {
  JSONReader.read(SourceFile(name: "test.json", bytes: bytes), options: options)
}

@Suite struct JSONReaderTests {
  // MARK: - Valid input round-trips losslessly

  static let losslessDocuments = [
    #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
    #"[1,1.0,1e2,1E+2,-0,-0.0,12345678901234567890,1.5e-300,0.000001]"#,
    #"{"z":1,"a":2,"m":3}"#,
    #""plain string""#,
    #"{"ko":"안녕하세요","emoji":"👍🏽","mixed":"a\"b\\c"}"#,
    #"{"escaped":"line\nbreak\ttab\u0001"}"#,
    #"[]"#,
    #"{}"#,
    #"[[],{},[[]],{"a":{}}]"#,
    #"123"#,
    #"null"#,
    #"{"":"empty key"}"#,
    #"{"slash":"a/b"}"#,
  ]

  @Test(arguments: losslessDocuments)
  func compactRoundTripIsByteExact(_ text: String) throws {
    let parsed = readJSON(text)
    #expect(parsed.diagnostics.isEmpty)
    let document = try #require(parsed.documents.first)
    #expect(CanonicalJSONWriter(style: .compact).string(for: document) == text)
  }

  @Test func whitespaceIsAcceptedAndSpansAreExact() throws {
    let marked = MarkedSource(" \r\n\t{ 1️⃣\"key\" : 2️⃣[ 3️⃣1 , 4️⃣\"x\" ]5️⃣ }")
    let parsed = readJSON(marked.text)
    #expect(parsed.diagnostics.isEmpty)
    let root = try #require(parsed.documents.first?.objectValue)
    let member = try #require(root.members.first)
    #expect(
      member.keySpan
        == SourceSpan(start: try #require(marked["1️⃣"]), end: try #require(marked["1️⃣"]) + 5))
    #expect(
      member.value.span
        == SourceSpan(start: try #require(marked["2️⃣"]), end: try #require(marked["5️⃣"])))
    let elements = try #require(member.value.arrayValue)
    #expect(elements[0].span.start == marked["3️⃣"])
    #expect(elements[1].span.start == marked["4️⃣"])
    #expect(elements[1].span.count == 3)
  }

  /// Issue 9: a long text repeated nearby shares the first one's storage; texts that differ
  /// only in the middle, or only at the end, and texts seen too long ago are read as written.
  @Test func repeatedLongTextsAreReadAsWritten() throws {
    let texts = [
      "새로운 공지가 왔어요! 확인하시기 바랍니다.", "https://example.com/bbs/242/12157/view.do",
      "https://example.com/bbs/242/12158/view.do", "https://example.com/bbs/999/12157/view.do",
      "0123456789abcdefX", "0123456789abcdefY", "0123456789abcdef", "0123456789abcdef",
    ]
    // Every text, then every text again in reverse order, once in an array and once as members.
    let all = texts + texts.reversed() + texts
    let document = try #require(
      readJSON(
        "[" + all.map { "\"\($0)\"" }.joined(separator: ",") + "]"
      ).documents.first)
    #expect(document.arrayValue?.map { $0.stringValue } == all)
    let members = all.enumerated().map { "\"k\($0.offset)\": \"\($0.element)\"" }
    let object = try #require(
      readJSON("{" + members.joined(separator: ", ") + "}").documents.first?.objectValue)
    #expect(object.members.map(\.value.stringValue) == all)
  }

  @Test func escapesAreDecoded() throws {
    let parsed = readJSON(#"["\"\\\/\b\f\n\r\t", "\u00e9\u0041", "\ud83d\ude00", "\u0000"]"#)
    #expect(parsed.diagnostics.isEmpty)
    let elements = try #require(parsed.documents.first?.arrayValue)
    #expect(elements.map(\.stringValue) == ["\"\\/\u{8}\u{C}\n\r\t", "éA", "😀", "\u{0}"])
  }

  @Test func keyOrderAndDuplicatesAreKept() throws {
    let parsed = readJSON(#"{"b": 1, "a": 2, "b": 3}"#)
    let object = try #require(parsed.documents.first?.objectValue)
    #expect(object.keys == ["b", "a", "b"])
    #expect(object["b"]?.numberValue?.lexeme == "3")
  }

  @Test func pointerLookup() throws {
    let parsed = readJSON(#"{"a": [{"b/c": "x"}, {"~": "y"}]}"#)
    let root = try #require(parsed.documents.first)
    #expect(root[try #require(JSONPointer("/a/0/b~1c"))]?.stringValue == "x")
    #expect(root[try #require(JSONPointer("/a/1/~0"))]?.stringValue == "y")
    #expect(root[try #require(JSONPointer("/a/2"))] == nil)
  }

  @Test func byteOrderMarkIsSkippedWithANote() throws {
    let parsed = readJSON(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
    #expect(parsed.diagnostics.map(\.id) == [.jsonByteOrderMark])
    #expect(parsed.diagnostics.first?.severity == .note)
    #expect(!parsed.hasErrors)
    #expect(parsed.documents.first?.objectValue?["a"] != nil)
  }

  @Test func multipleDocumentsWhenAllowed() throws {
    let parsed = readJSON(
      "{\"a\":1}\n{\"a\":2}\n\n[3]\n", options: .init(allowsMultipleDocuments: true))
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.documents.count == 3)
    #expect(parsed.format == .jsonSequence)
  }

  @Test func nestingUpToTheLimitIsAccepted() {
    let depth = JSONReader.Options.defaultMaximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let parsed = readJSON(text)
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.documents.count == 1)
  }

  @Test func largeObjectsAreReadInLinearTimeWithDuplicateDetection() throws {
    var text = "{"
    for index in 0..<50_000 {
      text += "\"key\(index)\": \(index),"
    }
    text += "\"key7\": 0}"
    let parsed = readJSON(text)
    #expect(parsed.diagnostics.map(\.id) == [.jsonDuplicateKey])
    #expect(parsed.documents.first?.objectValue?.count == 50_001)
  }

  // MARK: - Invalid input gets a diagnostic at the right byte

  struct InvalidCase: Sendable, CustomTestStringConvertible {
    var source: String
    var id: DiagnosticID
    var message: String?
    var testDescription: String { "\(id): \(source)" }
  }

  static let invalidCases: [InvalidCase] = [
    .init(source: "", id: .jsonEmptyInput),
    .init(source: "1️⃣  \n ", id: .jsonEmptyInput),
    .init(source: #"{"a": 11️⃣,}"#, id: .jsonTrailingComma),
    .init(source: #"[1, 21️⃣,]"#, id: .jsonTrailingComma),
    .init(
      source: #"{"a" 1️⃣1}"#, id: .jsonUnexpectedToken,
      message: "unexpected '1' (keys must be in double quotes); expected ':' after the key"),
    .init(
      source: #"{1️⃣a: 1}"#, id: .jsonUnexpectedToken,
      message: "unexpected 'a' (keys must be in double quotes); expected an object key or '}'"),
    .init(
      source: #"{1️⃣'a': 1}"#, id: .jsonUnexpectedToken,
      message:
        "unexpected single quote (JSON strings use double quotes); expected an object key or '}'"),
    .init(
      source: #"[1 1️⃣2]"#, id: .jsonUnexpectedToken, message: "unexpected '2'; expected ',' or ']'"),
    .init(
      source: #"{"a": 1 1️⃣"b": 2}"#, id: .jsonUnexpectedToken,
      message: #"unexpected '"'; expected ',' or '}'"#),
    .init(
      source: #"[1️⃣True]"#, id: .jsonUnexpectedToken,
      message:
        "unexpected 'True' (JSON literals are lower-case 'true', 'false' and 'null'); expected a value"
    ),
    .init(
      source: #"[1️⃣NaN]"#, id: .jsonUnexpectedToken,
      message: "unexpected 'NaN', which JSON cannot represent; expected a value"),
    .init(source: #"[1️⃣nul]"#, id: .jsonUnexpectedToken),
    .init(source: #"[1️⃣truex]"#, id: .jsonUnexpectedToken),
    .init(
      source: #"{"a": 1️⃣}"#, id: .jsonUnexpectedToken, message: "unexpected '}'; expected a value"),
    .init(
      source: #"{"a": [1, 2]1️⃣"#, id: .jsonUnexpectedEndOfInput,
      message: "unexpected end of input; expected ',' or '}'"),
    .init(source: #"[1️⃣"#, id: .jsonUnexpectedEndOfInput),
    .init(source: #"{"a":1️⃣"#, id: .jsonUnexpectedEndOfInput),
    .init(
      source: #"{"a"1️⃣"#, id: .jsonUnexpectedEndOfInput,
      message: "unexpected end of input; expected ':' after the key"),
    .init(source: #"1️⃣"abc"#, id: .jsonUnterminatedString),
    .init(source: #"["a1️⃣\x"]"#, id: .jsonInvalidEscape),
    .init(source: #"["1️⃣\u12G4"]"#, id: .jsonInvalidEscape),
    .init(source: #"["1️⃣\ud800"]"#, id: .jsonLoneSurrogate),
    .init(source: #"["1️⃣\udc00\u0041"]"#, id: .jsonLoneSurrogate),
    .init(source: #"["1️⃣\ud800\u0041"]"#, id: .jsonLoneSurrogate),
    .init(
      source: "[\"a1️⃣\tb\"]", id: .jsonControlCharacterInString,
      message: #"control character U+0009 must be escaped as '\t' in a string"#),
    .init(source: "[\"a1️⃣\nb\"]", id: .jsonControlCharacterInString),
    .init(
      source: "[1️⃣01]", id: .jsonInvalidNumber,
      message: "invalid number: leading zeros are not allowed"),
    .init(source: "[1️⃣-]", id: .jsonInvalidNumber),
    .init(
      source: "[1️⃣1.]", id: .jsonInvalidNumber,
      message: "invalid number: expected a digit after the decimal point"),
    .init(
      source: "[1️⃣1e]", id: .jsonInvalidNumber,
      message: "invalid number: expected a digit in the exponent"),
    .init(source: "[1️⃣.5]", id: .jsonUnexpectedToken),
    .init(source: "[1️⃣+1]", id: .jsonUnexpectedToken),
    .init(source: #"{"a": 1} 1️⃣{"b": 2}"#, id: .jsonTrailingContent),
    .init(source: #"{"a": 1} 1️⃣// note"#, id: .jsonComment),
    .init(source: "{1️⃣/* c */ \"a\": 1}", id: .jsonComment),
    .init(
      source: #"{"a": 1, 1️⃣"a": 2}"#, id: .jsonDuplicateKey,
      message: "duplicate key 'a'; the later value silently overrides the earlier one"),
  ]

  @Test(arguments: invalidCases)
  func invalidInputIsDiagnosed(_ testCase: InvalidCase) {
    let marked = MarkedSource(testCase.source)
    let parsed = readJSON(marked.text)
    let marker = marked.offsets.isEmpty ? nil : "1️⃣"
    expectDiagnostics(
      parsed.diagnostics,
      [DiagnosticSpec(marker, id: testCase.id, severity: .error, message: testCase.message)],
      in: marked
    )
  }

  @Test func duplicateKeyNotesTheFirstDefinition() throws {
    let marked = MarkedSource("{1️⃣\"title\": \"a\",\n 2️⃣\"title\": \"b\"}")
    let parsed = readJSON(marked.text)
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.pointer == JSONPointer("/title"))
    #expect(diagnostic.range?.start.offset == marked["2️⃣"])
    #expect(diagnostic.notes.first?.range?.start.offset == marked["1️⃣"])
    #expect(diagnostic.notes.first?.message == "'title' is first defined here")
  }

  @Test func duplicateKeySeverityIsConfigurable() {
    let parsed = readJSON(#"{"a": 1, "a": 2}"#, options: .init(duplicateKeySeverity: .warning))
    #expect(parsed.diagnostics.map(\.severity) == [.warning])
    #expect(!parsed.hasErrors)
  }

  @Test func diagnosticsCarryPointersIntoTheDocument() throws {
    let parsed = readJSON(#"{"message": {"data": {"k": [1, 2, "\x"]}}}"#)
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.id == .jsonInvalidEscape)
    #expect(diagnostic.pointer?.description == "/message/data/k/2")
  }

  @Test func positionsCountUTF8BytesOnEarlierLines() throws {
    let marked = MarkedSource("{\n  \"제목\": \"안녕\",\n  \"b\": 1️⃣tru\n}")
    let parsed = readJSON(marked.text)
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(
      diagnostic.range?.start
        == SourcePosition(line: 3, column: 8, offset: try #require(marked["1️⃣"])))
  }

  @Test func trailingCommaHasAFixIt() throws {
    let parsed = readJSON("[1,]")
    let fixIt = try #require(parsed.diagnostics.first?.fixIts.first)
    #expect(fixIt.edits.first?.replacement == "")
    #expect(fixIt.edits.first?.range.start.offset == 2)
  }

  /// Trailing content that starts another object or array suggests NDJSON; other trailing
  /// content does not.
  @Test(arguments: [
    ("{\"a\": 1}\n{\"b\": 2}\n", true), ("[1]\n[2]", true), ("{\"a\": 1} x", false),
    ("{\"a\": 1} 2", false),
  ])
  func trailingDocumentSuggestsNDJSON(text: String, suggests: Bool) throws {
    let diagnostic = try #require(readJSON(text).diagnostics.first)
    #expect(diagnostic.id == .jsonTrailingContent)
    #expect(
      diagnostic.fixIts.map(\.message)
        == (suggests
          ? [
            "this looks like another JSON document; to read one document per line, name the "
              + "file .ndjson or pass --input-format ndjson"
          ] : []))
    #expect(diagnostic.fixIts.allSatisfy { $0.edits.isEmpty })
  }

  // MARK: - Encodings and bytes

  @Test func invalidUTF8InStringsIsReportedAtTheByte() throws {
    let bytes: [UInt8] = Array(#"["ab"#.utf8) + [0xFF] + Array(#"c"]"#.utf8)
    let parsed = readJSON(bytes: bytes)
    #expect(parsed.diagnostics.map(\.id) == [.jsonInvalidUTF8])
    #expect(parsed.diagnostics.first?.range?.start.offset == 4)
  }

  static let invalidUTF8Sequences: [[UInt8]] = [
    [0xC0, 0x80],  // overlong NUL
    [0xE0, 0x80, 0x80],  // overlong
    [0xED, 0xA0, 0x80],  // encoded surrogate
    [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
    [0xF5, 0x80, 0x80, 0x80],
    [0x80],  // lone continuation
    [0xE4, 0xB8],  // truncated
  ]

  @Test(arguments: invalidUTF8Sequences)
  func malformedUTF8IsAlwaysAnError(_ sequence: [UInt8]) {
    let parsed = readJSON(bytes: [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")])
    #expect(parsed.diagnostics.first?.id == .jsonInvalidUTF8)
    #expect(parsed.diagnostics.first?.range?.start.offset == 1)
  }

  @Test func invalidUTF8OutsideStrings() {
    let parsed = readJSON(bytes: [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")])
    #expect(parsed.diagnostics.map(\.id) == [.jsonInvalidUTF8])
  }

  @Test func utf16IsRejected() {
    let parsed = readJSON(bytes: [0xFF, 0xFE, UInt8(ascii: "{"), 0, UInt8(ascii: "}"), 0])
    #expect(parsed.diagnostics.map(\.id) == [.jsonUnsupportedEncoding])
  }

  @Test func nestingBeyondTheLimitIsAnErrorNotACrash() throws {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let parsed = readJSON(text)
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.id == .jsonNestingTooDeep)
    #expect(diagnostic.range?.start.offset == JSONReader.Options.defaultMaximumDepth)
    #expect(parsed.documents.isEmpty)
  }

  @Test func customDepthLimit() {
    let parsed = readJSON(#"{"a": {"b": {}}}"#, options: .init(maximumDepth: 2))
    #expect(parsed.diagnostics.map(\.id) == [.jsonNestingTooDeep])
  }

  /// Every prefix of a valid document is either valid or gets an error; none crashes.
  @Test func everyTruncationIsDiagnosed() {
    let text =
      #"{"message": {"notification": {"title": "안녕", "body": "x\ny"}, "data": {"n": [1, -2.5e3, true, null]}}}"#
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      let parsed = readJSON(bytes: Array(bytes[0..<length]))
      #expect(parsed.hasErrors, "prefix of \(length) bytes was accepted")
    }
  }

  /// Pseudo-random byte soup never traps and always ends.
  @Test func randomBytesNeverCrash() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet = Array(#"{}[],:"\ntrufalsn0123456789-+.eE\u"#.utf8) + [0xFF, 0xC3, 0xA9, 0x00]
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 64)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let parsed = readJSON(bytes: bytes)
      #expect(parsed.hasErrors || parsed.documents.count == 1)
    }
  }
}

extension JSONReaderTests {
  /// Lines of a larger input before the part being read: reading from the start of the part
  /// gives what reading a copy with those lines blanked gives (documents, spans, diagnostics),
  /// on the fast path and the full reader's, whatever the lines before hold.
  @Test(
    arguments: [
      ("{\"a\":1}\n", "{\"b\":[2,3]}\n{\"c\":\"d\"}\n"),
      ("\u{FEFF}{\"a\":1}\n", "{\"b\":2}\n"),
      ("{\"a\":1}\n\u{FEFF}\n", "{\"b\":2}\n"),
      ("{\"unclosed\":[1,\n", "{\"b\":2} {\"c\":3}\n"),
      ("{\"a\":1}\r\n", "{\"b\":2,\"b\":3}\r\n{\"c\":tru}\n{\"d\":4}\n"),
      ("{\"a\":1}\n", "{\"b\":\"\\u00e9\\ud83d\\ude00\"}\n\u{FEFF}{\"c\":1}\n"),
    ])
  func readingFromAPartsStartIsReadingItWithTheLinesBeforeBlanked(
    before: String, part: String
  ) {
    let bytes = Array((before + part).utf8)
    let start = before.utf8.count
    var blanked = bytes
    for index in 0..<start where bytes[index] != 0x0A && bytes[index] != 0x0D {
      blanked[index] = 0x20
    }
    let file = SourceFile(name: "part.ndjson", bytes: bytes)
    let blankedFile = SourceFile(name: "part.ndjson", bytes: blanked)
    let reader = JSONReader(options: JSONReader.Options(allowsMultipleDocuments: true))
    for (read, expected) in [
      (reader.read(file, from: start), reader.read(blankedFile)),
      (reader.readTree(file, from: start), reader.readTree(blankedFile)),
    ] {
      #expect(read.documents == expected.documents)
      #expect(read.diagnostics.map(\.id) == expected.diagnostics.map(\.id))
      #expect(read.diagnostics == expected.diagnostics)
      #expect(read.isTree == expected.isTree)
    }
  }
}
