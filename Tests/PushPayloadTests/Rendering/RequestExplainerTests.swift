import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@Suite struct RequestExplainerTests {
  /// The explanation of `text` read as a bare raw APNs payload named `p.json`.
  static func explain(_ text: String) throws -> String {
    let parsed = JSONReader.read(SourceFile(name: "p.json", text: text))
    let read = APNSInputReader(options: APNSInputOptions(kind: .payload, pushType: "alert"))
      .read(parsed)
    let request = try #require(read.definitions.first?.request)
    return RequestExplainer(file: parsed.file).explain(request)
  }

  /// The payload rows `(bytes, key, rest)` of an explanation, keys without their indentation.
  static func rows(_ explanation: String) -> [(bytes: Int, key: String, rest: String)] {
    let lines = explanation.split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(where: { $0.hasPrefix("   bytes  key") }) else {
      return []
    }
    return lines[(header + 1)...].compactMap { line in
      let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      guard fields.count == 3, let bytes = Int(fields[0]) else { return nil }
      return (bytes, String(fields[1]), String(fields[2].drop { $0 == " " }))
    }
  }

  @Test func alertMembersAreMeasuredOnTheBytesAsGiven() throws {
    let text = #"{"aps": {"alert": {"title": "T",   "body": "B" }}}"#
    let rows = Self.rows(try Self.explain(text))
    let title = try #require(rows.first { $0.key == "title" })
    let body = try #require(rows.first { $0.key == "body" })
    #expect(title.bytes == #""title": "T",   "#.utf8.count)
    #expect(body.bytes == #""body": "B""#.utf8.count)
  }

  @Test func duplicateKeysShowTheirOwnValues() throws {
    let rows = Self.rows(try Self.explain(#"{"aps":{"alert":"x"},"k":"first","k":"second"}"#))
    #expect(rows.filter { $0.key == "k" }.map { $0.rest.hasPrefix("\"first\"") } == [true, false])
    #expect(rows.filter { $0.key == "k" }.map { $0.rest.hasPrefix("\"second\"") } == [false, true])
  }

  @Test func rawKeysPointAtTheirOwnPlace() throws {
    let explanation = try Self.explain("{\"aps\": {\n  \"alert\": {\"title\": \"T\"}}}")
    let title = try #require(Self.rows(explanation).first { $0.key == "title" })
    #expect(title.rest.hasSuffix("input /aps/alert/title (p.json:2:13)"))
    let alert = try #require(Self.rows(explanation).first { $0.key == "alert" })
    #expect(alert.rest.hasSuffix("input /aps/alert (p.json:2:3)"))
  }

  @Test(.timeLimit(.minutes(1)))
  func manyMembersAreExplainedInLinearTime() throws {
    let count = 100_000
    let members = (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    let rows = Self.rows(try Self.explain(#"{"aps":{"alert":"x"},"# + members + "}"))
    #expect(rows.count == count + 4)
    #expect(rows.last?.key == "k\(count - 1)")
  }
}
