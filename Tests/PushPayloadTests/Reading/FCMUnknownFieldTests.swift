import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMUnknownFieldTests {
  @Test(arguments: [
    (
      #"{"topic": "a", "notification": {1️⃣"titel": "T"}}"#,
      "unknown field 'titel' in 'notification'; did you mean 'title'?"
    ),
    (
      #"{"topic": "a", "notification": {1️⃣"imageUrl": "x"}}"#,
      "unknown field 'imageUrl' in 'notification'; did you mean 'image'?"
    ),
    (
      #"{"topic": "a", 1️⃣"fcmOption": {}}"#,
      "unknown field 'fcmOption' in 'message'; did you mean 'fcmOptions'?"
    ),
    (
      #"{"topic": "a", 1️⃣"andriod": {}}"#,
      "unknown field 'andriod' in 'message'; did you mean 'android'?"
    ),
    (
      #"{"topic": "a", "android": {1️⃣"time_to_live": "1s"}}"#,
      "unknown field 'time_to_live' in 'android'; did you mean 'ttl'?"
    ),
    (
      #"{"topic": "a", "android": {"notification": {1️⃣"channelID": "c"}}}"#,
      "unknown field 'channelID' in 'android.notification'; did you mean 'channelId'?"
    ),
    (
      #"{"topic": "a", "apns": {1️⃣"live_activity": "t"}}"#,
      "unknown field 'live_activity' in 'apns'; did you mean 'live_activity_token'?"
    ),
    (
      #"{"message": {"topic": "a"}, 1️⃣"validateonly": true}"#,
      "unknown field 'validateonly' in 'request'; did you mean 'validate_only'?"
    ),
  ])
  func closeSpellings(_ text: String, _ suggestion: String) {
    FCMTest.expect(text, [DiagnosticSpec("1️⃣", id: .fcmUnknownField, message: suggestion)])
  }

  @Test func renameFixIt() throws {
    let source = MarkedSource(#"{"topic": "a", "notification": {"titel": "T"}}"#)
    let diagnostic = try #require(FCMTest.lint(source).diagnostics.first)
    let edit = try #require(diagnostic.fixIts.first?.edits.first)
    #expect(edit.replacement == "title")
    #expect(edit.range.start.offset == 33 && edit.range.end.offset == 38)
    #expect(diagnostic.pointer == JSONPointer("/notification/titel"))
  }

  @Test(arguments: [
    (
      #"{"topic": "a", 1️⃣"ttl": "1s"}"#,
      "'ttl' is not a field of 'message'; write 'android.ttl' for Android and the 'apns-expiration' header in 'apns.headers' for iOS"
    ),
    (
      #"{"topic": "a", 1️⃣"title": "T"}"#,
      "'title' is not a field of 'message'; did you mean 'notification.title' or 'android.notification.title'?"
    ),
    (
      #"{"topic": "a", 1️⃣"image": "x"}"#,
      "'image' is not a field of 'message'; did you mean 'notification.image' or 'android.notification.image'?"
    ),
    (
      #"{"topic": "a", 1️⃣"analytics_label": "x"}"#,
      "'analytics_label' is not a field of 'message'; did you mean 'fcm_options.analytics_label'?"
    ),
    (
      #"{"topic": "a", "apns": {1️⃣"analytics_label": "x"}}"#,
      "'analytics_label' is not a field of 'apns'; did you mean 'apns.fcm_options.analytics_label'?"
    ),
    (
      #"{"topic": "a", 1️⃣"live_activity_token": "x"}"#,
      "'live_activity_token' is not a field of 'message'; did you mean 'apns.live_activity_token'?"
    ),
    (
      #"{"topic": "a", "webpush": {1️⃣"link": "x"}}"#,
      "'link' is not a field of 'webpush'; did you mean 'webpush.fcm_options.link'?"
    ),
    (
      #"{"topic": "a", "android": {1️⃣"channel_id": "x"}}"#,
      "'channel_id' is not a field of 'android'; did you mean 'android.notification.channel_id'?"
    ),
    (
      #"{"topic": "a", "notification": {1️⃣"click_action": "x"}}"#,
      "'click_action' is not a field of 'notification'; write 'android.notification.click_action' for Android and 'apns.payload.aps.category' for iOS"
    ),
    (
      #"{"topic": "a", "notification": {1️⃣"sound": "x"}}"#,
      "'sound' is not a field of 'notification'; write 'android.notification.sound' for Android and 'apns.payload.aps.sound' for iOS"
    ),
    (
      #"{"topic": "a", "notification": {1️⃣"badge": 1}}"#,
      "'badge' is not a field of 'notification'; write 'apns.payload.aps.badge' for iOS and 'android.notification.notification_count' for Android"
    ),
    (
      #"{"topic": "a", 1️⃣"content_available": true}"#,
      "'content_available' is not a field of 'message'; for iOS write 'content-available': 1 in 'apns.payload.aps'"
    ),
    (
      #"{"topic": "a", "notification": {1️⃣"mutable_content": true}}"#,
      "'mutable_content' is not a field of 'notification'; for iOS write 'mutable-content': 1 in 'apns.payload.aps'"
    ),
    (
      #"{"topic": "a", "apns": {1️⃣"aps": {}}}"#,
      "'aps' is not a field of 'apns'; write the APNs payload as 'apns.payload', with 'aps' inside it"
    ),
    (
      #"{"topic": "a", "apns": {1️⃣"alert": "x"}}"#,
      "'alert' is not a field of 'apns'; 'alert' is an APNs key; write it in 'apns.payload.aps'"
    ),
    (
      #"{"topic": "a", "android": {1️⃣"apns-priority": "5"}}"#,
      "'apns-priority' is not a field of 'android'; 'apns-priority' is an APNs request header; write it in 'apns.headers'"
    ),
    (
      #"{"topic": "a", 1️⃣"to": "x"}"#,
      "'to' is not a field of 'message'; 'to' is the legacy HTTP API's target; write 'token' or 'topic'"
    ),
    (
      #"{"topic": "a", 1️⃣"priority": "high"}"#,
      "'priority' is not a field of 'message'; write 'android.priority' for Android and the 'apns-priority' header in 'apns.headers' for iOS"
    ),
    (
      #"{"topic": "a", 1️⃣"validate_only": true}"#,
      #"'validate_only' is not a field of 'message'; 'validate_only' belongs next to 'message' in the request body: {"message": {...}, "validate_only": true}"#
    ),
    (
      #"{"message": {}, 1️⃣"topic": "a"}"#,
      "'topic' is not a field of 'request'; it belongs inside 'message'"
    ),
    (
      #"{"topic": "a", "webpush": {1️⃣"title": "T"}}"#,
      "'title' is not a field of 'webpush'; did you mean 'webpush.notification.title'?"
    ),
  ])
  func misplacedFields(_ text: String, _ hint: String) {
    FCMTest.expect(
      text,
      [DiagnosticSpec("1️⃣", id: .fcmMisplacedField, severity: .error, message: hint)]
        + (text.hasPrefix(#"{"message": {}"#) ? [DiagnosticSpec(id: .fcmMissingTarget)] : []))
  }

  @Test func unknownFieldWithoutSuggestion() {
    FCMTest.expect(
      #"{"topic": "a", 1️⃣"zzzzzz": 1}"#,
      [DiagnosticSpec("1️⃣", id: .fcmUnknownField, message: "unknown field 'zzzzzz' in 'message'")])
  }

  @Test func outputOnlyName() {
    FCMTest.expect(
      #"{"topic": "a", 1️⃣"name": "projects/p/messages/1"}"#,
      [DiagnosticSpec("1️⃣", id: .fcmOutputOnlyField, severity: .warning)])
  }
}
