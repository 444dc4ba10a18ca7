import PushDiagnostics
import PushJSON
import PushReceiving
import Testing
import _PushPayloadTestSupport

@Suite struct SwiftDescriptionReaderTests {
  func read(_ text: String) -> ParsedCapture {
    SwiftDescriptionReader.read(SourceFile(name: "print.txt", text: text))
  }

  @Test func readsTheConsoleOutputOfAPush() throws {
    let capture = read(
      """
      [AnyHashable("google.c.a.e"): 1, AnyHashable("type"): notice, AnyHashable("aps"): {
          alert =     {
              body = "\\Uae30\\Uc219\\Uc0ac \\Uc785\\Uc0ac \\Uc548\\Ub0b4";
              title = "[학생] 새로운 공지가 왔어요!";
          };
          "mutable-content" = 1;
      }, AnyHashable("gcm.message_id"): 1700000000000001, AnyHashable("articleId"): 1001]
      """
    )
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(
      root.objectValue?.keys == ["google.c.a.e", "type", "aps", "gcm.message_id", "articleId"])
    #expect(root[JSONPointer("/aps/alert/body")!]?.stringValue == "기숙사 입사 안내")
    #expect(root[JSONPointer("/aps/alert/title")!]?.stringValue == "[학생] 새로운 공지가 왔어요!")
    #expect(root[JSONPointer("/aps/mutable-content")!]?.isUntypedText == true)
    #expect(root[JSONPointer("/type")!]?.stringValue == "notice")
    #expect(root[JSONPointer("/articleId")!]?.stringValue == "1001")
    #expect(root[JSONPointer("/articleId")!]?.isUntypedText == true)
  }

  @Test func readsUnquotedStringsThatContainSeparators() throws {
    let capture = read(
      #"[AnyHashable("title"): [학생] 새로운 공지가 왔어요!, AnyHashable("body"): a, b] c, AnyHashable("json"): {"x":1}, AnyHashable("paren"): (주)회사, AnyHashable("empty"): , AnyHashable("quoted"): "x" y]"#
    )
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(root[JSONPointer("/title")!]?.stringValue == "[학생] 새로운 공지가 왔어요!")
    #expect(root[JSONPointer("/body")!]?.stringValue == "a, b] c")
    #expect(root[JSONPointer("/json")!]?.stringValue == #"{"x":1}"#)
    #expect(root[JSONPointer("/paren")!]?.stringValue == "(주)회사")
    #expect(root[JSONPointer("/empty")!]?.stringValue == "")
    #expect(root[JSONPointer("/quoted")!]?.stringValue == #""x" y"#)
    #expect(root[JSONPointer("/quoted")!]?.isUntypedText == true)
  }

  /// Swift prints an `NSString` value as it is: spaces at its end are the value's, and come
  /// before the separator unchanged.
  @Test func keepsSpacesAtTheEndOfUnquotedText() throws {
    let capture = read(#"[AnyHashable("title"): 새 공지  , AnyHashable("body"): 본문 ]"#)
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(root[JSONPointer("/title")!]?.stringValue == "새 공지  ")
    #expect(root[JSONPointer("/body")!]?.stringValue == "본문 ")
  }

  @Test func readsBracketedTitlesAsText() throws {
    let capture = read(
      #"[AnyHashable("title"): [개강], AnyHashable("n"): [1, "a", true], AnyHashable("w"): [a, b]]"#)
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(root[JSONPointer("/title")!]?.stringValue == "[개강]")
    #expect(root[JSONPointer("/n")!]?.arrayValue?.count == 3)
    #expect(root[JSONPointer("/w")!]?.stringValue == "[a, b]")
  }

  @Test func readsSwiftValues() throws {
    let capture = read(
      #"["id": "76473", "n": 3, "flags": [true, false], "nested": ["a": Optional(1), "b": ["c"]], "opt": Optional("x")]"#
    )
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    let id = try #require(root[JSONPointer("/id")!])
    #expect(id.stringValue == "76473")
    #expect(id.isUntypedText == false)
    #expect(root[JSONPointer("/n")!]?.isUntypedText == true)
    #expect(root[JSONPointer("/flags")!]?.arrayValue?.map(\.stringValue) == ["true", "false"])
    #expect(root[JSONPointer("/nested/a")!]?.stringValue == "1")
    #expect(root[JSONPointer("/nested/b/0")!]?.stringValue == "c")
    #expect(root[JSONPointer("/opt")!]?.stringValue == "x")
  }

  @Test func readsNestedAnyHashableDictionaries() throws {
    let capture = read(
      #"[AnyHashable("outer"): [AnyHashable("x"): "1", AnyHashable("y"): [:]], AnyHashable("z"): 2]"#
    )
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(root[JSONPointer("/outer/x")!]?.stringValue == "1")
    #expect(root[JSONPointer("/outer/y")!]?.objectValue?.isEmpty == true)
    #expect(root[JSONPointer("/z")!]?.stringValue == "2")
  }

  @Test func readsArraysPrintedByNSArray() throws {
    let capture = read(
      "[AnyHashable(\"args\"): (\n    one,\n    \"two words\"\n), AnyHashable(\"x\"): (a)]")
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(root[JSONPointer("/args")!]?.arrayValue?.map(\.stringValue) == ["one", "two words"])
    // One-line parentheses are never an NSArray's description: text.
    #expect(root[JSONPointer("/x")!]?.stringValue == "(a)")
  }

  @Test func unwrapsOptionalAndAcceptsEmptyDictionaries() {
    #expect(read(#"Optional([AnyHashable("a"): b])"#).root?[JSONPointer("/a")!]?.stringValue == "b")
    #expect(read("[:]").root?.objectValue?.isEmpty == true)
    #expect(read("Optional([:])").root?.objectValue?.isEmpty == true)
  }

  @Test func decodesSwiftEscapes() {
    let capture = read(#"[AnyHashable("a\"b"): "x\n\t\u{1F600}\\\0"]"#)
    #expect(capture.diagnostics.isEmpty)
    #expect(capture.root?.objectValue?.keys == ["a\"b"])
    #expect(capture.root?[JSONPointer(tokens: ["a\"b"])]?.stringValue == "x\n\t😀\\\0")
  }

  @Test func recordsKeyAndValueSpans() throws {
    let marked = MarkedSource(
      #"[AnyHashable(1️⃣"type"2️⃣): 3️⃣notice4️⃣, AnyHashable("aps"): 5️⃣{ badge = 1; }6️⃣]"#)
    let capture = read(marked.text)
    let object = try #require(capture.root?.objectValue)
    #expect(object.members[0].keySpan == SourceSpan(start: marked["1️⃣"]!, end: marked["2️⃣"]!))
    #expect(object.members[0].value.span == SourceSpan(start: marked["3️⃣"]!, end: marked["4️⃣"]!))
    #expect(object.members[1].value.span == SourceSpan(start: marked["5️⃣"]!, end: marked["6️⃣"]!))
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var marked: String
    var specs: [DiagnosticSpec]
    var testDescription: String { marked }
  }

  static let errorCases: [ErrorCase] = [
    .init(
      marked: #"[AnyHashable("aps"): {"#
        + "\n    alert = \"x\";1️⃣\n",
      specs: [
        .init(
          "1️⃣", id: .decodeUnexpectedEndOfInput,
          message: "unexpected end of the capture; expected ']' closing the dictionary")
      ]
    ),
    .init(
      marked: #"[AnyHashable("aps"): { alert = "x" 1️⃣}]"#,
      specs: [
        .init(
          "1️⃣", id: .decodeUnexpectedToken, message: "unexpected '}'; expected ';' after the value")
      ]
    ),
    .init(marked: #"1️⃣[notice]"#, specs: []),
    .init(
      marked: #"[AnyHashable("a") 1️⃣1]"#,
      specs: [
        .init(
          "1️⃣", id: .decodeUnexpectedToken, message: "unexpected '1'; expected ':' after the key")
      ]
    ),
    .init(
      marked: #"[AnyHashable(1️⃣7): x]"#,
      specs: [.init("1️⃣", id: .decodeNonStringKey, severity: .warning)]
    ),
    .init(
      marked: #"[AnyHashable("a"): 1, 1️⃣AnyHashable("a"): 2]"#,
      specs: [.init(id: .decodeDuplicateKey, severity: .warning)]
    ),
    .init(
      marked: #"[AnyHashable("a"): 1, AnyHashable("b"): [AnyHashable("c"): 1️⃣"open]"#,
      specs: [.init("1️⃣", id: .decodeUnterminatedString)]
    ),
    .init(
      marked: #"Optional([AnyHashable("a"): 1]1️⃣"#,
      specs: [
        .init(
          "1️⃣", id: .decodeUnexpectedEndOfInput,
          message: "unexpected end of the capture; expected ')' closing 'Optional('")
      ]
    ),
  ]

  @Test(arguments: errorCases)
  func reportsProblems(_ testCase: ErrorCase) {
    let marked = MarkedSource(testCase.marked)
    let capture = read(marked.text)
    if testCase.specs.isEmpty {
      // `[notice]` is not a dictionary: the reader expects a key.
      let hasErrors = capture.hasErrors
      #expect(hasErrors)
    } else {
      expectDiagnostics(capture.diagnostics, testCase.specs, in: marked)
    }
  }

  @Test func reportsDeepNestingWithoutOverflowingTheStack() {
    let depth = 100_000
    let swift =
      String(repeating: #"[AnyHashable("a"): "#, count: depth) + "1"
      + String(repeating: "]", count: depth)
    let swiftIDs = read(swift).diagnostics.map(\.id)
    #expect(swiftIDs == [.decodeNestingTooDeep])
    let nested =
      "[AnyHashable(\"a\"): {\n" + String(repeating: "a = {", count: depth)
      + String(repeating: "};", count: depth) + "}]"
    let nestedDiagnostics = read(nested).diagnostics
    #expect(nestedDiagnostics.map(\.id) == [.decodeNestingTooDeep])
    // Issue 12, finding 6: the limit named is the reader's, 512, not what is left of it inside
    // the Swift dictionary (511).
    #expect(read(swift).diagnostics.map(\.message) == nestedDiagnostics.map(\.message))
    #expect(nestedDiagnostics.first?.message.contains("512") == true)
    // A value that only looks nested is an object's description: text.
    let text =
      #"[AnyHashable("a"): "# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "]"
    let root = read(text).root
    #expect(root?[JSONPointer("/a")!]?.stringValue?.utf8.count == 2 * depth)
  }

  @Test func readsLargeCapturesInLinearTime() {
    // 20,000 entries whose values all look like the start of containers but are plain text.
    var text = "["
    for index in 0..<20_000 {
      if index > 0 { text += ", " }
      text += #"AnyHashable("k\#(index)"): [x {y (z "w"#
    }
    text += "]"
    let clock = ContinuousClock()
    var capture: ParsedCapture?
    let elapsed = clock.measure { capture = read(text) }
    #expect(capture?.diagnostics.isEmpty == true)
    #expect(capture?.root?.objectValue?.count == 20_000)
    #expect(elapsed < .seconds(5))
  }
}
