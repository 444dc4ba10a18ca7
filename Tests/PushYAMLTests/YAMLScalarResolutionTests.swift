import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// One plain or quoted scalar, read as the value of `v:`, and what it must become.
struct ScalarCase: CustomTestStringConvertible, Sendable {
  /// The scalar as written after `v: `.
  let yaml: String
  /// The compact JSON of the value.
  let json: String
  /// The expected ``ValueNode/sourceText``.
  let sourceText: String?
  /// The identifier of the one diagnostic expected, if any.
  let diagnostic: DiagnosticID?
  /// The text the value's span must cover.
  let spanText: String

  init(
    _ yaml: String,
    _ json: String,
    sourceText: String? = nil,
    diagnostic: DiagnosticID? = nil,
    spanText: String? = nil
  ) {
    self.yaml = yaml
    self.json = json
    self.sourceText = sourceText
    self.diagnostic = diagnostic
    self.spanText = spanText ?? yaml
  }

  var testDescription: String { "v: \(yaml)" }
}

/// The YAML 1.2 core schema, form by form.
@Suite struct YAMLScalarResolutionTests {
  static let nulls: [ScalarCase] = [
    ScalarCase("~", "null", sourceText: "~"),
    ScalarCase("null", "null", sourceText: "null"),
    ScalarCase("Null", "null", sourceText: "Null"),
    ScalarCase("NULL", "null", sourceText: "NULL"),
    ScalarCase("", "null", sourceText: ""),
    ScalarCase("nULL", #""nULL""#),
    ScalarCase("nil", #""nil""#),
    ScalarCase("None", #""None""#),
    ScalarCase("~~", #""~~""#),
  ]

  static let booleans: [ScalarCase] = [
    ScalarCase("true", "true", sourceText: "true"),
    ScalarCase("True", "true", sourceText: "True"),
    ScalarCase("TRUE", "true", sourceText: "TRUE"),
    ScalarCase("false", "false", sourceText: "false"),
    ScalarCase("False", "false", sourceText: "False"),
    ScalarCase("FALSE", "false", sourceText: "FALSE"),
    ScalarCase("tRUE", #""tRUE""#),
    ScalarCase("truee", #""truee""#),
  ]

  static let yaml11Booleans: [ScalarCase] = [
    "yes", "Yes", "YES", "yEs", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y",
    "n", "N",
  ].map { ScalarCase($0, "\"\($0)\"", diagnostic: .yamlAmbiguousBoolean) }

  static let integers: [ScalarCase] = [
    ScalarCase("0", "0", sourceText: "0"),
    ScalarCase("42", "42", sourceText: "42"),
    ScalarCase("00123", "123", sourceText: "00123"),
    ScalarCase("007", "7", sourceText: "007"),
    ScalarCase("000", "0", sourceText: "000"),
    ScalarCase("+1", "1", sourceText: "+1"),
    ScalarCase("+0", "0", sourceText: "+0"),
    ScalarCase("-1", "-1", sourceText: "-1"),
    ScalarCase("-0", "-0", sourceText: "-0"),
    ScalarCase("-007", "-7", sourceText: "-007"),
    ScalarCase(
      "123456789012345678901234567890",
      "123456789012345678901234567890",
      sourceText: "123456789012345678901234567890"
    ),
    ScalarCase(
      "-99999999999999999999", "-99999999999999999999", sourceText: "-99999999999999999999"),
    ScalarCase("0o17", "15", sourceText: "0o17"),
    ScalarCase("0o0", "0", sourceText: "0o0"),
    ScalarCase(
      "0o1777777777777777777777", "18446744073709551615", sourceText: "0o1777777777777777777777"),
    ScalarCase("0x1F", "31", sourceText: "0x1F"),
    ScalarCase("0x1f", "31", sourceText: "0x1f"),
    ScalarCase("0xFF", "255", sourceText: "0xFF"),
    ScalarCase("0x0000000000000000000001", "1", sourceText: "0x0000000000000000000001"),
    ScalarCase("0xFFFFFFFFFFFFFFFF", "18446744073709551615", sourceText: "0xFFFFFFFFFFFFFFFF"),
    ScalarCase(
      "0x10000000000000000", #""0x10000000000000000""#, diagnostic: .yamlNumberOutOfRange),
    ScalarCase(
      "0o2000000000000000000000", #""0o2000000000000000000000""#, diagnostic: .yamlNumberOutOfRange
    ),
    ScalarCase("0o8", #""0o8""#),
    ScalarCase("0o", #""0o""#),
    ScalarCase("0x", #""0x""#),
    ScalarCase("0xG", #""0xG""#),
    ScalarCase("0X1F", #""0X1F""#),
    ScalarCase("-0x1F", #""-0x1F""#),
    ScalarCase("+0o7", #""+0o7""#),
    ScalarCase("0b101", #""0b101""#),
    ScalarCase("1_000", #""1_000""#),
    ScalarCase("1,000", #""1,000""#),
    ScalarCase("+", #""+""#),
    ScalarCase("-x", #""-x""#),
    ScalarCase("12abc", #""12abc""#),
    ScalarCase("١٢", #""١٢""#),
  ]

  static let floats: [ScalarCase] = [
    ScalarCase("1.5", "1.5", sourceText: "1.5"),
    ScalarCase("-1.5", "-1.5", sourceText: "-1.5"),
    ScalarCase("+1.5", "1.5", sourceText: "+1.5"),
    ScalarCase(".5", "0.5", sourceText: ".5"),
    ScalarCase("-.5", "-0.5", sourceText: "-.5"),
    ScalarCase("+.5", "0.5", sourceText: "+.5"),
    ScalarCase("1.", "1.0", sourceText: "1."),
    ScalarCase("-1.", "-1.0", sourceText: "-1."),
    ScalarCase("1.e5", "1.0e5", sourceText: "1.e5"),
    ScalarCase("1e5", "1e5", sourceText: "1e5"),
    ScalarCase("1E5", "1E5", sourceText: "1E5"),
    ScalarCase("1e-5", "1e-5", sourceText: "1e-5"),
    ScalarCase("+1.5e+3", "1.5e+3", sourceText: "+1.5e+3"),
    ScalarCase("001.500", "1.500", sourceText: "001.500"),
    ScalarCase("00.5", "0.5", sourceText: "00.5"),
    ScalarCase("0.0", "0.0", sourceText: "0.0"),
    ScalarCase("-0.0", "-0.0", sourceText: "-0.0"),
    ScalarCase(".5e05", "0.5e05", sourceText: ".5e05"),
    ScalarCase("6.02e23", "6.02e23", sourceText: "6.02e23"),
    ScalarCase("1e400", "1e400", sourceText: "1e400"),
    ScalarCase("1e", #""1e""#),
    ScalarCase("1e+", #""1e+""#),
    ScalarCase("e5", #""e5""#),
    ScalarCase(".", #"".""#),
    ScalarCase(".e5", #"".e5""#),
    ScalarCase("1.2.3", #""1.2.3""#),
    ScalarCase("1.5x", #""1.5x""#),
    ScalarCase("--1", #""--1""#),
    ScalarCase(".inf", #"".inf""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase(".Inf", #"".Inf""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase(".INF", #"".INF""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase("-.inf", #""-.inf""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase("+.inf", #""+.inf""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase(".nan", #"".nan""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase(".NaN", #"".NaN""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase(".NAN", #"".NAN""#, diagnostic: .yamlNonFiniteNumber),
    ScalarCase("-.nan", #""-.nan""#),
    ScalarCase(".nAn", #"".nAn""#),
    ScalarCase(".iNf", #"".iNf""#),
    ScalarCase("inf", #""inf""#),
    ScalarCase("NaN", #""NaN""#),
    ScalarCase("Infinity", #""Infinity""#),
  ]

  static let strings: [ScalarCase] = [
    ScalarCase("hello world", #""hello world""#),
    ScalarCase("2024-02-21", #""2024-02-21""#),
    ScalarCase("2024-02-21T10:00:00Z", #""2024-02-21T10:00:00Z""#),
    ScalarCase("12:30:00", #""12:30:00""#),
    ScalarCase("1:20", #""1:20""#),
    ScalarCase("'123'", #""123""#),
    ScalarCase("\"123\"", #""123""#),
    ScalarCase("'true'", #""true""#),
    ScalarCase("\"null\"", #""null""#),
    ScalarCase("''", #""""#),
    ScalarCase("\"\"", #""""#),
    ScalarCase("'yes'", #""yes""#),
    ScalarCase("\".inf\"", #"".inf""#),
    ScalarCase("'it''s'", #""it's""#),
    ScalarCase(#""tab\there\u00e9\/""#, #""tab\there"# + #"é/""#),
    ScalarCase("한국어", #""한국어""#),
    ScalarCase("안녕 😀", #""안녕 😀""#),
    ScalarCase("a # comment", #""a""#, spanText: "a"),
    ScalarCase("a#b", #""a#b""#),
    ScalarCase("~x", #""~x""#),
    ScalarCase("null_value", #""null_value""#),
    ScalarCase("<<", #""<<""#),
    ScalarCase("=", #""=""#),
  ]

  @Test(arguments: nulls + booleans + yaml11Booleans + integers + floats + strings)
  func scalar(_ scalar: ScalarCase) throws {
    let parsed = readYAML("v: \(scalar.yaml)\n")
    let document = try #require(parsed.documents.first)
    let value = try #require(document[JSONPointer(tokens: ["v"])])
    #expect(compactJSON(value) == scalar.json)
    #expect(value.sourceText == scalar.sourceText)
    #expect(
      parsed.diagnostics.map(\.id) == (scalar.diagnostic.map { [$0] } ?? []),
      "\(parsed.diagnostics)")
    if case .number(let number) = value.kind {
      // The lexeme must be a valid RFC 8259 number: the JSON reader must accept it as is.
      let reread = JSONReader.read(SourceFile(name: "n.json", text: number.lexeme))
      #expect(!reread.hasErrors, "'\(number.lexeme)' is not a JSON number")
      #expect(reread.documents.first?.numberValue == number)
    }
    // The span covers the scalar exactly, without the key.
    #expect(spannedText(value.span, in: parsed) == scalar.spanText)
  }

  @Test func scalarTextIsWhatTheUserWrote() throws {
    let parsed = readYAML("id: 00123\non: yes\nzip: 0x1F\nflag: True\nnothing: ~\nname: Kim\n")
    let document = try #require(parsed.documents.first)
    let texts = try #require(document.objectValue).members.map { $0.value.scalarText }
    #expect(texts == ["00123", "yes", "0x1F", "True", "~", "Kim"])
    #expect(document[JSONPointer(tokens: ["id"])]?.numberValue?.intValue == 123)
  }

  @Test func blockScalarsAreStrings() throws {
    let parsed = readYAML("a: |\n  123\nb: >\n  true\n  null\nc: |-\n  0x1F\n")
    expectNoDiagnostics(parsed)
    let document = try #require(parsed.documents.first)
    #expect(compactJSON(document) == #"{"a":"123\n","b":"true null\n","c":"0x1F"}"#)
    #expect(document[JSONPointer(tokens: ["a"])]?.sourceText == nil)
  }

  @Test func multiLinePlainScalarsFold() throws {
    let parsed = readYAML("a: 12\n  34\nb: true\n  story\n")
    expectNoDiagnostics(parsed)
    #expect(compactJSON(parsed) == [#"{"a":"12 34","b":"true story"}"#])
  }

  @Test func sequencesResolveEveryElement() throws {
    let parsed = readYAML("[1, -2.5, true, ~, x, '3', 0o10]")
    expectNoDiagnostics(parsed)
    #expect(compactJSON(parsed) == [#"[1,-2.5,true,null,"x","3",8]"#])
  }

  @Test func yaml11BooleansAsKeysAreNotReported() throws {
    let parsed = readYAML("on: push\ny: 2\nno: 3\n")
    expectNoDiagnostics(parsed)
    #expect(compactJSON(parsed) == [#"{"on":"push","y":2,"no":3}"#])
  }

  @Test func ambiguousBooleanOffersTwoFixes() throws {
    let parsed = readYAML("enabled: Yes\n")
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.severity == .note)
    #expect(diagnostic.pointer == JSONPointer("/enabled"))
    let replacements = diagnostic.fixIts.flatMap(\.edits).map(\.replacement)
    #expect(replacements == [#""Yes""#, "true"])
    #expect(diagnostic.fixIts.first?.edits.first?.range.start.offset == 9)
  }

  @Test func nonFiniteNumberSuggestsQuoting() throws {
    let parsed = readYAML("ratio: -.inf\n")
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.id == .yamlNonFiniteNumber)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message.contains("'-.inf'"))
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == #""-.inf""#)
  }
}
