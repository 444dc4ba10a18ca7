import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// A marked YAML source and the diagnostics it must produce, exactly.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
  let name: String
  let marked: String
  let specs: [DiagnosticSpec]
  var options = YAMLReader.Options()

  var testDescription: String { name }
}

/// Every diagnostic of the YAML reader, located with markers.
@Suite struct YAMLDiagnosticTests {
  static let cases: [DiagnosticCase] = [
    DiagnosticCase(
      name: "duplicate key",
      marked: "a: 1\n1️⃣a: 2\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlDuplicateKey, severity: .error,
          message: "duplicate key 'a'; the later value silently overrides the earlier one")
      ]
    ),
    DiagnosticCase(
      name: "duplicate key in a flow mapping",
      marked: "{x: 1, y: 2, 1️⃣\"x\": 3}",
      specs: [DiagnosticSpec("1️⃣", id: .yamlDuplicateKey)]
    ),
    DiagnosticCase(
      name: "unclosed double quote",
      marked: "a: \"abc\n1️⃣",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message: "found unexpected end of stream while scanning a quoted scalar")
      ]
    ),
    DiagnosticCase(
      name: "unclosed single quote",
      marked: "a: 'abc\nb: 1\n1️⃣",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message: "found unexpected end of stream while scanning a quoted scalar")
      ]
    ),
    DiagnosticCase(
      name: "unclosed flow sequence",
      marked: "a: [1, 2\n1️⃣",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message: "did not find expected ',' or ']' while parsing a flow sequence")
      ]
    ),
    DiagnosticCase(
      name: "unclosed flow mapping",
      marked: "a: {b: 1\n1️⃣",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message: "did not find expected ',' or '}' while parsing a flow mapping")
      ]
    ),
    DiagnosticCase(
      name: "mismatched bracket",
      marked: "a: [1, 21️⃣}\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlSyntaxError)]
    ),
    DiagnosticCase(
      name: "bad indentation",
      marked: "a: 1\n b1️⃣: 2\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError, message: "mapping values are not allowed in this context")
      ]
    ),
    DiagnosticCase(
      name: "less indented key",
      marked: "a:\n    b: 1\n  1️⃣c: 2\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlSyntaxError)]
    ),
    DiagnosticCase(
      name: "tab indentation",
      marked: "a:\n1️⃣\tb: 1\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlTabIndentation,
          message:
            "found character that cannot start any token while scanning for the next token; YAML indents with spaces, not tabs"
        )
      ]
    ),
    DiagnosticCase(
      name: "tab that violates indentation",
      marked: "a:\n  b: 1\n1️⃣\tc: 2\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlTabIndentation,
          message:
            "found a tab character that violates indentation while scanning a plain scalar; YAML indents with spaces, not tabs"
        )
      ]
    ),
    DiagnosticCase(
      name: "tab in a block scalar",
      marked: "a: |\n1️⃣\t text\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlTabIndentation)]
    ),
    DiagnosticCase(
      name: "unknown escape",
      marked: "a: \"1️⃣\\q\"\n",
      specs: [
        DiagnosticSpec(
          id: .yamlSyntaxError,
          message: "found unknown escape character while parsing a quoted scalar")
      ]
    ),
    DiagnosticCase(
      name: "NUL byte",
      marked: "a: b1️⃣\u{0}c\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlControlCharacter, message: "control character U+0000 is not allowed in YAML"
        )
      ]
    ),
    DiagnosticCase(
      name: "control character after Korean text",
      marked: "이름: 홍1️⃣\u{7}\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlControlCharacter, message: "control character U+0007 is not allowed in YAML"
        )
      ]
    ),
    DiagnosticCase(
      name: "byte order mark",
      marked: "1️⃣\u{FEFF}a: 1\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlByteOrderMark, severity: .note)]
    ),
    DiagnosticCase(
      name: "unknown tag",
      marked: "a: 1️⃣!foo x\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlUnknownTag, severity: .warning)]
    ),
    DiagnosticCase(
      name: "tag on a collection that does not fit",
      marked: "a: 1️⃣!!str\n  - x\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlTagMismatch, message: "a sequence does not fit the tag '!!str'")
      ]
    ),
    DiagnosticCase(
      name: "tag mismatch",
      marked: "a: !!int 1️⃣abc\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlTagMismatch, severity: .error)]
    ),
    DiagnosticCase(
      name: "non-finite number",
      marked: "a: [1, 1️⃣.nan]\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlNonFiniteNumber, severity: .error,
          message: "'.nan' has no JSON representation; quote it to use it as a string")
      ]
    ),
    DiagnosticCase(
      name: "hexadecimal out of range",
      marked: "a: 1️⃣0x1FFFFFFFFFFFFFFFF\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlNumberOutOfRange, message: "'0x1FFFFFFFFFFFFFFFF' does not fit in 64 bits")
      ]
    ),
    DiagnosticCase(
      name: "YAML 1.1 Boolean",
      marked: "enabled: 1️⃣off\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlAmbiguousBoolean, severity: .note,
          message: "'off' is the string 'off' in YAML 1.2, but YAML 1.1 tools read it as a Boolean")
      ]
    ),
    DiagnosticCase(
      name: "non-string keys",
      marked: "1️⃣1: a\n2️⃣true: b\n3️⃣~: c\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlNonStringKey, severity: .warning,
          message: "key '1' reads as a number in YAML; it is used as the string '1'"),
        DiagnosticSpec(
          "2️⃣", id: .yamlNonStringKey,
          message: "key 'true' reads as a Boolean in YAML; it is used as the string 'true'"),
        DiagnosticSpec(
          "3️⃣", id: .yamlNonStringKey,
          message: "key '~' reads as null in YAML; it is used as the string '~'"),
      ]
    ),
    DiagnosticCase(
      name: "complex key",
      marked: "? 1️⃣[a, b]\n: c\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlComplexKey, severity: .error,
          message: "a mapping key must be a scalar, not a sequence; JSON keys are strings")
      ]
    ),
    DiagnosticCase(
      name: "complex flow key",
      marked: "{1️⃣{a: 1}: c}\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlComplexKey,
          message: "a mapping key must be a scalar, not a mapping; JSON keys are strings")
      ]
    ),
    DiagnosticCase(
      name: "merge key",
      marked: "base: &b {x: 1}\nd:\n  1️⃣<<: *b\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlMergeKey, severity: .note)]
    ),
    DiagnosticCase(
      name: "unknown alias",
      marked: "a: 1️⃣*nope\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlUnknownAlias, severity: .error,
          message: "unknown alias '*nope'; no anchor '&nope' comes before it in the document")
      ]
    ),
    DiagnosticCase(
      name: "recursive alias",
      marked: "a: &x\n  b: 1️⃣*x\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlRecursiveAlias, severity: .error)]
    ),
    DiagnosticCase(
      name: "nesting too deep",
      marked: "[[[1️⃣[1]]]]",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlNestingTooDeep, message: "sequences and mappings nest deeper than 3 levels")
      ],
      options: YAMLReader.Options(maximumDepth: 3)
    ),
    DiagnosticCase(
      name: "nesting too deep in block style",
      marked: "a:\n  b:\n    1️⃣c: 1\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlNestingTooDeep)],
      options: YAMLReader.Options(maximumDepth: 2)
    ),
    DiagnosticCase(
      name: "nesting too deep through an alias",
      marked: "a: &x [[1]]\nb: [1️⃣*x]\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlNestingTooDeep)],
      options: YAMLReader.Options(maximumDepth: 3)
    ),
    DiagnosticCase(
      name: "too many nodes",
      marked: "[1, 2, 3, 1️⃣4]",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlTooManyNodes,
          message: "the stream has more than 4 nodes once aliases are expanded; reading stopped")
      ],
      options: YAMLReader.Options(maximumNodeCount: 4)
    ),
    DiagnosticCase(
      name: "too many nodes through aliases",
      marked: "a: &x [1, 2, 3]\nb: 1️⃣*x\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlTooManyNodes)],
      options: YAMLReader.Options(maximumNodeCount: 8)
    ),
    DiagnosticCase(
      name: "version directive",
      marked: "1️⃣%YAML 1.1\n---\na: 1\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlVersionDirective, severity: .warning)]
    ),
    DiagnosticCase(
      name: "incompatible version",
      marked: "1️⃣%YAML 2.0\n---\na: 1\n",
      specs: [
        DiagnosticSpec("1️⃣", id: .yamlSyntaxError, message: "found incompatible YAML document")
      ]
    ),
    DiagnosticCase(
      name: "unknown directive",
      marked: "%FOO1️⃣ bar\n---\na: 1\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message: "found unknown directive name while scanning a directive")
      ]
    ),
    DiagnosticCase(
      name: "block entry in a mapping",
      marked: "a: 1\n1️⃣- b\n",
      specs: [DiagnosticSpec("1️⃣", id: .yamlSyntaxError)]
    ),
    DiagnosticCase(
      name: "simple key longer than 1024 characters",
      marked: String(repeating: "k", count: 1100) + "1️⃣: 1\n",
      specs: [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError, message: "mapping values are not allowed in this context")
      ]
    ),
  ]

  @Test(arguments: cases)
  func diagnostics(_ diagnosticCase: DiagnosticCase) {
    let parsed = expectYAMLDiagnostics(
      diagnosticCase.marked, diagnosticCase.specs, options: diagnosticCase.options)
    for diagnostic in parsed.diagnostics {
      #expect(diagnostic.file == "test.yaml")
      #expect(!diagnostic.message.hasSuffix("."), "\(diagnostic.message)")
      let range = diagnostic.range
      #expect(range != nil)
      if let range {
        #expect(range.start.offset <= range.end.offset)
        #expect(range.end.offset <= parsed.file.bytes.count)
      }
    }
  }

  @Test func syntaxErrorsNoteWhereTheConstructStarts() throws {
    let marked = MarkedSource("key: 1️⃣[1, 2\nother: 2️⃣")
    let parsed = readYAML(marked.text)
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.message == "did not find expected ',' or ']' while parsing a flow sequence")
    #expect(diagnostic.notes.map(\.message) == ["the flow sequence starts here"])
    #expect(diagnostic.notes.first?.range?.start.offset == marked["1️⃣"])
    #expect(diagnostic.pointer == JSONPointer("/key/2"))
  }

  @Test func tabIndentationOffersToReplaceTheTab() throws {
    let parsed = readYAML("a:\n\tb: 1\n")
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.id == .yamlTabIndentation)
    let edit = try #require(diagnostic.fixIts.first?.edits.first)
    #expect(edit.range.start.offset == 3 && edit.range.end.offset == 4)
    #expect(edit.replacement == "  ")
  }

  @Test func nonStringKeyOffersToQuote() throws {
    let parsed = readYAML("200: OK\n")
    let diagnostic = try #require(parsed.diagnostics.first)
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == #""200""#)
    #expect(diagnostic.pointer == JSONPointer.root)
  }

  @Test(arguments: [
    ("invalid leading byte", [0x61, 0x3A, 0x20, 0xFF, 0x0A] as [UInt8], 3, UInt8(0xFF)),
    ("truncated sequence", [0x61, 0x3A, 0x20, 0x62, 0xC3, 0x0A], 4, 0xC3),
    ("truncated at the end", [0x61, 0x3A, 0x20, 0xED, 0x95], 3, 0xED),
    ("overlong form", Array("한국: ".utf8) + [0xE0, 0x80, 0x80], 8, 0xE0),
    ("surrogate", [0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80], 3, 0xED),
    ("after a byte order mark", [0xEF, 0xBB, 0xBF, 0x61, 0x3A, 0x20, 0xC0, 0xAF], 6, 0xC0),
    ("in a later document", Array("a: 1\n---\nb: ".utf8) + [0xFE], 12, 0xFE),
  ])
  func invalidUTF8PointsAtTheByte(_ name: String, _ bytes: [UInt8], _ offset: Int, _ byte: UInt8)
    throws
  {
    let parsed = readYAML(bytes: bytes)
    let diagnostic = try #require(parsed.diagnostics.first { $0.id == .yamlInvalidUTF8 })
    #expect(diagnostic.range?.start.offset == offset)
    #expect(diagnostic.range?.end.offset == offset + 1)
    #expect(
      diagnostic.message == "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))")
    #expect(parsed.hasErrors)
  }

  @Test(arguments: [
    ([0xFE, 0xFF, 0x00, 0x61] as [UInt8], "UTF-16 (big-endian)"),
    ([0xFF, 0xFE, 0x61, 0x00], "UTF-16 (little-endian)"),
    ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x61], "UTF-32 (big-endian)"),
    ([0xFF, 0xFE, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
  ])
  func otherEncodingsAreRejected(_ bytes: [UInt8], _ encoding: String) throws {
    let parsed = readYAML(bytes: bytes)
    #expect(parsed.documents.isEmpty)
    #expect(parsed.diagnostics.map(\.id) == [.yamlUnsupportedEncoding])
    #expect(parsed.diagnostics.first?.message.contains(encoding) == true)
  }
}
