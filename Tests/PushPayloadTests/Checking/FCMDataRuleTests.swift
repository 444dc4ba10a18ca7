import PushDiagnostics
import Testing
import _PushPayloadTestSupport

@testable import PushPayload

@Suite struct FCMDataRuleTests {
  @Test(arguments: [
    ("from", "FCM sets 'from' to the sender"),
    ("message_type", "FCM uses 'message_type' for its own message kinds"),
    ("google.c.a.e", "keys starting with 'google.' are FCM's"),
    ("google.", "keys starting with 'google.' are FCM's"),
    ("gcm.message_id", "keys starting with 'gcm.' are FCM's"),
    ("gcm.n.e", "keys starting with 'gcm.' are FCM's"),
  ])
  func reservedKeys(_ key: String, _ reason: String) {
    FCMTest.expect(
      #"{"topic": "a", "data": {1️⃣"\#(key)": "x"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmReservedDataKey, severity: .error,
          message: "data key '\(key)' is reserved by FCM: \(reason)")
      ])
  }

  @Test(arguments: ["googleId", "gcmToken", "google"])
  func possiblyReservedKeys(_ key: String) {
    FCMTest.expect(
      #"{"topic": "a", "data": {1️⃣"\#(key)": "x"}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmPossiblyReservedDataKey, severity: .warning)])
  }

  @Test(arguments: ["From", "fromage", "type", "title_google", "gc", "message-type"])
  func ordinaryKeys(_ key: String) {
    FCMTest.expect(#"{"topic": "a", "notification": {}, "data": {"\#(key)": "x"}}"#, [])
  }

  @Test func reservedKeysAreCheckedInEveryDataMap() {
    FCMTest.expect(
      #"{"topic": "a", "android": {"data": {1️⃣"from": "x"}}, "webpush": {"data": {2️⃣"gcm.x": "y"}}}"#,
      [
        DiagnosticSpec("1️⃣", id: .fcmReservedDataKey),
        DiagnosticSpec("2️⃣", id: .fcmReservedDataKey),
      ])
  }

  /// The test of a key's bytes that lets a map without a reserved key go unread agrees with
  /// the names and prefixes it stands for.
  @Test(arguments: [
    "from", "From", "fromage", "fro", "message_type", "message_types", "message-type", "google",
    "google.c.a.e", "googl", "gcm", "gcm.x", "gc", "g", "", "type", "title_google", "가",
  ])
  func theByteTestAgreesWithTheReservedNames(_ key: String) {
    var bytes = key
    let isPossiblyReserved = bytes.withUTF8 { FCMDataRule.isPossiblyReserved(utf8: $0) }
    #expect(
      isPossiblyReserved
        == (FCMDataRule.reservation(of: key) != nil
          || FCMDataRule.possiblyReservedPrefix(of: key) != nil))
  }

  @Test func keysThatCollideWithTheAPNSPayload() {
    FCMTest.expect(
      #"{"topic": "a", "data": {1️⃣"aps": "x", 2️⃣"fcm_options": "y"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmDataKeyCollidesWithAPNS,
          message:
            "data key 'aps' collides with the APNs payload on iOS: data entries become top-level keys next to the 'aps' dictionary"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmDataKeyCollidesWithAPNS,
          message:
            "data key 'fcm_options' collides with the APNs payload on iOS: FCM puts the notification image under the top-level 'fcm_options' key"
        ),
      ])
    // Only message.data reaches iOS.
    FCMTest.expect(#"{"topic": "a", "android": {"data": {"aps": "x"}}}"#, [])
  }

  @Test func titleInDataWithoutANotification() {
    FCMTest.expect(
      #"{"topic": "a", "data": {"type": "admin", 1️⃣"title": "T", "body": "B"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmDataLooksLikeNotification,
          message:
            "data key 'title' is delivered to the app only; the message has no notification, so nothing is shown. Did you mean 'notification.title'?"
        )
      ])
    // Kuring sends title and body both ways on purpose.
    FCMTest.expect(
      #"{"topic": "a", "notification": {"title": "T"}, "data": {"title": "T", "body": "B"}}"#, [])
    FCMTest.expect(
      #"{"topic": "a", "apns": {"payload": {"aps": {"alert": "x"}}}, "data": {"title": "T"}}"#, [])
  }
}
