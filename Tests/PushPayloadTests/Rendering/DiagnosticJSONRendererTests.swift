import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@Suite struct DiagnosticJSONRendererTests {
  static let file = SourceFile(name: "m.json", text: "{\n  \"a\": 1,\n  \"a\": 2\n}\n")

  static func range(_ start: Int, _ end: Int) -> SourceRange {
    file.range(of: SourceSpan(start: start, end: end))
  }

  @Test func fullDiagnostic() {
    let diagnostic = Diagnostic(
      id: .jsonDuplicateKey,
      severity: .error,
      message: "duplicate key 'a'",
      file: "m.json",
      range: Self.range(14, 17),
      pointer: JSONPointer(tokens: ["a"]),
      notes: [Diagnostic.Note("first here", file: "m.json", range: Self.range(4, 7))],
      fixIts: [
        Diagnostic.FixIt(
          "remove it",
          edits: [.init(range: Self.range(11, 22), replacement: "")]
        )
      ]
    )
    let expected = """
      {"version":2,"columnUnit":"utf8Bytes","diagnostics":[{"id":"jsonDuplicateKey","severity":"error",\
      "message":"duplicate key 'a'","file":"m.json","line":3,"column":3,"endLine":3,\
      "endColumn":6,"offset":14,"endOffset":17,"pointer":"/a","notes":[{"message":"first here",\
      "file":"m.json","line":2,"column":3,"endLine":2,"endColumn":6,"offset":4,"endOffset":7,\
      "pointer":null}],"fixIts":[{"message":"remove it","edits":[{"line":2,"column":10,\
      "endLine":4,"endColumn":2,"offset":11,"endOffset":22,"replacement":""}]}]}]}

      """
    #expect(DiagnosticJSONRenderer(style: .compact).render([diagnostic]) == expected)
  }

  @Test func absentFieldsAreNull() {
    let diagnostic = Diagnostic(
      id: DiagnosticID(rawValue: "cliX"), severity: .warning, message: "m")
    let expected = """
      {"version":2,"columnUnit":"utf8Bytes","diagnostics":[{"id":"cliX","severity":"warning","message":"m","file":null,\
      "line":null,"column":null,"endLine":null,"endColumn":null,"offset":null,"endOffset":null,\
      "pointer":null,"notes":[],"fixIts":[]}]}

      """
    #expect(DiagnosticJSONRenderer(style: .compact).render([diagnostic]) == expected)
  }

  @Test func propertiesAreExtraMembersSortedByKey() {
    let diagnostic = Diagnostic(
      id: DiagnosticID(rawValue: "apnsX"),
      severity: .error,
      message: "m",
      properties: ["zeta": "1", "apns_reason": "PayloadTooLarge", "b\"q": "\n", "id": "clash"]
    )
    let text = DiagnosticJSONRenderer(style: .compact).render([diagnostic])
    #expect(
      text.hasSuffix(
        #""fixIts":[],"apns_reason":"PayloadTooLarge","b\"q":"\n","zeta":"1"}]}"# + "\n"
      )
    )
  }

  @Test func emptyListIsPrettyByDefault() {
    #expect(
      DiagnosticJSONRenderer().render([])
        == "{\n  \"version\": 2,\n  \"columnUnit\": \"utf8Bytes\",\n  \"diagnostics\": []\n}\n"
    )
  }

  @Test func rootPointerIsTheEmptyString() throws {
    let diagnostic = Diagnostic(
      id: DiagnosticID(rawValue: "x"), severity: .error, message: "m", pointer: .root)
    let text = DiagnosticJSONRenderer(style: .compact).render([diagnostic])
    #expect(text.contains(#""pointer":"""#))
  }

  /// Whatever the messages hold, the output is valid JSON that reads back to the same values.
  @Test(arguments: [
    "quote \" backslash \\ slash /", "line\nbreak\ttab\u{0}nul\u{1F}", "한국어 😀 é", "~1 /a~0b",
  ])
  func roundTrip(_ text: String) throws {
    let diagnostic = Diagnostic(
      id: DiagnosticID(rawValue: "jsonTest"),
      severity: .note,
      message: text,
      file: text,
      pointer: JSONPointer(tokens: [text, "0"]),
      notes: [Diagnostic.Note(text)],
      fixIts: [Diagnostic.FixIt(text)]
    )
    for renderer in [DiagnosticJSONRenderer(), DiagnosticJSONRenderer(style: .compact)] {
      let parsed = JSONReader.read(
        SourceFile(name: "out.json", text: renderer.render([diagnostic])))
      #expect(parsed.diagnostics.isEmpty)
      let document = try #require(parsed.documents.first)
      #expect(document[JSONPointer("/version")!]?.numberValue?.intValue == 2)
      let first = try #require(document[JSONPointer("/diagnostics/0")!])
      #expect(first[JSONPointer("/message")!]?.stringValue == text)
      #expect(first[JSONPointer("/file")!]?.stringValue == text)
      #expect(first[JSONPointer("/notes/0/message")!]?.stringValue == text)
      #expect(first[JSONPointer("/fixIts/0/message")!]?.stringValue == text)
      #expect(first[JSONPointer("/fixIts/0/edits")!]?.arrayValue?.isEmpty == true)
      let pointer = try #require(first[JSONPointer("/pointer")!]?.stringValue)
      #expect(JSONPointer(pointer) == JSONPointer(tokens: [text, "0"]))
    }
  }

  /// The keys properties may not replace are exactly the keys of an element without them.
  @Test func standardKeysAreTheKeysOfAnElement() {
    let diagnostic = Diagnostic(id: .apnsMissingTopic, severity: .error, message: "m")
    let element = DiagnosticJSONRenderer().document(for: [diagnostic])[
      JSONPointer("/diagnostics/0")!]
    let keys = element?.objectValue?.members.map(\.key) ?? []
    #expect(Set(keys) == DiagnosticJSONRenderer.standardKeys)
    #expect(keys.count == DiagnosticJSONRenderer.standardKeys.count)
  }

  @Test func keepsTheGivenOrder() {
    let a = Diagnostic(id: DiagnosticID(rawValue: "b"), severity: .error, message: "1", file: "z")
    let b = Diagnostic(id: DiagnosticID(rawValue: "a"), severity: .error, message: "2", file: "a")
    let document = DiagnosticJSONRenderer().document(for: [a, b])
    let ids = document[JSONPointer("/diagnostics")!]?.arrayValue?.compactMap {
      $0[JSONPointer("/id")!]?.stringValue
    }
    #expect(ids == ["b", "a"])
  }
}
