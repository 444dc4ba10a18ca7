import PushDiagnostics
import PushJSON
import PushReceiving
import Testing
import _PushPayloadTestSupport

@Suite struct PropertyListTextReaderTests {
  func read(_ text: String) -> ParsedCapture {
    PropertyListTextReader.read(SourceFile(name: "po.txt", text: text))
  }

  @Test func readsThePoDescriptionOfAPush() throws {
    let capture = read(
      """
      {
          aps =     {
              alert = "Hello";
              badge = 3;
          };
          "gcm.message_id" = 1700000000000002;
          type = admin;
          title = "\\Uc810\\Uac80";
          url = "https://example.com/maintenance";
      }
      """
    )
    #expect(capture.diagnostics.isEmpty)
    let root = try #require(capture.root)
    #expect(root.objectValue?.keys == ["aps", "gcm.message_id", "type", "title", "url"])
    #expect(root[JSONPointer("/aps/alert")!]?.stringValue == "Hello")
    #expect(root[JSONPointer("/aps/alert")!]?.isUntypedText == false)
    #expect(root[JSONPointer("/aps/badge")!]?.isUntypedText == true)
    #expect(root[JSONPointer("/aps/badge")!]?.stringValue == "3")
    #expect(root[JSONPointer("/gcm.message_id")!]?.stringValue == "1700000000000002")
    #expect(root[JSONPointer("/title")!]?.stringValue == "점검")
    #expect(root[JSONPointer("/url")!]?.stringValue == "https://example.com/maintenance")
  }

  @Test func recordsExactSpans() throws {
    let marked = MarkedSource(#"{ 1️⃣"mutable-content" = 2️⃣1; list = 3️⃣( a, "b c" 4️⃣); }"#)
    let capture = read(marked.text)
    let object = try #require(capture.root?.objectValue)
    #expect(object.members[0].keySpan == SourceSpan(start: marked["1️⃣"]!, end: marked["2️⃣"]! - 3))
    #expect(object.members[0].value.span == SourceSpan(start: marked["2️⃣"]!, end: marked["2️⃣"]! + 1))
    #expect(object.members[1].value.span == SourceSpan(start: marked["3️⃣"]!, end: marked["4️⃣"]! + 1))
    #expect(object.members[1].value.arrayValue?.map(\.stringValue) == ["a", "b c"])
  }

  @Test func decodesEscapes() throws {
    let capture = read(#"{ a = "\"q\" \\ \n\t \101 \U00e9 \Ud83d\Ude00 \U1F"; }"#)
    #expect(capture.diagnostics.isEmpty)
    #expect(capture.root?[JSONPointer("/a")!]?.stringValue == "\"q\" \\ \n\t A é 😀 \u{1F}")
  }

  @Test func acceptsRawUTF8AndEmptyContainers() {
    let capture = read("{ title = \"점검 안내\"; empty = {}; none = (); data = <0102>; }")
    #expect(capture.diagnostics.isEmpty)
    #expect(capture.root?[JSONPointer("/title")!]?.stringValue == "점검 안내")
    #expect(capture.root?[JSONPointer("/empty")!]?.objectValue?.isEmpty == true)
    #expect(capture.root?[JSONPointer("/none")!]?.arrayValue?.isEmpty == true)
    #expect(capture.root?[JSONPointer("/data")!]?.stringValue == "<0102>")
  }

  @Test func acceptsATrailingCommaInArrays() {
    let capture = read("( 1, 2, )")
    #expect(capture.diagnostics.isEmpty)
    #expect(capture.root?.arrayValue?.count == 2)
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var marked: String
    var specs: [DiagnosticSpec]
    var testDescription: String { marked }
  }

  static let errorCases: [ErrorCase] = [
    .init(
      marked: "{ a = 1 1️⃣}",
      specs: [
        .init(
          "1️⃣", id: .decodeUnexpectedToken, message: "unexpected '}'; expected ';' after the value")
      ]),
    .init(
      marked: "{ a 1️⃣1; }",
      specs: [
        .init(
          "1️⃣", id: .decodeUnexpectedToken, message: "unexpected '1'; expected '=' after the key")
      ]),
    .init(marked: "{ a = 1;1️⃣", specs: [.init("1️⃣", id: .decodeUnexpectedEndOfInput)]),
    .init(marked: "{ a = 1️⃣\"open; }", specs: [.init("1️⃣", id: .decodeUnterminatedString)]),
    .init(
      marked: "( 1 1️⃣2 )",
      specs: [
        .init("1️⃣", id: .decodeUnexpectedToken, message: "unexpected '2'; expected ',' or ')'")
      ]),
    .init(marked: "{ a = 1; } 1️⃣extra", specs: [.init("1️⃣", id: .decodeTrailingContent)]),
    .init(
      marked: "{ a = 1️⃣=; }",
      specs: [.init("1️⃣", id: .decodeUnexpectedToken, message: "unexpected '='; expected a value")]),
    .init(
      marked: "{ a = 1️⃣<01; }",
      specs: [
        .init(
          id: .decodeUnexpectedEndOfInput, message: "unexpected end of the capture; expected '>'")
      ]),
    .init(
      marked: "{ a = 1; 1️⃣a = 2; }",
      specs: [.init("1️⃣", id: .decodeDuplicateKey, severity: .warning)]
    ),
    .init(
      marked: #"{ a = "1️⃣\Ud83d x"; }"#,
      specs: [.init("1️⃣", id: .decodeLoneSurrogate, severity: .warning)]),
    .init(
      marked: #"{ a = "1️⃣\q"; }"#, specs: [.init("1️⃣", id: .decodeInvalidEscape, severity: .warning)]
    ),
  ]

  @Test(arguments: errorCases)
  func reportsProblems(_ testCase: ErrorCase) {
    let marked = MarkedSource(testCase.marked)
    expectDiagnostics(read(marked.text).diagnostics, testCase.specs, in: marked)
  }

  @Test func reportsInvalidUTF8AndReplacesIt() {
    var bytes = Array("{ a = \"x".utf8)
    bytes.append(0xFF)
    bytes += Array("\"; }".utf8)
    let capture = PropertyListTextReader.read(SourceFile(name: "po.txt", bytes: bytes))
    #expect(capture.diagnostics.map(\.id) == [.decodeInvalidUTF8])
    #expect(capture.root?[JSONPointer("/a")!]?.stringValue == "x\u{FFFD}")
  }

  @Test func reportsDeepNestingWithoutOverflowingTheStack() {
    let depth = 100_000
    let text =
      String(repeating: "{ a = ", count: depth) + "1;" + String(repeating: " };", count: depth - 1)
      + " }"
    let capture = read(text)
    #expect(capture.diagnostics.map(\.id) == [.decodeNestingTooDeep])
    #expect(capture.root == nil)
  }

  @Test func acceptsNestingUpToTheLimit() {
    let depth = 512
    let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
    #expect(read(text).diagnostics.isEmpty)
    let deeper = "(" + text + ")"
    #expect(read(deeper).diagnostics.map(\.id) == [.decodeNestingTooDeep])
  }

  @Test func pointsDiagnosticsAtTheValue() {
    let capture = read("{ aps = { alert = { body = 1 }; }; }")
    #expect(capture.diagnostics.first?.pointer == JSONPointer("/aps/alert/body"))
  }
}
