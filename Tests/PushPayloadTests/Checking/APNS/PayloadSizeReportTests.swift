import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct PayloadSizeReportTests {
  /// Reads `text` as a bare raw payload.
  static func rawRequest(_ text: String, pushType: String? = "alert") throws -> APNS.Request {
    let parsed = JSONReader.read(SourceFile(name: "p.json", text: text))
    let read = APNSInputReader(options: APNSInputOptions(kind: .payload, pushType: pushType)).read(
      parsed)
    return try #require(read.definitions.first?.request)
  }

  static func expectConsistent(
    _ report: PayloadSizeReport, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let topLevel = report.topLevel.reduce(0) { $0 + $1.byteCount }
    #expect(topLevel + report.topLevelOverhead == report.byteCount, sourceLocation: sourceLocation)
    #expect(report.topLevelOverhead >= 0, sourceLocation: sourceLocation)
    if let aps = report.topLevel.last(where: { $0.key == "aps" }), !report.aps.isEmpty {
      let members = report.aps.reduce(0) { $0 + $1.byteCount }
      #expect(members + report.apsOverhead == aps.byteCount, sourceLocation: sourceLocation)
      #expect(report.apsOverhead >= 0, sourceLocation: sourceLocation)
    }
  }

  @Test func rawBytesWithWhitespaceAreMeasuredExactly() throws {
    let text = "{\n  \"aps\" : { \"alert\": \"안녕\" ,\n \"badge\": 1 },\n  \"k\": \"v\"\n}"
    let request = try Self.rawRequest(text)
    let report = PayloadSizeReport(request: request)
    #expect(report.measurement == .sourceBytes)
    #expect(report.byteCount == text.utf8.count)
    #expect(report.limit == 4096)
    #expect(report.pushType == .alert)
    Self.expectConsistent(report)
    // "aps" owns `"aps" : { … },\n  ` up to the next key.
    let apsText = "\"aps\" : { \"alert\": \"안녕\" ,\n \"badge\": 1 },\n  "
    #expect(report.topLevel.map(\.byteCount) == [apsText.utf8.count, "\"k\": \"v\"".utf8.count])
    #expect(report.topLevelOverhead == "{\n  ".utf8.count + "\n}".utf8.count)
    #expect(report.aps.map(\.key) == ["alert", "badge"])
    #expect(report.aps[0].byteCount == "\"alert\": \"안녕\" ,\n ".utf8.count)
    #expect(report.aps[1].byteCount == "\"badge\": 1".utf8.count)
    #expect(report.apsOverhead == "\"aps\" : { ".utf8.count + " },\n  ".utf8.count)
  }

  @Test func canonicalOutputUsesTheWriterCounts() throws {
    // A tree built in code, as the lowering produces.
    let aps = ValueNode(
      .object(
        JSONObject([
          .init(key: "alert", value: ValueNode(.string("Hello \"you\""))),
          .init(key: "badge", value: ValueNode(.number(JSONNumber(3)))),
        ])))
    let payload = ValueNode(
      .object(
        JSONObject([
          .init(key: "aps", value: aps),
          .init(key: "data", value: ValueNode(.string("한국어"))),
        ])))
    let bytes = CanonicalJSONWriter(style: .compact).bytes(for: payload)
    let request = APNS.Request(
      headers: [
        .init(name: "apns-push-type", value: "voip", provenance: .option(name: "--push-type"))
      ],
      payload: payload, payloadBytes: bytes, isRawInput: false)
    let report = PayloadSizeReport(request: request)
    #expect(report.measurement == .canonicalEncoding)
    #expect(report.byteCount == bytes.count)
    #expect(report.limit == 5120)
    #expect(report.topLevelOverhead == 2)
    Self.expectConsistent(report)
    #expect(
      report.aps.map(\.byteCount) == [
        #""alert":"Hello \"you\"","#.utf8.count, #""badge":3"#.utf8.count,
      ])
  }

  @Test(arguments: [
    #"{}"#, #"{"aps":{}}"#, #"{ "aps" : { } }"#, #"[1,2]"#, #""x""#, #"{"a":1,"a":2}"#,
    "{\"aps\":{\"alert\":\"\\u00e9\\n\"},\t\"x\":[1, {\"y\": null}] }",
    #"{"aps":{"alert":"a"},"aps":{"badge":1}}"#,
  ])
  func contributionsAlwaysSumToTheTotal(text: String) throws {
    let report = PayloadSizeReport(request: try Self.rawRequest(text))
    #expect(report.byteCount == text.utf8.count)
    Self.expectConsistent(report)
  }

  @Test func largestContributorsReplaceAPSByItsMembers() throws {
    let text =
      #"{"aps":{"alert":"\#(String(repeating: "a", count: 50))","badge":1},"small":"x","big":"\#(String(repeating: "b", count: 80))"}"#
    let report = PayloadSizeReport(request: try Self.rawRequest(text))
    #expect(
      report.largestContributors(3).map(\.pointer.description) == ["/big", "/aps/alert", "/small"])
    #expect(report.largestContributors(0).isEmpty)
    #expect(report.largestContributors(10).count == 4)
  }

  @Test func yamlLikeInputFallsBackToCanonicalMeasurement() {
    // Spans that do not match the bytes (as for YAML or trees built in code).
    let payload = ValueNode(
      .object(
        JSONObject([
          .init(
            key: "aps", keySpan: SourceSpan(start: 50, end: 55),
            value: ValueNode(.object(JSONObject()), span: SourceSpan(start: 57, end: 59)))
        ])),
      span: SourceSpan(start: 0, end: 3))
    let bytes = CanonicalJSONWriter(style: .compact).bytes(for: payload)
    let report = PayloadSizeReport(
      request: APNS.Request(payload: payload, payloadBytes: bytes, isRawInput: true))
    #expect(report.measurement == .canonicalEncoding)
    Self.expectConsistent(report)
  }
}
