import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMDataRuleTests {
  @Test(arguments: ["from", "message_type", "google.c.a.e", "google.", "gcm.message_id", "gcm.n.e"])
  func reservedKeys(_ key: String) {
    FCMTest.expect(
      #"{"topic": "a", "data": {1️⃣"\#(key)": "x"}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmReservedDataKey, severity: .error, message: "'\(key)'")])
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

  @Test func keysThatCollideWithTheAPNSPayload() {
    FCMTest.expect(
      #"{"topic": "a", "data": {1️⃣"aps": "x", 2️⃣"fcm_options": "y"}}"#,
      [
        DiagnosticSpec("1️⃣", id: .fcmDataKeyCollidesWithAPNS, message: "'aps'"),
        DiagnosticSpec("2️⃣", id: .fcmDataKeyCollidesWithAPNS, message: "image"),
      ])
    // Only message.data reaches iOS.
    FCMTest.expect(#"{"topic": "a", "android": {"data": {"aps": "x"}}}"#, [])
  }

  @Test func titleInDataWithoutANotification() {
    FCMTest.expect(
      #"{"topic": "a", "data": {"type": "admin", 1️⃣"title": "T", "body": "B"}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmDataLooksLikeNotification, message: "'notification.title'")])
    // Kuring sends title and body both ways on purpose.
    FCMTest.expect(
      #"{"topic": "a", "notification": {"title": "T"}, "data": {"title": "T", "body": "B"}}"#, [])
    FCMTest.expect(
      #"{"topic": "a", "apns": {"payload": {"aps": {"alert": "x"}}}, "data": {"title": "T"}}"#, [])
  }
}
