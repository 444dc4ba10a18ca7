import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Large and deep inputs are checked in time linear in their size, without deep recursion
/// beyond the reader's nesting limit.
@Suite struct APNSLargeInputTests {
  @Test func manyUnknownAPSKeysAreEachReportedOnce() {
    let count = 5_000
    let members = (0..<count).map { #""key\#($0)":\#($0)"# }.joined(separator: ",")
    let run = checkAPNS(#"{"aps":{"alert":"x","# + members + "}}")
    #expect(run.diagnostics.filter { $0.id == .apnsUnknownAPSKey }.count == count)
    #expect(run.diagnostics.contains { $0.id == .apnsPayloadTooLarge })
  }

  @Test func manyTopLevelKeysAndHeadersAreMeasuredExactly() throws {
    let members = (0..<20_000).map { #""k\#($0)": "v""# }.joined(separator: ",\n ")
    let text = #"{"aps": {"badge": 1},"# + "\n " + members + "\n}"
    let parsed = JSONReader.read(SourceFile(name: "big.json", text: text))
    let request = try #require(APNSInputReader().read(parsed).definitions.first?.request)
    let report = PayloadSizeReport(request: request)
    #expect(report.byteCount == text.utf8.count)
    #expect(report.topLevel.count == 20_001)
    #expect(
      report.topLevel.reduce(0) { $0 + $1.byteCount } + report.topLevelOverhead == report.byteCount)
    var headers = request
    headers.headers = (0..<5_000).map {
      APNS.RequestHeader(
        name: "apns-priority", value: "\($0 % 3 == 0 ? "10" : "x")", provenance: .option(name: "-H")
      )
    }
    let diagnostics = APNSRequestChecker().diagnostics(for: headers, in: parsed.file)
    #expect(diagnostics.filter { $0.id == .apnsDuplicateHeader }.count == 4_999)
  }

  @Test func deeplyNestedCustomValuesAreFine() {
    let depth = 500
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    checkAPNS(#"{"aps": {"alert": "x"}, "deep": "# + nested + "}").expect([])
  }
}
