import PushDiagnostics
import Testing

@testable import pushc

@Suite struct InlineSuppressionTests {
  @Test func identifiersEndAtTheFirstWordWithoutAComma() {
    #expect(InlineSuppression.parseIdentifiers(" a, b why not") == ["a", "b"])
    #expect(InlineSuppression.parseIdentifiers(" a,b,c") == ["a", "b", "c"])
    #expect(InlineSuppression.parseIdentifiers(" a reason, with commas") == ["a"])
    #expect(InlineSuppression.parseIdentifiers("") == [])
  }

  @Test func aCommentOnItsOwnLineCoversTheNextNodeWithEverythingUnderIt() throws {
    let text = """
      a: 1
      # pushc-disable apns-aps because
      b:
        c: 2

      d: 3 # pushc-disable-file apnsUnknownAPSKey
      e: "# pushc-disable apns-alert"

      """
    let (suppressions, diagnostics) = InlineSuppression.scan(SourceFile(name: "x.yaml", text: text))
    #expect(diagnostics.isEmpty)
    #expect(suppressions.count == 2)
    let next = try #require(suppressions.first)
    #expect(next.identifiers == ["apns-aps"])
    guard case .span(let span) = next.scope else {
      Issue.record("expected a span")
      return
    }
    let bytes = Array(text.utf8)
    let start = try #require(Self.offset(of: "b:\n", in: bytes))
    let end = try #require(Self.offset(of: "\n\nd:", in: bytes))
    #expect(span.start == start)
    #expect(span.end >= start + "b:\n  c: 2".utf8.count)
    #expect(span.end <= end + 1)
    #expect(suppressions[1].scope == .file)
  }

  static func offset(of needle: String, in bytes: [UInt8]) -> Int? {
    let pattern = Array(needle.utf8)
    return bytes.indices.first { bytes[$0...].starts(with: pattern) }
  }

  @Test func aCommentWithoutIdentifiersIsMalformed() {
    let (suppressions, diagnostics) = InlineSuppression.scan(
      SourceFile(name: "x.yaml", text: "a: 1 # pushc-disable\n"))
    #expect(suppressions.isEmpty)
    #expect(diagnostics.map(\.id) == [.configMalformedSuppression])
    #expect(diagnostics.first?.range?.start.column == 6)
  }
}
