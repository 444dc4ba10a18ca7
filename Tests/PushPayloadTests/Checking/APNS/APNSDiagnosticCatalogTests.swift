import PushDiagnostics
import PushPayload
import Testing

/// Every APNs diagnostic about something APNs itself rejects names the reason APNs returns.
@Suite struct APNSDiagnosticCatalogTests {
  static let rejected: [(DiagnosticMessage, String)] = [
    (.apnsCollapseIDTooLong(byteCount: 65, limit: 64), "BadCollapseId"),
    (.apnsDuplicateHeader("apns-id"), "DuplicateHeaders"),
    (.apnsInvalidDeviceToken("x"), "BadDeviceToken"),
    (.apnsInvalidExpiration("x"), "BadExpirationDate"),
    (.apnsInvalidMessageID("x"), "BadMessageId"),
    (.apnsInvalidPriority("x"), "BadPriority"),
    (.apnsInvalidPushType("x", suggestion: nil), "InvalidPushType"),
    (.apnsInvalidTopic("x", problem: "y"), "BadTopic"),
    (.apnsMessageIDNotLowercase("X"), "BadMessageId"),
    (.apnsMissingDeviceToken(), "MissingDeviceToken"),
    (.apnsMissingTopic(), "MissingTopic"),
    (.apnsNoPayload(), "PayloadEmpty"),
    (.apnsPayloadEmpty(), "PayloadEmpty"),
    (.apnsPayloadTooLarge(byteCount: 4097, limit: 4096, pushType: nil), "PayloadTooLarge"),
  ]

  @Test func rejectedRequestsNameTheAPNsReason() {
    for (message, reason) in Self.rejected {
      #expect(message.properties == ["apns_reason": reason], "\(message.id)")
      #expect(Diagnostic(message).properties["apns_reason"] == reason)
    }
  }

  @Test func lintsHaveNoAPNsReason() {
    let lints: [DiagnosticMessage] = [
      .apnsPriorityForPushType("10", pushType: "background", advice: "x", isDefault: false),
      .apnsBackgroundWithoutContentAvailable(), .apnsUnknownAPSKey("x", hint: nil),
      .apnsAlertPushShowsNothing(suggestedPushType: nil),
    ]
    for message in lints { #expect(message.properties.isEmpty, "\(message.id)") }
  }

  @Test func messagesFollowTheHouseStyle() {
    let samples: [DiagnosticMessage] = [
      .apnsPayloadTooLarge(byteCount: 4213, limit: 4096, pushType: "alert"),
      .apnsKeyNotForPushType("aps.badge", pushType: nil, meaningfulFor: ["alert"]),
      .apnsInvalidInterruptionLevel("loud", suggestion: nil),
    ]
    #expect(
      samples[0].text == "APNs payload is 4213 bytes; the limit for 'alert' pushes is 4096 bytes")
    #expect(samples[1].text == "'aps.badge' has no effect here; it is for 'alert' pushes")
    #expect(samples[2].text.contains("'passive', 'active', 'time-sensitive' or 'critical'"))
    for sample in samples { #expect(!sample.text.hasSuffix(".")) }
  }
}
