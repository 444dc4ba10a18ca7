import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSDeviceTokenRuleTests {
  static func request(token: String, pushType: String = "alert") -> String {
    let topic =
      pushType == "liveactivity" ? "com.example.app.push-type.liveactivity" : "com.example.app"
    let payload =
      pushType == "liveactivity"
      ? #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#
      : #"{"aps": {"alert": "Hi"}}"#
    return #"{"device_token": 1️⃣""# + token + #"", "headers": {"apns-push-type": ""# + pushType
      + #"", "apns-topic": ""# + topic + #""}, "payload": "# + payload + "}"
  }

  static let validToken = String(repeating: "a1b2c3d4", count: 8)

  @Test func validTokenPasses() {
    checkAPNSRequest(Self.request(token: Self.validToken)).expect([])
    checkAPNSRequest(Self.request(token: Self.validToken.uppercased())).expect([])
  }

  /// Every hexadecimal digit passes, and the bytes just outside their ranges do not.
  @Test func hexadecimalDigitsAreExactlyTheTwentyTwo() throws {
    let digits = "0123456789abcdefABCDEF"
    checkAPNSRequest(Self.request(token: digits + digits + digits.prefix(20))).expect([])
    for neighbour in ["/", ":", "@", "G", "`", "g", "\u{7F}"] {
      let run = checkAPNSRequest(
        Self.request(token: String(Self.validToken.dropLast(2)) + neighbour + "a"))
      #expect(
        try run.diagnostic(.apnsInvalidDeviceToken).message
          == "the device token is not valid: it contains '\(neighbour)', which is not a hexadecimal digit"
      )
    }
  }

  @Test func emptyTokenIsMissing() throws {
    let run = checkAPNSRequest(Self.request(token: ""))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsMissingDeviceToken, severity: .error)])
    #expect(
      try run.diagnostic(.apnsMissingDeviceToken).properties["apns_reason"] == "MissingDeviceToken"
    )
  }

  @Test(arguments: [
    ("xyz0", "the device token is not valid: it contains 'x', which is not a hexadecimal digit"),
    (
      "00ff0é",
      "the device token is not valid: it contains a non-ASCII character, which is not a hexadecimal digit"
    ),
    (
      String(repeating: "a", count: 63),
      "the device token is not valid: it has an odd number of hexadecimal digits (63), so it is not whole bytes"
    ),
    (
      "fGh7:APA91b" + String(repeating: "Q", count: 140),
      "the device token is not valid: it looks like an FCM registration token, not an APNs device token"
    ),
  ])
  func malformedTokenIsBad(token: String, message: String) throws {
    let run = checkAPNSRequest(Self.request(token: token))
    run.expect([
      DiagnosticSpec("1️⃣", id: .apnsInvalidDeviceToken, severity: .error, message: message)
    ])
    #expect(
      try run.diagnostic(.apnsInvalidDeviceToken).properties["apns_reason"] == "BadDeviceToken")
  }

  @Test func printedNSDataIsFixedToItsDigits() throws {
    let printed = "<a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4>"
    let run = checkAPNSRequest(Self.request(token: printed))
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsInvalidDeviceToken,
        message:
          "the device token is not valid: it contains '<', '>', spaces or dashes, as a printed NSData does"
      )
    ])
    let edit = try #require(try run.diagnostic(.apnsInvalidDeviceToken).fixIts.first?.edits.first)
    #expect(edit.replacement == Self.validToken)
    #expect(edit.range.start.offset == (run.source["1️⃣"] ?? 0) + 1)
  }

  @Test func unusualLengthIsOnlyAWarning() {
    checkAPNSRequest(Self.request(token: String(repeating: "ab", count: 40)))
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsUnusualDeviceTokenLength, severity: .warning,
          message:
            "the device token has 80 hexadecimal digits; APNs tokens usually have 64, so check that it is a whole APNs token"
        )
      ])
  }

  @Test func liveActivityTokensOf160DigitsAreNormal() {
    checkAPNSRequest(
      Self.request(token: String(repeating: "ab", count: 80), pushType: "liveactivity")
    )
    .expect([])
  }

  @Test func tokenFromAnOptionOverridesTheDocument() throws {
    let text = Self.request(token: "nothex")
    let run = checkAPNS(
      text, pushType: nil, topic: nil,
      options: APNSInputOptions(kind: .request, deviceToken: ""))
    run.expect([DiagnosticSpec(id: .apnsMissingDeviceToken)])
    #expect(try run.diagnostic(.apnsMissingDeviceToken).range == nil)
  }
}
