import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSPayloadSizeRuleTests {
  /// A payload of exactly `size` bytes: `{"aps":{"alert":"…"}}` plus filler in the alert.
  static func payload(size: Int) -> String {
    let frame = #"{"aps":{"alert":""}}"#
    return #"{"aps":{"alert":""# + String(repeating: "x", count: size - frame.utf8.count) + #""}}"#
  }

  @Test func exactlyAtTheLimitPasses() {
    checkAPNS(Self.payload(size: 4096)).expect([])
  }

  @Test func oneByteOverTheLimitFailsWithContributors() throws {
    let run = checkAPNS("1️⃣" + Self.payload(size: 4097))
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsPayloadTooLarge, severity: .error,
        message: "APNs payload is 4097 bytes; the limit for 'alert' pushes is 4096 bytes")
    ])
    let diagnostic = try run.diagnostic(.apnsPayloadTooLarge)
    #expect(diagnostic.properties["apns_reason"] == "PayloadTooLarge")
    #expect(diagnostic.notes.map(\.message) == ["'aps.alert' contributes 4087 bytes"])
    #expect(diagnostic.notes.first?.pointer?.description == "/aps/alert")
    #expect(diagnostic.notes.first?.range?.start.offset == 16)
  }

  @Test func whitespaceCounts() {
    let compact = Self.payload(size: 4090)
    let padded = "{       " + compact.dropFirst()
    checkAPNS(compact).expect([])
    checkAPNS(padded).expect([
      DiagnosticSpec(
        id: .apnsPayloadTooLarge,
        message: "APNs payload is 4097 bytes; the limit for 'alert' pushes is 4096 bytes")
    ])
  }

  @Test func voipAllows5120Bytes() {
    let text = #"{"blob":""# + String(repeating: "v", count: 5120 - 11) + #""}"#
    checkAPNS(text, pushType: "voip", topic: "com.example.app.voip").expect([])
    checkAPNS(text, pushType: "alert", topic: "com.example.app").expect([
      DiagnosticSpec(
        id: .apnsPayloadTooLarge,
        message: "APNs payload is 5120 bytes; the limit for 'alert' pushes is 4096 bytes"),
      DiagnosticSpec(id: .apnsMissingAPS),
    ])
  }

  @Test func largestContributorsAreNamedInOrder() throws {
    let text =
      #"{"aps":{"alert":"\#(String(repeating: "a", count: 1500))"},"one":"\#(String(repeating: "1", count: 2000))","two":"\#(String(repeating: "2", count: 700))","three":"3"}"#
    let run = checkAPNS(text)
    let diagnostic = try run.diagnostic(.apnsPayloadTooLarge)
    #expect(
      diagnostic.notes.map(\.message) == [
        "'one' contributes 2009 bytes", "'aps.alert' contributes 1510 bytes",
        "'two' contributes 709 bytes",
      ])
  }

  @Test func emptyRequestPayloadIsRejected() throws {
    let run = checkAPNSRequest(#"1️⃣{"headers": {"apns-push-type": "alert", "apns-topic": "a.b"}}"#)
    run.expect([DiagnosticSpec("1️⃣", id: .apnsPayloadEmpty, severity: .error)])
    let diagnostic = try run.diagnostic(.apnsPayloadEmpty)
    #expect(diagnostic.properties["apns_reason"] == "PayloadEmpty")
    #expect(diagnostic.pointer?.description == "/payload")
  }
}
