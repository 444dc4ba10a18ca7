import PushDiagnostics
import PushJSON
import PushReceiving
import Testing
import _PushPayloadTestSupport

@Suite struct CaptureReaderTests {
  struct DetectionCase: CustomTestStringConvertible, Sendable {
    var text: String
    var form: CaptureForm?
    var testDescription: String { text }
  }

  static let detectionCases: [DetectionCase] = [
    .init(text: #"{"aps": {}}"#, form: .json),
    .init(text: "  \n{}", form: .json),
    .init(text: #"{ "aps" = { badge = 1; }; }"#, form: .propertyList),
    .init(text: "{\n    aps =     {\n    };\n}", form: .propertyList),
    .init(text: #"[AnyHashable("aps"): {}]"#, form: .swiftPrint),
    .init(text: "[:]", form: .swiftPrint),
    .init(text: #"["aps": {}]"#, form: .swiftPrint),
    .init(text: #"Optional([AnyHashable("a"): 1])"#, form: .swiftPrint),
    .init(text: #"["a", "b"]"#, form: .json),
    .init(text: "[1, 2]", form: .json),
  ]

  @Test(arguments: detectionCases)
  func detectsTheForm(_ testCase: DetectionCase) {
    let capture = CaptureReader.read(bytes: Array(testCase.text.utf8))
    #expect(capture.form == testCase.form)
  }

  @Test func skipsALogPrefixWithAWarning() throws {
    let marked = MarkedSource(#"1️⃣userInfo: 2️⃣[AnyHashable("type"): notice]"#)
    let capture = CaptureReader.read(bytes: Array(marked.text.utf8), name: "log.txt")
    #expect(capture.form == .swiftPrint)
    expectDiagnostics(
      capture.diagnostics,
      [DiagnosticSpec("1️⃣", id: .decodeSkippedLeadingText, severity: .warning)], in: marked)
    let type = try #require(capture.root?[JSONPointer(tokens: ["type"])])
    #expect(type.stringValue == "notice")
    // Offsets are those of the original text.
    #expect(type.span.start == (marked["2️⃣"] ?? -1) + #"[AnyHashable("type"): "#.utf8.count)
  }

  @Test func skipsALogPrefixBeforeJSON() {
    let capture = CaptureReader.read(bytes: Array(#"[INFO] payload: {"aps": {"badge": 1}}"#.utf8))
    #expect(capture.form == .json)
    #expect(capture.diagnostics.map(\.id) == [.decodeSkippedLeadingText])
    #expect(capture.root?[JSONPointer("/aps/badge")!]?.numberValue?.intValue == 1)
  }

  @Test func reportsAnUnrecognizedCapture() {
    let capture = CaptureReader.read(bytes: Array("hello there\nsecond line".utf8))
    #expect(capture.form == nil)
    #expect(capture.root == nil)
    #expect(capture.diagnostics.map(\.id) == [.decodeUnrecognizedCapture])
    #expect(capture.diagnostics.first?.range?.end.column == 12)
  }

  @Test func reportsAnEmptyCapture() {
    for text in ["", "  \n\t "] {
      let capture = CaptureReader.read(bytes: Array(text.utf8))
      #expect(capture.diagnostics.map(\.id) == [.decodeEmptyCapture])
      #expect(capture.hasErrors)
    }
  }

  @Test func readsTheForcedForm() {
    let capture = CaptureReader.read(
      bytes: Array(#"{"a" = 1;}"#.utf8),
      options: CaptureReader.Options(form: .json)
    )
    #expect(capture.form == .json)
    #expect(capture.hasErrors)
  }

  @Test func keepsJSONTypes() throws {
    let capture = CaptureReader.read(bytes: Array(#"{"id": "76473", "n": 1}"#.utf8))
    let root = try #require(capture.root)
    #expect(root[JSONPointer("/id")!]?.isUntypedText == false)
    #expect(root[JSONPointer("/n")!]?.numberValue?.intValue == 1)
  }
}
