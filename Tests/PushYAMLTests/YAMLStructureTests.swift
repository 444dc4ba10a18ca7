import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// A YAML stream and the compact JSON of each of its documents.
struct StreamCase: CustomTestStringConvertible, Sendable {
  let yaml: String
  let documents: [String]
  let diagnostics: [DiagnosticID]

  init(_ yaml: String, _ documents: [String], _ diagnostics: [DiagnosticID] = []) {
    self.yaml = yaml
    self.documents = documents
    self.diagnostics = diagnostics
  }

  var testDescription: String { yaml.debugDescription }
}

/// Documents, collections, keys and aliases.
@Suite struct YAMLStructureTests {
  static let streams: [StreamCase] = [
    // Streams and documents.
    StreamCase("", []),
    StreamCase("\n\n", []),
    StreamCase("# only a comment\n", []),
    StreamCase("---\n", ["null"]),
    StreamCase("---", ["null"]),
    StreamCase("--- # empty\n...\n", ["null"]),
    StreamCase("---\n---\n", ["null", "null"]),
    StreamCase("a: 1\n---\nb: 2\n", [#"{"a":1}"#, #"{"b":2}"#]),
    StreamCase("--- 1\n--- two\n--- [3]\n", ["1", #""two""#, "[3]"]),
    StreamCase("a: 1\n...\n---\nb: 2\n...\n", [#"{"a":1}"#, #"{"b":2}"#]),
    StreamCase("%YAML 1.2\n---\nx\n", [#""x""#]),
    StreamCase("just text\n", [#""just text""#]),
    StreamCase("'quoted'", [#""quoted""#]),
    StreamCase("42", ["42"]),
    // Collections.
    StreamCase("- a\n- b\n", [#"["a","b"]"#]),
    StreamCase("[]", ["[]"]),
    StreamCase("{}", ["{}"]),
    StreamCase("a: []\nb: {}\n", [#"{"a":[],"b":{}}"#]),
    StreamCase("- - a\n  - b\n- - c\n", [#"[["a","b"],["c"]]"#]),
    StreamCase("a:\n  b:\n    c: 1\n", [#"{"a":{"b":{"c":1}}}"#]),
    StreamCase("a:\n- 1\n-\n- 3\n", [#"{"a":[1,null,3]}"#]),
    StreamCase("- a: 1\n  b: 2\n- c: 3\n", [#"[{"a":1,"b":2},{"c":3}]"#]),
    StreamCase("[a: 1, b]\n", [#"[{"a":1},"b"]"#]),
    StreamCase("{a, b: 2}\n", [#"{"a":null,"b":2}"#]),
    StreamCase("? a\n: 1\n? b\n", [#"{"a":1,"b":null}"#]),
    StreamCase("a:\nb:\n", [#"{"a":null,"b":null}"#]),
    // Key order is kept.
    StreamCase("z: 1\na: 2\nm: 3\nb: 4\n", [#"{"z":1,"a":2,"m":3,"b":4}"#]),
    StreamCase("{z: 1, a: 2, m: 3}", [#"{"z":1,"a":2,"m":3}"#]),
    // Keys that are not strings are used as their text.
    StreamCase("1: one\n", [#"{"1":"one"}"#], [.yamlNonStringKey]),
    StreamCase("0x1F: x\n", [#"{"0x1F":"x"}"#], [.yamlNonStringKey]),
    StreamCase("true: t\n", [#"{"true":"t"}"#], [.yamlNonStringKey]),
    StreamCase("null: z\n", [#"{"null":"z"}"#], [.yamlNonStringKey]),
    StreamCase("~: z\n", [#"{"~":"z"}"#], [.yamlNonStringKey]),
    StreamCase("? \n: z\n", [#"{"":"z"}"#], [.yamlNonStringKey]),
    StreamCase(".inf: z\n", [#"{".inf":"z"}"#], [.yamlNonStringKey]),
    StreamCase("'1': one\n\"true\": t\n!!str 2: two\n", [#"{"1":"one","true":"t","2":"two"}"#]),
    StreamCase("!!int 3: x\n", [#"{"3":"x"}"#], [.yamlNonStringKey]),
    // Complex keys are errors; the key's text is used.
    StreamCase("? [a, b]\n: c\n", [#"{"[a, b]":"c"}"#], [.yamlComplexKey]),
    StreamCase("? {a: 1}\n: c\n", [#"{"{a: 1}":"c"}"#], [.yamlComplexKey]),
    // Duplicate keys: reported, both kept.
    StreamCase("a: 1\na: 2\n", [#"{"a":1,"a":2}"#], [.yamlDuplicateKey]),
    StreamCase(
      "{a: 1, 'a': 2, \"a\": 3}", [#"{"a":1,"a":2,"a":3}"#],
      [.yamlDuplicateKey, .yamlDuplicateKey]),
    StreamCase(
      "1: x\n'1': z\n", [#"{"1":"x","1":"z"}"#], [.yamlNonStringKey, .yamlDuplicateKey]),
    // Anchors and aliases.
    StreamCase("a: &x 1\nb: *x\n", [#"{"a":1,"b":1}"#]),
    StreamCase("a: &x [1, {k: v}]\nb: *x\n", [#"{"a":[1,{"k":"v"}],"b":[1,{"k":"v"}]}"#]),
    StreamCase("- &a x\n- &b [*a, *a]\n- [*b, *b]\n", [#"["x",["x","x"],[["x","x"],["x","x"]]]"#]),
    StreamCase("a: &x 1\nb: &x 2\nc: *x\n", [#"{"a":1,"b":2,"c":2}"#]),
    StreamCase("&x [&x 1, *x]\n", [#"[1,1]"#]),
    StreamCase("a: &k key\n*k : value\n", [#"{"a":"key","key":"value"}"#]),
    StreamCase("a: &x\nb: *x\n", [#"{"a":null,"b":null}"#]),
    StreamCase("a: *nope\n", [#"{"a":null}"#], [.yamlUnknownAlias]),
    StreamCase("a: &x 1\n---\nb: *x\n", [#"{"a":1}"#, #"{"b":null}"#], [.yamlUnknownAlias]),
    StreamCase("&x [1, *x]\n", [#"[1,null]"#], [.yamlRecursiveAlias]),
    StreamCase("- &x 1\n- &x [*x]\n", [#"[1,[null]]"#], [.yamlRecursiveAlias]),
    // Merge keys are ordinary keys.
    StreamCase(
      "base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n",
      [#"{"base":{"x":1},"derived":{"<<":{"x":1},"y":2}}"#],
      [.yamlMergeKey]
    ),
    StreamCase("'<<': 1\n", [#"{"<<":1}"#]),
    // A version other than 1.2 is read as 1.2.
    StreamCase(
      "%YAML 1.1\n---\nflag: yes\n", [#"{"flag":"yes"}"#],
      [.yamlVersionDirective, .yamlAmbiguousBoolean]),
  ]

  @Test(arguments: streams)
  func stream(_ stream: StreamCase) {
    let parsed = readYAML(stream.yaml)
    #expect(parsed.format == .yaml)
    #expect(compactJSON(parsed) == stream.documents)
    #expect(
      parsed.diagnostics.map(\.id).sorted() == stream.diagnostics.sorted(), "\(parsed.diagnostics)")
  }

  @Test func duplicateKeyNamesBothPlaces() throws {
    let marked = MarkedSource("first: 1\n1️⃣name: a\nother: 2\n2️⃣name: b\n")
    let parsed = readYAML(marked.text)
    expectDiagnostics(
      parsed.diagnostics, [DiagnosticSpec("2️⃣", id: .yamlDuplicateKey, severity: .error)],
      in: marked)
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.message.contains("'name'"))
    #expect(diagnostic.pointer == JSONPointer("/name"))
    #expect(diagnostic.notes.count == 1)
    #expect(diagnostic.notes.first?.range?.start.offset == marked["1️⃣"])
    #expect(diagnostic.notes.first?.range?.end.offset == marked["1️⃣"].map { $0 + 4 })
    let object = try #require(parsed.documents.first?.objectValue)
    #expect(object.keys == ["first", "name", "other", "name"])
    #expect(object["name"]?.stringValue == "b")
  }

  @Test func duplicateKeySeverityIsAnOption() throws {
    let parsed = readYAML(
      "a: 1\na: 2\n", options: YAMLReader.Options(duplicateKeySeverity: .warning))
    #expect(parsed.diagnostics.map(\.severity) == [.warning])
    #expect(!parsed.hasErrors)
  }

  @Test func duplicatesAreFoundInLargeMappings() throws {
    var text = ""
    for index in 0..<2_000 { text += "key\(index): \(index)\n" }
    text += "key1500: again\nkey0: again\n"
    let parsed = readYAML(text)
    #expect(parsed.diagnostics.map(\.id) == [.yamlDuplicateKey, .yamlDuplicateKey])
    #expect(
      parsed.diagnostics.map(\.message).allSatisfy {
        $0.contains("'key1500'") || $0.contains("'key0'")
      })
    #expect(parsed.documents.first?.objectValue?.count == 2_002)
  }

  @Test func duplicateKeysInNestedMappingsHaveTheirPointer() throws {
    let parsed = readYAML("outer:\n  - inner: 1\n    inner: 2\n")
    #expect(parsed.diagnostics.first?.pointer == JSONPointer("/outer/0/inner"))
  }

  @Test func aliasesKeepTheAnchoredSpans() throws {
    let parsed = readYAML("a: &x [1, 2]\nb: *x\n")
    let document = try #require(parsed.documents.first)
    let a = try #require(document[JSONPointer(tokens: ["a"])])
    let b = try #require(document[JSONPointer(tokens: ["b"])])
    #expect(a == b)
    #expect(spannedText(b.span, in: parsed) == "[1, 2]")
  }

  @Test func aliasKeysUseTheAliasAsTheirSpan() throws {
    let parsed = readYAML("a: &k key\n*k : value\n")
    let member = try #require(parsed.documents.first?.objectValue?.members.last)
    #expect(spannedText(member.keySpan, in: parsed) == "*k")
  }

  @Test func anchorsDoNotCrossDocuments() {
    expectYAMLDiagnostics(
      "a: &x 1\n---\nb: 1️⃣*x\n",
      [
        DiagnosticSpec(
          "1️⃣", id: .yamlUnknownAlias,
          message: "unknown alias '*x'; no anchor '&x' comes before it in the document")
      ]
    )
  }

  @Test func documentsBeforeASyntaxErrorAreKept() {
    let parsed = readYAML("a: 1\n---\nb: [2\n---\nc: 3\n")
    #expect(compactJSON(parsed) == [#"{"a":1}"#])
    #expect(parsed.diagnostics.map(\.id) == [.yamlSyntaxError])
    #expect(parsed.hasErrors)
  }

  @Test func explicitlyEmptyDocumentIsNullAtTheMarker() throws {
    let parsed = readYAML("---\n")
    let document = try #require(parsed.documents.first)
    #expect(document.isNull)
    #expect(document.span == SourceSpan(at: 3))
  }

  @Test func mergeKeyNoteAndVersionDirectiveAreLocated() {
    expectYAMLDiagnostics(
      "1️⃣%YAML 1.1\n---\nbase: &b {x: 1}\nd:\n  2️⃣<<: *b\n",
      [
        DiagnosticSpec(
          "1️⃣", id: .yamlVersionDirective, severity: .warning,
          message: "the document declares YAML 1.1; pushc reads it as YAML 1.2 with the core schema"
        ),
        DiagnosticSpec("2️⃣", id: .yamlMergeKey, severity: .note),
      ]
    )
  }
}
