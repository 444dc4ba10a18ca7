import PushDiagnostics
import PushJSON
import PushPayload
import Testing

/// The document written a piece at a time is the document the renderer writes whole.
@Suite struct DiagnosticJSONStreamTests {
  /// Diagnostics with and without places, notes, fix-its and properties, in two files.
  static let diagnostics: [Diagnostic] = {
    let file = SourceFile(name: "m.json", text: "{\"aps\": {\"alertt\": 1}}\n")
    let span = SourceSpan(start: 10, end: 18)
    var withEverything = Diagnostic(
      .apnsMissingTopic(), file: "m.json", range: file.range(of: span))
    withEverything.notes = [
      Diagnostic.Note("set here", file: "m.json", range: file.range(of: span))
    ]
    withEverything.fixIts = [Diagnostic.FixIt("remove it")]
    withEverything.properties = ["apns_reason": "MissingTopic"]
    // Fix-its with edits, notes without a place or in another file, a pointer with escaped
    // and non-ASCII tokens, a property named like a standard key, no file at all.
    var withEdits = Diagnostic(
      .jsonTrailingComma(), file: "m.json", range: file.range(of: SourceSpan(start: 2, end: 5)),
      pointer: JSONPointer(tokens: ["aps", "a/b~", "공지"]))
    withEdits.fixIts = [
      Diagnostic.FixIt(
        "replace it", edits: [.init(range: file.range(of: span), replacement: "\"é\"\n")]),
      Diagnostic.FixIt(
        "two edits",
        edits: [
          .init(range: file.range(of: SourceSpan(start: 0, end: 1)), replacement: ""),
          .init(range: file.range(of: SourceSpan(start: 21, end: 22)), replacement: "}}"),
        ]),
    ]
    withEdits.notes = [
      Diagnostic.Note("no place"),
      Diagnostic.Note(
        "elsewhere", file: "other.json", range: file.range(of: span), pointer: .root),
    ]
    withEdits.properties = ["message": "shadowed", "zeta": "last", "alpha": "first"]
    return [
      withEverything,
      Diagnostic(.jsonTrailingComma(), file: "m.json"),
      Diagnostic(.apnsMissingTopic(), file: "n.json"),
      withEdits,
      Diagnostic(.apnsMissingTopic()),
    ]
  }()

  static func streamed(
    _ diagnostics: [Diagnostic], renderer: DiagnosticJSONRenderer,
    members: [(key: String, value: ValueNode)] = []
  ) -> [UInt8] {
    var stream = DiagnosticJSONStream(renderer: renderer)
    var output: [UInt8] = []
    for diagnostic in diagnostics { stream.write(diagnostic, into: &output) }
    #expect(stream.count == diagnostics.count)
    stream.close(appending: members, into: &output)
    return output
  }

  @Test(arguments: [0, 1, 3, 5])
  func piecesJoinedAreTheRendererBytes(count: Int) {
    let diagnostics = Array(Self.diagnostics.prefix(count))
    for style in [CanonicalJSONWriter.Style.pretty, .compact, .pretty(indent: 4)] {
      let renderer = DiagnosticJSONRenderer(style: style, columnUnit: .unicodeScalars)
      let whole = renderer.bytes(for: diagnostics)
      #expect(Self.streamed(diagnostics, renderer: renderer) == whole, "\(style)")
    }
  }

  @Test(arguments: [0, 3, 5])
  func membersAfterTheDiagnosticsEndTheDocument(count: Int) {
    let diagnostics = Array(Self.diagnostics.prefix(count))
    let summary = ValueNode(
      .object(
        JSONObject([JSONObject.Member(key: "errors", value: ValueNode(.number(JSONNumber(2))))])))
    for style in [CanonicalJSONWriter.Style.pretty, .compact] {
      let renderer = DiagnosticJSONRenderer(style: style)
      var document = renderer.document(for: diagnostics)
      if case .object(var object) = document.kind {
        object.members.append(.init(key: "summary", value: summary))
        object.members.append(.init(key: "note", value: ValueNode(.string("é\n"))))
        document = ValueNode(.object(object))
      }
      let whole = CanonicalJSONWriter(style: style).bytes(for: document) + [UInt8(ascii: "\n")]
      let streamed = Self.streamed(
        diagnostics, renderer: renderer,
        members: [
          (key: "summary", value: summary), (key: "note", value: ValueNode(.string("é\n"))),
        ])
      #expect(streamed == whole, "\(style)")
    }
  }
}
