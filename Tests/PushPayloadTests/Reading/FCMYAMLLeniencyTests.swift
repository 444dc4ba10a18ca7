import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// YAML plain scalars where FCM wants strings are read as the text written, with a warning.
///
/// The YAML reader lives in another module, so these tests build the value tree it produces
/// for a small YAML text by hand: every plain scalar that resolved to a non-string keeps its
/// text in `sourceText`.
@Suite struct FCMYAMLLeniencyTests {
  /// The tree for `text` = `topic: news\ndata:\n  id: 76473\n  ok: true\n  url:\nandroid:\n  ttl: 3600\n  collapse_key: 2024\n`.
  static let text =
    "topic: news\ndata:\n  id: 76473\n  ok: true\n  url:\nandroid:\n  ttl: 3600\n  collapse_key: 2024\n"

  static func span(of needle: String, after offset: Int = 0) -> SourceSpan {
    let bytes = Array(text.utf8)
    let target = Array(needle.utf8)
    var index = offset
    while index + target.count <= bytes.count {
      if Array(bytes[index..<index + target.count]) == target {
        return SourceSpan(start: index, end: index + target.count)
      }
      index += 1
    }
    return SourceSpan(at: 0)
  }

  static func member(_ key: String, after: Int = 0, _ value: ValueNode) -> JSONObject.Member {
    JSONObject.Member(
      key: key, keySpan: span(of: key + ":", after: after).shortened(by: 1), value: value)
  }

  static var tree: ValueNode {
    let dataStart = span(of: "data:").start
    let androidStart = span(of: "android:").start
    let data = ValueNode(
      .object(
        JSONObject([
          member(
            "id", after: dataStart,
            ValueNode(
              .number(JSONNumber(lexeme: "76473")), span: span(of: "76473"), sourceText: "76473")),
          member(
            "ok", after: dataStart,
            ValueNode(.bool(true), span: span(of: "true"), sourceText: "true")),
          member(
            "url", after: dataStart,
            ValueNode(.null, span: SourceSpan(at: span(of: "url:").end), sourceText: "")),
        ])), span: SourceSpan(start: span(of: "  id").start, end: androidStart))
    let android = ValueNode(
      .object(
        JSONObject([
          member(
            "ttl", after: androidStart,
            ValueNode(
              .number(JSONNumber(lexeme: "3600")), span: span(of: "3600"), sourceText: "3600")),
          member(
            "collapse_key", after: androidStart,
            ValueNode(
              .number(JSONNumber(lexeme: "2024")), span: span(of: "2024"), sourceText: "2024")),
        ])), span: SourceSpan(start: span(of: "  ttl").start, end: text.utf8.count))
    return ValueNode(
      .object(
        JSONObject([
          member("topic", ValueNode(.string("news"), span: span(of: "news"))),
          member("data", data),
          member("android", android),
        ])), span: SourceSpan(start: 0, end: text.utf8.count))
  }

  @Test func plainScalarsAreReadAsWritten() throws {
    let file = SourceFile(name: "m.yaml", text: Self.text)
    let parsed = ParsedSource(file: file, format: .yaml, documents: [Self.tree], diagnostics: [])
    let result = FCMLinter().lint(parsed)
    let message = try #require(result.messages.first?.request?.message.value)
    #expect(message.data?.value.entries.map(\.value.value) == ["76473", "true", ""])
    #expect(message.android?.value.collapseKey?.value == "2024")

    let ids = result.diagnostics.map(\.id)
    #expect(ids.filter { $0 == .fcmUnquotedScalar }.count == 4, "\(ids)")
    // A Duration needs its unit even in YAML: 3600 is not read as '3600'.
    #expect(ids.contains(.fcmInvalidDuration))

    let id = try #require(result.diagnostics.first { $0.message.contains("'data.id'") })
    #expect(id.severity == .warning)
    #expect(
      id.message
        == "'data.id' is written as the number '76473' and read as the string '76473'; quote it to say so"
    )
    #expect(id.range?.start.line == 3 && id.range?.start.column == 7)
    #expect(id.pointer == JSONPointer("/data/id"))
    #expect(id.fixIts.first?.edits.first?.replacement == #""76473""#)
  }
}

extension SourceSpan {
  fileprivate func shortened(by count: Int) -> SourceSpan {
    SourceSpan(start: start, end: end - count)
  }
}
