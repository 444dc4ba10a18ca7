import PushDiagnostics
import PushJSON
import PushServer
import Testing
import _PushPayloadTestSupport

/// The rules reader: what a valid document gives, and each diagnostic at its place.
@Suite struct ServerRulesReaderTests {
  static let token = String(repeating: "ab", count: 32)

  /// Reads the JSON `marked` (markers removed) as a rules document.
  private func read(_ marked: MarkedSource) -> ServerRulesReader.Result {
    ServerRulesReader.read(JSONReader.read(SourceFile(name: "rules.json", text: marked.text)))
  }

  @Test func aValidDocumentGivesItsRules() throws {
    let text = """
      {"apns": {
        "devices": {"\(Self.token.uppercased())": {"unregistered_since": "2026-11-30T13:00:00.250+01:00"}},
        "faults": [
          {"match": {"token": "\(Self.token)", "topic": "com.example.app"}, "status": 503,
           "reason": "ServiceUnavailable", "times": 2},
          {"reason": "TooManyRequests", "probability": 0.25},
          {"reason": "InternalServerError"}
        ],
        "latency_ms": 20, "goaway_after_streams": 1000, "sink": false, "seed": 7},
       "tokens": {"anything": {"platform": "ios"}}, "fcm": {"faults": []}}
      """
    let result = read(MarkedSource(text))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.isValid)
    let apns = result.rules.apns
    #expect(apns.devices[Self.token]?.unregisteredSince == 1_796_040_000.25)
    #expect(apns.devices[Self.token]?.timestampMilliseconds == 1_796_040_000_250)
    #expect(
      apns.faults == [
        ServerRules.Fault(
          token: Self.token, topic: "com.example.app", reason: "ServiceUnavailable",
          status: 503, trigger: .times(2)),
        ServerRules.Fault(reason: "TooManyRequests", trigger: .probability(0.25)),
        ServerRules.Fault(reason: "InternalServerError"),
      ])
    #expect(apns.faults[1].status == 429)
    #expect(apns.latencyMilliseconds == 20)
    #expect(apns.goawayAfterStreams == 1000)
    #expect(apns.isSink == false)
    #expect(apns.seed == 7)
  }

  @Test func anEmptyDocumentIsNoRules() {
    let result = ServerRulesReader.read(ValueNode(.null), file: nil)
    #expect(result.isValid)
    #expect(result.rules == ServerRules())
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var marked: String
    var id: DiagnosticID
    var message: String
    var pointer: String
    var fixIt: String? = nil
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "unknown top-level key", marked: #"{1️⃣"tokns": {}}"#, id: .serveUnknownKey,
      message: "unknown key 'tokns' in the rules; did you mean 'tokens'?", pointer: "/tokns",
      fixIt: #""tokens""#),
    Case(
      name: "unknown apns key", marked: #"{"apns": {1️⃣"latency": 5}}"#, id: .serveUnknownKey,
      message: "unknown key 'latency' in 'apns'; did you mean 'latency_ms'?",
      pointer: "/apns/latency", fixIt: #""latency_ms""#),
    Case(
      name: "unknown match key",
      marked: #"{"apns": {"faults": [{"match": {1️⃣"topc": "a"}, "reason": "Shutdown"}]}}"#,
      id: .serveUnknownKey, message: "unknown key 'topc' in 'match'; did you mean 'topic'?",
      pointer: "/apns/faults/0/match/topc", fixIt: #""topic""#),
    Case(
      name: "the rules are not a mapping", marked: "1️⃣[1]", id: .serveInvalidType,
      message: "the rules must be a mapping, not a list", pointer: ""),
    Case(
      name: "latency is a string", marked: #"{"apns": {"latency_ms": 1️⃣"20"}}"#,
      id: .serveInvalidType, message: "'latency_ms' must be a whole number, not a string",
      pointer: "/apns/latency_ms"),
    Case(
      name: "times is not whole",
      marked: #"{"apns": {"faults": [{"reason": "Shutdown", "times": 1️⃣1.5}]}}"#,
      id: .serveInvalidType, message: "'times' must be a whole number, not '1.5'",
      pointer: "/apns/faults/0/times"),
    Case(
      name: "sink is not a Boolean", marked: #"{"apns": {"sink": 1️⃣1}}"#, id: .serveInvalidType,
      message: "'sink' must be true or false, not a number", pointer: "/apns/sink"),
    Case(
      name: "faults is not a list", marked: #"{"apns": {"faults": 1️⃣{}}}"#, id: .serveInvalidType,
      message: "'faults' must be a list of faults, not a mapping", pointer: "/apns/faults"),
    Case(
      name: "a status that is not an APNs status",
      marked: #"{"apns": {"faults": [{"reason": "Shutdown", "status": 1️⃣418}]}}"#,
      id: .serveUnknownStatus,
      message:
        "status 418 is not an APNs error status; expected one of 400, 403, 404, 405, 410, 413, 429, 500, 503",
      pointer: "/apns/faults/0/status"),
    Case(
      name: "a reason not in Apple's list",
      marked: #"{"apns": {"faults": [{"reason": 1️⃣"ServiceUnavaliable"}]}}"#,
      id: .serveUnknownReason,
      message: "'ServiceUnavaliable' is not an APNs reason; did you mean 'ServiceUnavailable'?",
      pointer: "/apns/faults/0/reason", fixIt: #""ServiceUnavailable""#),
    Case(
      name: "a reason whose status is another",
      marked: #"{"apns": {"faults": [{"reason": "ServiceUnavailable", "status": 1️⃣500}]}}"#,
      id: .serveReasonStatusMismatch,
      message: "APNs answers 'ServiceUnavailable' with status 503, not 500",
      pointer: "/apns/faults/0/status", fixIt: "503"),
    Case(
      name: "a fault without a reason", marked: #"{"apns": {"faults": [1️⃣{"status": 503}]}}"#,
      id: .serveMissingKey, message: "a fault needs 'reason'", pointer: "/apns/faults/0"),
    Case(
      name: "a device without a time",
      marked: #"{"apns": {"devices": {"\#(token)": 1️⃣{}}}}"#, id: .serveMissingKey,
      message: "a device needs 'unregistered_since'", pointer: "/apns/devices/\(token)"),
    Case(
      name: "a probability above 1",
      marked: #"{"apns": {"faults": [{"reason": "Shutdown", "probability": 1️⃣1.5}]}}"#,
      id: .serveValueOutOfRange, message: "'probability' is 1.5; it must be between 0 and 1",
      pointer: "/apns/faults/0/probability"),
    Case(
      name: "a negative probability",
      marked: #"{"apns": {"faults": [{"reason": "Shutdown", "probability": 1️⃣-0.1}]}}"#,
      id: .serveValueOutOfRange, message: "'probability' is -0.1; it must be between 0 and 1",
      pointer: "/apns/faults/0/probability"),
    Case(
      name: "times of zero",
      marked: #"{"apns": {"faults": [{"reason": "Shutdown", "times": 1️⃣0}]}}"#,
      id: .serveValueOutOfRange, message: "'times' is 0; it must be at least 1",
      pointer: "/apns/faults/0/times"),
    Case(
      name: "a negative latency", marked: #"{"apns": {"latency_ms": 1️⃣-1}}"#,
      id: .serveValueOutOfRange,
      message: "'latency_ms' is -1; it must be between 0 and 60000 milliseconds",
      pointer: "/apns/latency_ms"),
    Case(
      name: "GOAWAY after no streams", marked: #"{"apns": {"goaway_after_streams": 1️⃣0}}"#,
      id: .serveValueOutOfRange, message: "'goaway_after_streams' is 0; it must be at least 1",
      pointer: "/apns/goaway_after_streams"),
    Case(
      name: "times and probability together",
      marked: #"{"apns": {"faults": [{"reason": "Shutdown", 1️⃣"times": 1, "probability": 0.5}]}}"#,
      id: .serveConflictingKeys,
      message:
        "a fault has both 'times' and 'probability'; give one, or neither to answer every matching request",
      pointer: "/apns/faults/0"),
    Case(
      name: "a device token that is not 64 hex digits",
      marked: #"{"apns": {"devices": {1️⃣"abc": {"unregistered_since": "2026-11-30T12:00:00Z"}}}}"#,
      id: .serveInvalidDeviceToken,
      message: "'abc' is not an APNs device token; expected 64 hexadecimal digits",
      pointer: "/apns/devices/abc"),
    Case(
      name: "a match token that is not hexadecimal",
      marked:
        #"{"apns": {"faults": [{"match": {"token": 1️⃣"\#(String(repeating: "zz", count: 32))"}, "reason": "Shutdown"}]}}"#,
      id: .serveInvalidDeviceToken,
      message:
        "'\(String(repeating: "zz", count: 32))' is not an APNs device token; expected 64 hexadecimal digits",
      pointer: "/apns/faults/0/match/token"),
    Case(
      name: "a date that does not parse",
      marked:
        #"{"apns": {"devices": {"\#(token)": {"unregistered_since": 1️⃣"2026-02-30T12:00:00Z"}}}}"#,
      id: .serveInvalidDate,
      message:
        "'unregistered_since' is '2026-02-30T12:00:00Z', not a date; expected ISO 8601 with a time zone such as '2026-11-30T12:00:00Z'",
      pointer: "/apns/devices/\(token)/unregistered_since"),
    Case(
      name: "a date without a time zone",
      marked:
        #"{"apns": {"devices": {"\#(token)": {"unregistered_since": 1️⃣"2026-11-30T12:00:00"}}}}"#,
      id: .serveInvalidDate,
      message:
        "'unregistered_since' is '2026-11-30T12:00:00', not a date; expected ISO 8601 with a time zone such as '2026-11-30T12:00:00Z'",
      pointer: "/apns/devices/\(token)/unregistered_since"),
  ]

  @Test(arguments: cases)
  func eachProblemIsOneDiagnosticAtItsPlace(_ testCase: Case) throws {
    let marked = MarkedSource(testCase.marked)
    let result = read(marked)
    expectDiagnostics(
      result.diagnostics,
      [DiagnosticSpec("1️⃣", id: testCase.id, severity: .error, message: testCase.message)],
      in: marked)
    #expect(!result.isValid)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.file == "rules.json")
    #expect(diagnostic.pointer?.description == testCase.pointer)
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == testCase.fixIt)
  }

  @Test func severalDocumentsAreAnError() {
    let file = SourceFile(name: "rules.yaml", text: "{}\n{}\n")
    var options = JSONReader.Options()
    options.allowsMultipleDocuments = true
    let result = ServerRulesReader.read(JSONReader.read(file, options: options))
    #expect(result.diagnostics.map(\.id) == [.serveInvalidType])
    #expect(result.diagnostics.first?.message == "a rules file must be one document, not several")
  }

  @Test func aSyntaxErrorOfTheJSONIsReported() {
    let result = ServerRulesReader.read(
      JSONReader.read(SourceFile(name: "rules.json", text: #"{"apns": "#)))
    #expect(!result.isValid)
    #expect(result.diagnostics.first?.id.rawValue.hasPrefix("json") == true)
  }

  @Test func everyDiagnosticOfTheDomainIsCovered() {
    let covered = Set(Self.cases.map(\.id))
    #expect(covered == Set(DiagnosticDomain.serve.diagnostics))
  }

  @Test func rulesReadFromADocumentPassTheServersCheck() throws {
    let marked = MarkedSource(
      """
      {"apns": {"devices": {"\(Self.token)": {"unregistered_since": "2026-11-30T12:00:00Z"}},
       "faults": [{"match": {"topic": "a.b"}, "reason": "TooManyRequests", "probability": 0.5},
                  {"reason": "Shutdown", "times": 3}],
       "latency_ms": 5, "goaway_after_streams": 2, "sink": true, "seed": 9}}
      """)
    let rules = read(marked).rules
    let server = try PushServer(
      configuration: PushServer.Configuration(tls: .disabled, rules: rules))
    defer { server.stop() }
    #expect(server.rules == rules)
  }

  @Test func invalidRulesGivenInCodeStopTheServerFromStarting() {
    var rules = ServerRules()
    rules.apns.faults = [ServerRules.Fault(reason: "Unavailable")]
    #expect(throws: PushServerError.self) {
      _ = try PushServer(configuration: PushServer.Configuration(tls: .disabled, rules: rules))
    }
  }
}
