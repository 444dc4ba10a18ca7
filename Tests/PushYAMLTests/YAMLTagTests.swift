import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// A tagged node read as the value of `v:`.
struct TagCase: CustomTestStringConvertible, Sendable {
  let yaml: String
  let json: String
  let diagnostics: [DiagnosticID]
  let sourceText: String?

  init(
    _ yaml: String, _ json: String, _ diagnostics: [DiagnosticID] = [], sourceText: String? = nil
  ) {
    self.yaml = yaml
    self.json = json
    self.diagnostics = diagnostics
    self.sourceText = sourceText
  }

  var testDescription: String { "v: \(yaml)" }
}

/// Explicit tags: the core schema's are honoured, `!` means string, others are ignored.
@Suite struct YAMLTagTests {
  static let cases: [TagCase] = [
    // !!str
    TagCase("!!str 123", #""123""#),
    TagCase("!!str true", #""true""#),
    TagCase("!!str ~", #""~""#),
    TagCase("!!str", #""""#),
    TagCase("!!str 'quoted'", #""quoted""#),
    TagCase("!<tag:yaml.org,2002:str> 1", #""1""#),
    // The non-specific tag.
    TagCase("! 12", #""12""#),
    TagCase("! true", #""true""#),
    TagCase("! .inf", #"".inf""#),
    // !!int
    TagCase("!!int 12", "12", sourceText: "12"),
    TagCase("!!int 0x1F", "31", sourceText: "0x1F"),
    TagCase("!!int +007", "7", sourceText: "+007"),
    TagCase("!!int \"12\"", "12"),
    TagCase("!<tag:yaml.org,2002:int> 5", "5", sourceText: "5"),
    TagCase("!!int abc", #""abc""#, [.yamlTagMismatch]),
    TagCase("!!int 1.5", #""1.5""#, [.yamlTagMismatch]),
    TagCase("!!int", #""""#, [.yamlTagMismatch]),
    TagCase("!!int 0x10000000000000000", #""0x10000000000000000""#, [.yamlNumberOutOfRange]),
    // !!float
    TagCase("!!float 1.5", "1.5", sourceText: "1.5"),
    TagCase("!!float 1", "1.0", sourceText: "1"),
    TagCase("!!float -3", "-3.0", sourceText: "-3"),
    TagCase("!!float 1e3", "1e3", sourceText: "1e3"),
    TagCase("!!float '.5'", "0.5"),
    TagCase("!!float .inf", #"".inf""#, [.yamlNonFiniteNumber]),
    TagCase("!!float .nan", #"".nan""#, [.yamlNonFiniteNumber]),
    TagCase("!!float 0x1F", #""0x1F""#, [.yamlTagMismatch]),
    TagCase("!!float abc", #""abc""#, [.yamlTagMismatch]),
    // !!bool
    TagCase("!!bool true", "true", sourceText: "true"),
    TagCase("!!bool FALSE", "false", sourceText: "FALSE"),
    TagCase("!!bool \"true\"", "true"),
    TagCase("!!bool yes", #""yes""#, [.yamlTagMismatch]),
    TagCase("!!bool 1", #""1""#, [.yamlTagMismatch]),
    // !!null
    TagCase("!!null ~", "null", sourceText: "~"),
    TagCase("!!null", "null", sourceText: ""),
    TagCase("!!null ''", "null"),
    TagCase("!!null none", #""none""#, [.yamlTagMismatch]),
    // !!map and !!seq
    TagCase("!!map {a: 1}", #"{"a":1}"#),
    TagCase("!!seq [1, 2]", "[1,2]"),
    TagCase("! {a: 1}", #"{"a":1}"#),
    TagCase("! [1]", "[1]"),
    TagCase("!!map [1]", "[1]", [.yamlTagMismatch]),
    TagCase("!!seq {a: 1}", #"{"a":1}"#, [.yamlTagMismatch]),
    TagCase("!!str [1]", "[1]", [.yamlTagMismatch]),
    TagCase("!!int {a: 1}", #"{"a":1}"#, [.yamlTagMismatch]),
    TagCase("!!map x", #""x""#, [.yamlTagMismatch]),
    TagCase("!!seq 1", #""1""#, [.yamlTagMismatch]),
    // Other tags are ignored with a warning.
    TagCase("!!binary aGVsbG8=", #""aGVsbG8=""#, [.yamlUnknownTag]),
    TagCase("!!timestamp 2024-01-01", #""2024-01-01""#, [.yamlUnknownTag]),
    TagCase("!foo 12", "12", [.yamlUnknownTag], sourceText: "12"),
    TagCase("!foo '12'", #""12""#, [.yamlUnknownTag]),
    TagCase("!foo yes", #""yes""#, [.yamlUnknownTag, .yamlAmbiguousBoolean]),
    TagCase("!!set {a, b}", #"{"a":null,"b":null}"#, [.yamlUnknownTag]),
    TagCase("!!omap [a: 1]", #"[{"a":1}]"#, [.yamlUnknownTag]),
    TagCase("!<tag:example.com,2000:x> 1", "1", [.yamlUnknownTag], sourceText: "1"),
    // Anchors and tags together.
    TagCase("&a !!int 12", "12", sourceText: "12"),
    TagCase("!!int &a 12", "12", sourceText: "12"),
  ]

  @Test(arguments: cases)
  func tag(_ tag: TagCase) throws {
    let parsed = readYAML("v: \(tag.yaml)\n")
    let value = try #require(parsed.documents.first?[JSONPointer(tokens: ["v"])])
    #expect(compactJSON(value) == tag.json)
    #expect(value.sourceText == tag.sourceText)
    #expect(
      parsed.diagnostics.map(\.id).sorted() == tag.diagnostics.sorted(), "\(parsed.diagnostics)")
  }

  @Test func tagMismatchPointsAtTheValueAndNamesTheTag() {
    let parsed = expectYAMLDiagnostics(
      "count: !!int 1️⃣twelve\n",
      [
        DiagnosticSpec(
          "1️⃣", id: .yamlTagMismatch, severity: .error,
          message: "'twelve' does not fit the tag '!!int'")
      ]
    )
    #expect(parsed.diagnostics.first?.pointer == JSONPointer("/count"))
  }

  @Test func unknownTagPointsAtTheTag() {
    expectYAMLDiagnostics(
      "a: &x 1️⃣!custom value\nb: 2️⃣!!binary [1]\n",
      [
        DiagnosticSpec(
          "1️⃣", id: .yamlUnknownTag, severity: .warning,
          message: "unknown tag '!custom'; the value is read as if it had no tag"),
        DiagnosticSpec(
          "2️⃣", id: .yamlUnknownTag, severity: .warning,
          message: "unknown tag '!!binary'; the value is read as if it had no tag"),
      ]
    )
  }

  @Test func tagDirectivesAreResolved() throws {
    let parsed = expectYAMLDiagnostics(
      "%TAG !e! tag:example.com,2000:\n---\na: 1️⃣!e!point 1\nb: !e!str x\n",
      [
        DiagnosticSpec(
          "1️⃣", id: .yamlUnknownTag,
          message: "unknown tag 'tag:example.com,2000:point'; the value is read as if it had no tag"
        ),
        DiagnosticSpec(
          id: .yamlUnknownTag,
          message: "unknown tag 'tag:example.com,2000:str'; the value is read as if it had no tag"),
      ]
    )
    #expect(compactJSON(parsed) == [#"{"a":1,"b":"x"}"#])
  }

  @Test func longTagMismatchValuesAreShortened() throws {
    let long = String(repeating: "x", count: 500)
    let parsed = readYAML("v: !!int \(long)\n")
    let message = try #require(parsed.diagnostics.first?.message)
    #expect(message.count < 100)
    #expect(message.contains("…"))
  }
}
