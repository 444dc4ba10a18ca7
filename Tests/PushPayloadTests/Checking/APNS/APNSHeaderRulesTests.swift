import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSHeaderRulesTests {
  /// A request document with `headers` spliced in and a valid alert payload.
  static func request(_ headers: String) -> String {
    #"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.app", "#
      + headers + #"}, "payload": {"aps": {"alert": "Hi"}}}"#
  }

  @Test func validHeadersPass() {
    checkAPNSRequest(
      Self.request(
        #""apns-priority": "10", "apns-expiration": "0", "apns-collapse-id": "score", "#
          + #""apns-id": "123e4567-e89b-12d3-a456-4266554400a0""#)
    ).expect([])
  }

  @Test func numbersInRequestDocumentsAreReadAsText() {
    checkAPNSRequest(Self.request(#""apns-priority": 5, "apns-expiration": 1700000000"#))
      .expect([])
  }

  @Test func duplicateHeaderIsRejectedWithANoteAtTheFirst() throws {
    let run = checkAPNSRequest(
      Self.request(#"1️⃣"apns-priority": "10", 2️⃣"APNS-Priority": "5""#))
    run.expect([DiagnosticSpec("2️⃣", id: .apnsDuplicateHeader, severity: .error)])
    let diagnostic = try run.diagnostic(.apnsDuplicateHeader)
    #expect(diagnostic.properties["apns_reason"] == "DuplicateHeaders")
    #expect(diagnostic.notes.first?.range?.start.offset == run.source["1️⃣"])
    #expect(diagnostic.pointer?.description == "/headers/APNS-Priority")
  }

  @Test func headersRepeatedAsOptionsAreDuplicates() {
    var options = APNSInputOptions()
    options.headers = [
      APNSInputOptions.Header(name: "apns-collapse-id", value: "a"),
      APNSInputOptions.Header(name: "apns-collapse-id", value: "b"),
    ]
    checkAPNS(#"{"aps": {"alert": "Hi"}}"#, options: options)
      .expect([DiagnosticSpec(id: .apnsDuplicateHeader)])
  }

  @Test(arguments: [
    ("apns-prority", "apns-priority"),
    ("apns_priority", "apns-priority"),
    ("apnsPushType", "apns-push-type"),
    ("priority", "apns-priority"),
    ("apns-expiry", "apns-expiration"),
  ])
  func misspelledHeaderGetsASuggestion(name: String, suggestion: String) throws {
    let run = checkAPNSRequest(Self.request("1️⃣\"\(name)\": \"10\""))
    let message =
      "APNs does not know the header '\(name.lowercased())'; did you mean '\(suggestion)'?"
    run.expect([DiagnosticSpec("1️⃣", id: .apnsUnknownHeader, severity: .warning, message: message)])
    let fixIt = try #require(try run.diagnostic(.apnsUnknownHeader).fixIts.first)
    #expect(fixIt.edits.first?.replacement == suggestion)
    #expect(fixIt.edits.first?.range.start.offset == (run.source["1️⃣"] ?? 0) + 1)
  }

  @Test func unrelatedHeadersAreNotReported() {
    checkAPNSRequest(Self.request(#""authorization": "bearer x", "x-request-id": "7""#))
      .expect([])
  }

  @Test func unknownAPNSHeaderWithoutCloseMatch() {
    checkAPNSRequest(Self.request(#"1️⃣"apns-flavour-of-the-day": "x""#))
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsUnknownHeader,
          message: "APNs does not know the header 'apns-flavour-of-the-day'")
      ])
  }

  @Test(arguments: [
    "123", "123e4567e89b12d3a4564266554400a0", "123e4567-e89b-12d3-a456-4266554400az", "",
  ])
  func invalidMessageID(value: String) throws {
    let run = checkAPNSRequest(Self.request("\"apns-id\": 1️⃣\"\(value)\""))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsInvalidMessageID, severity: .error)])
    #expect(try run.diagnostic(.apnsInvalidMessageID).properties["apns_reason"] == "BadMessageId")
  }

  @Test func upperCaseMessageIDIsAnErrorWithALowerCaseFixIt() throws {
    let run = checkAPNSRequest(
      Self.request(#""apns-id": 1️⃣"123E4567-E89B-12D3-A456-4266554400A0""#))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsMessageIDNotLowercase, severity: .error)])
    let diagnostic = try run.diagnostic(.apnsMessageIDNotLowercase)
    #expect(diagnostic.properties["apns_reason"] == "BadMessageId")
    #expect(
      diagnostic.fixIts.first?.edits.first?.replacement == "123e4567-e89b-12d3-a456-4266554400a0")
  }

  @Test(arguments: [
    "soon", "-1", "1.5", "+100", " 1700000000", "", "99999999999999999999999",
    "9223372036854775808", "1700000000x", "17000000٠٠",
  ])
  func invalidExpiration(value: String) throws {
    let run = checkAPNSRequest(Self.request("\"apns-expiration\": 1️⃣\"\(value)\""))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsInvalidExpiration, severity: .error)])
    #expect(
      try run.diagnostic(.apnsInvalidExpiration).properties["apns_reason"] == "BadExpirationDate")
  }

  /// The digits are read as `Int(_:)` reads them: leading zeros, and up to `Int.max`.
  @Test func expirationDigitsAreReadAsIntReadsThem() {
    checkAPNSRequest(Self.request(#""apns-expiration": "0001700000000""#)) {
      $0.now = 1_600_000_000
    }.expect([])
    checkAPNSRequest(Self.request(#""apns-expiration": 1️⃣"9223372036854775807""#))
      .expect([DiagnosticSpec("1️⃣", id: .apnsExpirationInMilliseconds, severity: .warning)])
  }

  @Test func expirationInMillisecondsIsAWarningWithAFixIt() throws {
    let run = checkAPNSRequest(Self.request(#""apns-expiration": 1️⃣"1700000000000""#))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsExpirationInMilliseconds, severity: .warning)])
    let edit = try #require(
      try run.diagnostic(.apnsExpirationInMilliseconds).fixIts.first?.edits.first)
    #expect(edit.replacement == "1700000000")
  }

  @Test func expirationInThePastNeedsTheCurrentTime() {
    let text = Self.request(#""apns-expiration": 1️⃣"1600000000""#)
    checkAPNSRequest(text).expect([])
    checkAPNSRequest(text) { $0.now = 1_700_000_000 }
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsExpirationInPast,
          message:
            "'apns-expiration' 1600000000 was 100000000 seconds ago, so APNs will not store the notification; use 0 to mean 'deliver now or never'"
        )
      ])
    // 0 means "do not store", never "in the past".
    checkAPNSRequest(Self.request(#""apns-expiration": "0""#)) { $0.now = 1_700_000_000 }
      .expect([])
  }

  @Test(arguments: ["high", "0", "11", "10.0", "normal", ""])
  func invalidPriority(value: String) throws {
    let run = checkAPNSRequest(Self.request("\"apns-priority\": 1️⃣\"\(value)\""))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsInvalidPriority, severity: .error)])
    let diagnostic = try run.diagnostic(.apnsInvalidPriority)
    #expect(diagnostic.properties["apns_reason"] == "BadPriority")
    if value == "high" { #expect(diagnostic.fixIts.first?.edits.first?.replacement == "10") }
    if value == "normal" { #expect(diagnostic.fixIts.first?.edits.first?.replacement == "5") }
  }

  @Test(arguments: ["1", "5", "10"])
  func validPriorities(value: String) {
    checkAPNSRequest(Self.request("\"apns-priority\": \"\(value)\"")).expect([])
  }

  @Test func collapseIDIsMeasuredInUTF8Bytes() throws {
    // 21 Hangul syllables are 63 bytes; one more ASCII letter makes 64: still fine.
    let fits = String(repeating: "가", count: 21) + "a"
    checkAPNSRequest(Self.request("\"apns-collapse-id\": \"\(fits)\"")).expect([])
    // 22 syllables are 66 bytes (but only 22 characters).
    let tooLong = String(repeating: "가", count: 22)
    let run = checkAPNSRequest(Self.request("\"apns-collapse-id\": 1️⃣\"\(tooLong)\""))
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsCollapseIDTooLong,
        message: "'apns-collapse-id' is 66 bytes; APNs accepts at most 64 bytes")
    ])
    #expect(
      try run.diagnostic(.apnsCollapseIDTooLong).properties["apns_reason"] == "BadCollapseId")
  }

  @Test func headerFromAnOptionHasNoRangeButSaysWhereItCameFrom() throws {
    let run = checkAPNS(#"{"aps": {"alert": "Hi"}}"#, options: APNSInputOptions(priority: "urgent"))
    run.expect([DiagnosticSpec(id: .apnsInvalidPriority)])
    let diagnostic = try run.diagnostic(.apnsInvalidPriority)
    #expect(diagnostic.range == nil)
    #expect(
      diagnostic.notes.map(\.message) == ["this value was given with the option '--priority'"])
  }
}
