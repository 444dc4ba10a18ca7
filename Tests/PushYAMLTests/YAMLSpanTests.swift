import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// A marked YAML source and the spans some of its values and keys must have.
struct SpanCase: CustomTestStringConvertible, Sendable {
  /// One expected span: of the value at `pointer`, or of its key when `isKey`.
  struct Expectation: Sendable {
    let pointer: String
    let isKey: Bool
    let start: String
    let end: String

    static func value(_ pointer: String, _ start: String, _ end: String) -> Expectation {
      Expectation(pointer: pointer, isKey: false, start: start, end: end)
    }

    static func key(_ pointer: String, _ start: String, _ end: String) -> Expectation {
      Expectation(pointer: pointer, isKey: true, start: start, end: end)
    }
  }

  let name: String
  let marked: String
  let expectations: [Expectation]

  var testDescription: String { name }
}

/// Byte spans of values and keys: libyaml counts characters, the tree must have bytes.
@Suite struct YAMLSpanTests {
  static let cases: [SpanCase] = [
    SpanCase(
      name: "Korean keys and values",
      marked: "1️⃣이름2️⃣: 3️⃣홍길동4️⃣\n5️⃣나이6️⃣: 7️⃣428️⃣\n",
      expectations: [
        .key("/이름", "1️⃣", "2️⃣"), .value("/이름", "3️⃣", "4️⃣"),
        .key("/나이", "5️⃣", "6️⃣"), .value("/나이", "7️⃣", "8️⃣"),
      ]
    ),
    SpanCase(
      name: "byte order mark",
      marked: "\u{FEFF}1️⃣a2️⃣: 3️⃣한국4️⃣\nb: 5️⃣true6️⃣\n",
      expectations: [.key("/a", "1️⃣", "2️⃣"), .value("/a", "3️⃣", "4️⃣"), .value("/b", "5️⃣", "6️⃣")]
    ),
    SpanCase(
      name: "CRLF line breaks",
      marked: "a: 1\r\nb: 1️⃣한글2️⃣\r\n3️⃣c4️⃣: [5️⃣x6️⃣]\r\n",
      expectations: [.value("/b", "1️⃣", "2️⃣"), .key("/c", "3️⃣", "4️⃣"), .value("/c/0", "5️⃣", "6️⃣")]
    ),
    SpanCase(
      name: "CR line breaks",
      marked: "a: 1\rb: 1️⃣한글2️⃣\r3️⃣c4️⃣: 5️⃣x6️⃣\r",
      expectations: [.value("/b", "1️⃣", "2️⃣"), .key("/c", "3️⃣", "4️⃣"), .value("/c", "5️⃣", "6️⃣")]
    ),
    SpanCase(
      name: "four-byte characters",
      marked: "- 😀😀 🇰🇷\n- 1️⃣x2️⃣\n- 3️⃣\"😀\"4️⃣\n",
      expectations: [.value("/1", "1️⃣", "2️⃣"), .value("/2", "3️⃣", "4️⃣")]
    ),
    SpanCase(
      name: "line separators that libyaml counts as line breaks",
      marked: "a: \"x\u{2028}y\u{85}z\"\nb: 1️⃣한2️⃣\n",
      expectations: [.value("/b", "1️⃣", "2️⃣")]
    ),
    SpanCase(
      name: "flow collections",
      marked: "a: 1️⃣[1, 2]2️⃣\nb: 3️⃣{k: 5️⃣값6️⃣}4️⃣\n",
      expectations: [.value("/a", "1️⃣", "2️⃣"), .value("/b", "3️⃣", "4️⃣"), .value("/b/k", "5️⃣", "6️⃣")]
    ),
    SpanCase(
      name: "block mapping",
      marked: "a:\n  1️⃣k: v\n  l: w2️⃣\n\n# trailing comment\nb: 1\n",
      expectations: [.value("/a", "1️⃣", "2️⃣")]
    ),
    SpanCase(
      name: "block sequence",
      marked: "a:\n  1️⃣- x\n  - - y\n    - z2️⃣\n",
      expectations: [.value("/a", "1️⃣", "2️⃣")]
    ),
    SpanCase(
      name: "whole document",
      marked: "# heading\n1️⃣a: 1\nb: [2]2️⃣\n",
      expectations: [.value("", "1️⃣", "2️⃣")]
    ),
    SpanCase(
      name: "properties are not part of the value",
      marked: "a: &x 1️⃣[1]2️⃣\nb: !!str 3️⃣54️⃣\nc: &y\n  # comment\n  5️⃣k: v6️⃣\nd: !!map &z 7️⃣{}8️⃣\n",
      expectations: [
        .value("/a", "1️⃣", "2️⃣"), .value("/b", "3️⃣", "4️⃣"), .value("/c", "5️⃣", "6️⃣"),
        .value("/d", "7️⃣", "8️⃣"),
      ]
    ),
    SpanCase(
      name: "empty values sit after their indicator",
      marked: "a:1️⃣\nb:2️⃣ # comment\n\nc: !!null3️⃣\nd:\n- x\n-4️⃣\n- y\n",
      expectations: [
        .value("/a", "1️⃣", "1️⃣"), .value("/b", "2️⃣", "2️⃣"), .value("/c", "3️⃣", "3️⃣"),
        .value("/d/1", "4️⃣", "4️⃣"),
      ]
    ),
    SpanCase(
      name: "empty values in flow collections",
      marked: "{a:1️⃣ , b: 1}",
      expectations: [.value("/a", "1️⃣", "1️⃣")]
    ),
    SpanCase(
      name: "quotes are part of the span",
      marked: "1️⃣'k'2️⃣: 3️⃣'v'4️⃣\n5️⃣\"키\"6️⃣: 7️⃣\"값\"8️⃣\n",
      expectations: [
        .key("/k", "1️⃣", "2️⃣"), .value("/k", "3️⃣", "4️⃣"), .key("/키", "5️⃣", "6️⃣"),
        .value("/키", "7️⃣", "8️⃣"),
      ]
    ),
    SpanCase(
      name: "block scalar",
      marked: "a: 1️⃣|\n  text\n2️⃣b: 1\n",
      expectations: [.value("/a", "1️⃣", "2️⃣")]
    ),
    SpanCase(
      name: "multi-line plain scalar",
      marked: "a: 1️⃣one\n  two2️⃣\n",
      expectations: [.value("/a", "1️⃣", "2️⃣")]
    ),
  ]

  @Test(arguments: cases)
  func spans(_ spanCase: SpanCase) throws {
    let marked = MarkedSource(spanCase.marked)
    let parsed = readYAML(marked.text)
    #expect(!parsed.hasErrors, "\(parsed.diagnostics)")
    let root = try #require(parsed.documents.first)
    for expectation in spanCase.expectations {
      let pointer = try #require(JSONPointer(expectation.pointer))
      let start = try #require(marked[expectation.start])
      let end = try #require(marked[expectation.end])
      let span: SourceSpan
      if expectation.isKey {
        let object = try #require(root[pointer.parent]?.objectValue)
        let name = try #require(pointer.tokens.last)
        let member = try #require(object.member(named: name))
        span = member.keySpan
      } else {
        span = try #require(root[pointer]).span
      }
      #expect(
        span == SourceSpan(start: start, end: end),
        "\(expectation.isKey ? "key" : "value") at '\(expectation.pointer)': '\(spannedText(span, in: parsed))'"
      )
    }
  }

  @Test func secondDocumentSpans() throws {
    let marked = MarkedSource("a: 1\n---\n1️⃣b: 2️⃣둘3️⃣\n")
    let parsed = readYAML(marked.text)
    #expect(parsed.documents.count == 2)
    let member = try #require(parsed.documents.last?.objectValue?.members.first)
    let keyStart = try #require(marked["1️⃣"])
    let valueStart = try #require(marked["2️⃣"])
    let valueEnd = try #require(marked["3️⃣"])
    #expect(member.keySpan == SourceSpan(start: keyStart, end: keyStart + 1))
    #expect(member.value.span == SourceSpan(start: valueStart, end: valueEnd))
  }

  @Test func everySpanCoversValidText() throws {
    // Every scalar's span holds its text: checks the character-to-byte conversion on a long,
    // mixed line, past several checkpoints of the offset map.
    var text = ""
    for index in 0..<300 {
      text += "k\(index): \(index % 3 == 0 ? "한국어텍스트" : index % 3 == 1 ? "😀 emoji" : "ascii")\n"
    }
    let parsed = readYAML(text)
    expectNoDiagnostics(parsed)
    let object = try #require(parsed.documents.first?.objectValue)
    #expect(object.count == 300)
    for member in object.members {
      #expect(spannedText(member.keySpan, in: parsed) == member.key)
      #expect(spannedText(member.value.span, in: parsed) == member.value.stringValue)
    }
  }

  @Test func diagnosticsAfterKoreanTextHaveByteColumns() throws {
    let marked = MarkedSource("이름: 홍길동\n나이: !!int 1️⃣마흔\n")
    let parsed = readYAML(marked.text)
    expectDiagnostics(parsed.diagnostics, [DiagnosticSpec("1️⃣", id: .yamlTagMismatch)], in: marked)
    let range = try #require(parsed.diagnostics.first?.range)
    #expect(range.start.line == 2)
    #expect(range.start.column == 15)  // 나이 is 6 bytes, ": !!int " 8 more.
    #expect(range.end.column == 21)
  }

  @Test func syntaxErrorsAfterKoreanTextAndABOMAreExact() throws {
    let marked = MarkedSource("\u{FEFF}이름: 2️⃣\"홍길동\n1️⃣")
    let parsed = readYAML(marked.text)
    expectDiagnostics(
      parsed.diagnostics,
      [
        DiagnosticSpec("0️⃣", id: .yamlByteOrderMark, severity: .note),
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message: "found unexpected end of stream while scanning a quoted scalar"),
      ],
      in: MarkedSource("0️⃣\u{FEFF}이름: 2️⃣\"홍길동\n1️⃣")
    )
    let error = try #require(parsed.diagnostics.last)
    #expect(error.notes.first?.range?.start.offset == marked["2️⃣"])
    #expect(error.notes.first?.message == "the quoted scalar starts here")
  }
}
