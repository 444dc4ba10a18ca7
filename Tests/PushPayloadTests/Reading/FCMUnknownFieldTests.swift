import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMUnknownFieldTests {
  @Test(arguments: [
    (#"{"topic": "a", "notification": {1️⃣"titel": "T"}}"#, "did you mean 'title'?"),
    (#"{"topic": "a", "notification": {1️⃣"imageUrl": "x"}}"#, "did you mean 'image'?"),
    (#"{"topic": "a", 1️⃣"fcmOption": {}}"#, "did you mean 'fcmOptions'?"),
    (#"{"topic": "a", 1️⃣"andriod": {}}"#, "did you mean 'android'?"),
    (#"{"topic": "a", "android": {1️⃣"time_to_live": "1s"}}"#, "did you mean 'ttl'?"),
    (
      #"{"topic": "a", "android": {"notification": {1️⃣"channelID": "c"}}}"#,
      "did you mean 'channelId'?"
    ),
    (#"{"topic": "a", "apns": {1️⃣"live_activity": "t"}}"#, "did you mean 'live_activity_token'?"),
    (#"{"message": {"topic": "a"}, 1️⃣"validateonly": true}"#, "did you mean 'validate_only'?"),
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
    (#"{"topic": "a", 1️⃣"ttl": "1s"}"#, "'android.ttl'"),
    (#"{"topic": "a", 1️⃣"title": "T"}"#, "'notification.title' or 'android.notification.title'"),
    (#"{"topic": "a", 1️⃣"image": "x"}"#, "'notification.image'"),
    (#"{"topic": "a", 1️⃣"analytics_label": "x"}"#, "'fcm_options.analytics_label'"),
    (#"{"topic": "a", "apns": {1️⃣"analytics_label": "x"}}"#, "'apns.fcm_options.analytics_label'"),
    (#"{"topic": "a", 1️⃣"live_activity_token": "x"}"#, "'apns.live_activity_token'"),
    (#"{"topic": "a", "webpush": {1️⃣"link": "x"}}"#, "'webpush.fcm_options.link'"),
    (#"{"topic": "a", "android": {1️⃣"channel_id": "x"}}"#, "'android.notification.channel_id'"),
    (#"{"topic": "a", "notification": {1️⃣"click_action": "x"}}"#, "'apns.payload.aps.category'"),
    (#"{"topic": "a", "notification": {1️⃣"sound": "x"}}"#, "'apns.payload.aps.sound'"),
    (#"{"topic": "a", "notification": {1️⃣"badge": 1}}"#, "'apns.payload.aps.badge'"),
    (#"{"topic": "a", 1️⃣"content_available": true}"#, "'content-available': 1"),
    (#"{"topic": "a", "notification": {1️⃣"mutable_content": true}}"#, "'mutable-content': 1"),
    (#"{"topic": "a", "apns": {1️⃣"aps": {}}}"#, "'apns.payload'"),
    (#"{"topic": "a", "apns": {1️⃣"alert": "x"}}"#, "'alert' is an APNs key"),
    (#"{"topic": "a", "android": {1️⃣"apns-priority": "5"}}"#, "'apns.headers'"),
    (#"{"topic": "a", 1️⃣"to": "x"}"#, "legacy HTTP API"),
    (#"{"topic": "a", 1️⃣"priority": "high"}"#, "'android.priority'"),
    (#"{"topic": "a", 1️⃣"validate_only": true}"#, "next to 'message'"),
    (#"{"message": {}, 1️⃣"topic": "a"}"#, "inside 'message'"),
    (#"{"topic": "a", "webpush": {1️⃣"title": "T"}}"#, "'webpush.notification.title'"),
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
