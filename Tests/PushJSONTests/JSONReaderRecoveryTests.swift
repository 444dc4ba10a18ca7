import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

/// Lenient reading (``JSONReader/Options/lenient``): trailing commas accepted with a warning, and
/// recovery after syntax errors so that the rest of a document is still read.
@Suite struct JSONReaderRecoveryTests {
  /// Reads `marked`'s text leniently.
  func readLeniently(_ marked: MarkedSource, options: JSONReader.Options = .lenient)
    -> ParsedSource
  {
    JSONReader.read(SourceFile(name: "test.json", text: marked.text), options: options)
  }

  /// The compact JSON of the only document.
  func compact(_ parsed: ParsedSource) throws -> String {
    #expect(parsed.documents.count == 1)
    return CanonicalJSONWriter(style: .compact).string(for: try #require(parsed.documents.first))
  }

  // MARK: - Trailing commas

  @Test func oneTrailingCommaIsAWarningAndTheDocumentIsRead() throws {
    let marked = MarkedSource(#"{"a": [1, 21️⃣,], "b": {"c": true2️⃣,}3️⃣,}"#)
    let parsed = readLeniently(marked, options: .init(acceptsTrailingCommas: true))
    expectDiagnostics(
      parsed.diagnostics,
      [
        DiagnosticSpec("1️⃣", id: .jsonTrailingComma, severity: .warning),
        DiagnosticSpec("2️⃣", id: .jsonTrailingComma, severity: .warning),
        DiagnosticSpec("3️⃣", id: .jsonTrailingComma, severity: .warning),
      ],
      in: marked
    )
    #expect(!parsed.hasErrors)
    #expect(parsed.recoveries.isEmpty)
    #expect(try compact(parsed) == #"{"a":[1,2],"b":{"c":true}}"#)
    let fixIt = try #require(parsed.diagnostics.first?.fixIts.first)
    #expect(fixIt.edits.first?.replacement == "")
    #expect(fixIt.edits.first?.range.start.offset == marked["1️⃣"])
  }

  @Test func strictReadingKeepsTrailingCommasAnErrorThatStops() {
    let parsed = JSONReader.read(SourceFile(name: "test.json", text: #"{"a": 1,}"#))
    #expect(parsed.diagnostics.map(\.id) == [.jsonTrailingComma])
    #expect(parsed.diagnostics.map(\.severity) == [.error])
    #expect(parsed.documents.isEmpty)
  }

  @Test func twoCommasInARowStayAnError() throws {
    let marked = MarkedSource(#"[1,1️⃣, 2]"#)
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics, [DiagnosticSpec("1️⃣", id: .jsonUnexpectedToken, severity: .error)],
      in: marked)
    #expect(try compact(parsed) == "[1,2]")
  }

  // MARK: - Recovery

  @Test func aMissingCommaIsReportedWithAFixItAndReadingGoesOn() throws {
    let marked = MarkedSource(
      "{\"topic\": \"news\"1️⃣\n 2️⃣\"notification\": {\"title\": \"Hi\"}, \"data\": [1 3️⃣2]}")
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics,
      [
        DiagnosticSpec(
          "2️⃣", id: .jsonUnexpectedToken, severity: .error,
          message: #"unexpected '"'; expected ',' or '}'"#),
        DiagnosticSpec("3️⃣", id: .jsonUnexpectedToken, severity: .error),
      ],
      in: marked
    )
    #expect(
      try compact(parsed) == #"{"topic":"news","notification":{"title":"Hi"},"data":[1,2]}"#)
    let insertion = try #require(parsed.diagnostics.first?.fixIts.first?.edits.first)
    #expect(insertion.replacement == ",")
    #expect(insertion.range.start.offset == marked["1️⃣"])
    #expect(parsed.recoveries.map(\.start) == [marked["2️⃣"], marked["3️⃣"]].compactMap { $0 })
  }

  /// A fragment of a larger input (a part of an array read in parts) records where reading
  /// recovered in its own bytes, as every span is, while the diagnostic carries the input's
  /// position.
  @Test func aFragmentRecordsItsRecoveriesInItsOwnBytes() throws {
    let marked = MarkedSource("[{\"a\": 1 1️⃣\"b\": 2}]")
    let origin = SourcePosition(line: 30, column: 1, offset: 5_000)
    let fragment = SourceFile(name: "big.json", bytes: Array(marked.text.utf8), origin: origin)
    let parsed = JSONReader.read(fragment, options: .lenient)
    let local = try #require(marked["1️⃣"])
    #expect(parsed.recoveries.map(\.start) == [local])
    #expect(parsed.diagnostics.first?.range?.start.offset == 5_000 + local)
  }

  @Test func aMissingColonBeforeAValueIsReadAsIfItWereThere() throws {
    let marked = MarkedSource(#"{"a" 1️⃣1, "b": 2}"#)
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics, [DiagnosticSpec("1️⃣", id: .jsonUnexpectedToken, severity: .error)],
      in: marked)
    #expect(try compact(parsed) == #"{"a":1,"b":2}"#)
    #expect(parsed.diagnostics.first?.fixIts.first?.edits.first?.replacement == ":")
  }

  @Test func unquotedAndSingleQuotedKeysAreReadAsTheKeysMeant() throws {
    let marked = MarkedSource(#"{1️⃣topic: "a", 2️⃣'mutable-content': 1, 3️⃣apns-topic: "x"}"#)
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics,
      [
        DiagnosticSpec("1️⃣", id: .jsonUnexpectedToken, severity: .error),
        DiagnosticSpec("2️⃣", id: .jsonUnexpectedToken, severity: .error),
        DiagnosticSpec("3️⃣", id: .jsonUnexpectedToken, severity: .error),
      ],
      in: marked
    )
    #expect(try compact(parsed) == #"{"topic":"a","mutable-content":1,"apns-topic":"x"}"#)
  }

  @Test func aStringLeftOpenAtTheEndOfItsLineEndsThere() throws {
    let marked = MarkedSource("{\"title\": 1️⃣\"Hello2️⃣,\n  \"body\": \"x\"}")
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics,
      [DiagnosticSpec("1️⃣", id: .jsonUnterminatedString, severity: .error)],
      in: marked
    )
    // The comma at the end of the line is the separator it was meant to be.
    #expect(try compact(parsed) == #"{"title":"Hello","body":"x"}"#)
    let closing = try #require(parsed.diagnostics.first?.fixIts.first?.edits.first)
    #expect(closing.replacement == "\"")
    #expect(closing.range.start.offset == marked["2️⃣"])
  }

  @Test func aStringThatBreaksItsLineButClosesIsOneControlCharacterError() throws {
    let parsed = readLeniently(MarkedSource("{\"body\": \"line one\nline two\", \"b\": 1}"))
    #expect(parsed.diagnostics.map(\.id) == [.jsonControlCharacterInString])
    #expect(parsed.recoveries.isEmpty)
    #expect(try compact(parsed) == #"{"body":"line one\nline two","b":1}"#)
  }

  @Test func containersLeftOpenAtTheEndAreClosed() throws {
    let marked = MarkedSource(#"{"message": {"topic": "a", "data": {"k": "v"1️⃣"#)
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics,
      [DiagnosticSpec("1️⃣", id: .jsonUnexpectedEndOfInput, severity: .error)],
      in: marked
    )
    #expect(try compact(parsed) == #"{"message":{"topic":"a","data":{"k":"v"}}}"#)
  }

  @Test func aMemberWithoutAValueIsLeftOut() throws {
    let marked = MarkedSource(#"{"a": 1️⃣, "b": 2️⃣tru, "c": 3️⃣01, "d": 4}"#)
    let parsed = readLeniently(marked)
    #expect(
      parsed.diagnostics.map(\.id) == [
        .jsonUnexpectedToken, .jsonUnexpectedToken, .jsonInvalidNumber,
      ])
    #expect(try compact(parsed) == #"{"d":4}"#)
  }

  @Test func commentsAreReportedAndSkipped() throws {
    let marked = MarkedSource("{1️⃣// note\n \"a\": 2️⃣/* one */ 1}")
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics,
      [
        DiagnosticSpec("1️⃣", id: .jsonComment, severity: .error),
        DiagnosticSpec("2️⃣", id: .jsonComment, severity: .error),
      ],
      in: marked
    )
    #expect(try compact(parsed) == #"{"a":1}"#)
  }

  @Test func aClosingOfTheOtherKindClosesTheInnerContainer() throws {
    let marked = MarkedSource(#"{"a": [1, 21️⃣}"#)
    let parsed = readLeniently(marked)
    expectDiagnostics(
      parsed.diagnostics, [DiagnosticSpec("1️⃣", id: .jsonUnexpectedToken, severity: .error)],
      in: marked)
    #expect(try compact(parsed) == #"{"a":[1,2]}"#)
  }

  @Test func readingStopsAfterTheMostSyntaxErrors() {
    let text = "[" + (0..<12).map { "\($0)" }.joined(separator: " ") + "]"
    let parsed = JSONReader.read(
      SourceFile(name: "test.json", text: text),
      options: .init(recoversFromSyntaxErrors: true, maximumSyntaxErrors: 3))
    #expect(
      parsed.diagnostics.map(\.id) == [
        .jsonUnexpectedToken, .jsonUnexpectedToken, .jsonUnexpectedToken, .jsonUnexpectedToken,
        .jsonTooManySyntaxErrors,
      ])
    #expect(parsed.documents.isEmpty)
    #expect(parsed.recoveries.count == 3)
  }

  @Test func sequencesStopAtTheFirstSyntaxError() {
    var options = JSONReader.Options.lenient
    options.allowsMultipleDocuments = true
    let parsed = JSONReader.read(
      SourceFile(name: "test.ndjson", text: "{\"a\": 1}\n{\"b\" 2}\n{\"c\": 3}\n"),
      options: options)
    #expect(parsed.documents.count == 1)
    #expect(parsed.recoveries.isEmpty)
    #expect(parsed.stoppedBeforeEnd)
  }

  /// Recovery always moves forward: byte soup ends, and never with more errors than the limit
  /// allows.
  @Test func randomBytesEndWithinTheErrorLimit() {
    var generator = SplitMix64(seed: 0xEC0)
    let alphabet = Array(#"{}[],:"'/* \ntrufalsn0123456789-+.eEab"#.utf8) + [0xFF, 0xC3, 0xA9]
    for _ in 0..<3_000 {
      let length = Int(generator.next() % 80)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let parsed = JSONReader.read(SourceFile(name: "soup.json", bytes: bytes), options: .lenient)
      #expect(parsed.recoveries.count <= JSONReader.Options.defaultMaximumSyntaxErrors)
      #expect(parsed.documents.count <= 1)
      // What a recovered document holds is written out as valid JSON that reads back strictly.
      if let document = parsed.documents.first {
        let written = CanonicalJSONWriter(style: .compact).string(for: document)
        let reread = JSONReader.read(
          SourceFile(name: "w.json", text: written), options: .init(duplicateKeySeverity: .warning))
        #expect(!reread.hasErrors, "\(written)")
      }
    }
  }
}
