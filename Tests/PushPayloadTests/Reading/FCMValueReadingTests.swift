import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMValueReadingTests {
  @Test(arguments: [
    (#"{"topic": 1️⃣5}"#, "'topic' must be a string, not a number (5)"),
    (#"{"topic": 1️⃣["a"]}"#, "'topic' must be a string, not an array"),
    (
      #"{"topic": "a", "notification": 1️⃣"x"}"#,
      "'notification' must be an object, not a string ('x')"
    ),
    (
      #"{"topic": "a", "android": {"direct_boot_ok": 1️⃣"true"}}"#,
      "'android.direct_boot_ok' must be true or false, not a string ('true')"
    ),
    (
      #"{"topic": "a", "android": {"notification": {"notification_count": 1️⃣1.5}}}"#,
      "'android.notification.notification_count' must be a 32-bit integer, not a number (1.5)"
    ),
    (
      #"{"topic": "a", "android": {"notification": {"notification_count": 1️⃣3000000000}}}"#,
      "'android.notification.notification_count' must be a 32-bit integer, not a number (3000000000)"
    ),
    (
      #"{"topic": "a", "android": {"notification": {"title_loc_args": 1️⃣"x"}}}"#,
      "'android.notification.title_loc_args' must be an array of strings, not a string ('x')"
    ),
    (
      #"{"topic": "a", "android": {"notification": {"title_loc_key": "k", "title_loc_args": ["a", 1️⃣null]}}}"#,
      "'android.notification.title_loc_args[1]' must be a string, not null"
    ),
    (#"{"topic": "a", "data": 1️⃣["x"]}"#, "'data' must be an object of string values, not an array"),
    (
      #"{"topic": "a", "android": {"notification": {"vibrate_timings": 1️⃣"1s"}}}"#,
      "'android.notification.vibrate_timings' must be an array of duration strings, not a string ('1s')"
    ),
    (
      #"{"topic": "a", "android": {"notification": {"light_settings": {"color": 1️⃣true, "light_on_duration": "1s", "light_off_duration": "1s"}}}}"#,
      "'android.notification.light_settings.color' must be a colour object or '#RRGGBB', not a boolean (true)"
    ),
    (
      #"{"topic": "a", "android": {"notification": {"light_settings": {"color": {"red": 1️⃣"1"}, "light_on_duration": "1s", "light_off_duration": "1s"}}}}"#,
      "'android.notification.light_settings.color.red' must be a number, not a string ('1')"
    ),
  ])
  func typeMismatches(_ text: String, _ message: String) {
    FCMTest.expect(text, [DiagnosticSpec("1️⃣", id: .fcmTypeMismatch, message: message)])
  }

  @Test func int32AcceptsDigitStrings() throws {
    let result = FCMTest.lint(
      #"{"topic": "a", "android": {"notification": {"notification_count": "7"}}}"#)
    #expect(result.diagnostics.isEmpty)
    let count = result.messages.first?.request?.message.value.android?.value.notification?.value
      .notificationCount?.value
    #expect(count == 7)
  }

  @Test func quoteFixItForJSONNumbersInStrings() throws {
    let result = FCMTest.lint(#"{"topic": "a", "data": {"id": 76473}}"#)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.id == .fcmNonStringValue)
    #expect(
      diagnostic.message
        == "'data.id' must be a string, not a number (76473); FCM accepts only string values here")
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == #""76473""#)
  }

  @Test(arguments: [
    ("3600", "3600s"), ("1h", "3600s"), ("500ms", "0.5s"), ("2.5 s", "2.5s"), ("4w", "2419200s"),
    ("1d", "86400s"), ("15m", "900s"), ("1.5", "1.5s"), ("3600S", "3600s"), ("-2", "-2s"),
  ])
  func durationSuggestions(_ text: String, _ suggestion: String) throws {
    let result = FCMTest.lint(#"{"topic": "a", "android": {"ttl": "\#(text)"}}"#)
    let diagnostic = try #require(result.diagnostics.first { $0.id == .fcmInvalidDuration })
    #expect(diagnostic.message.contains("such as '\(suggestion)'"), "\(diagnostic.message)")
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == "\"\(suggestion)\"")
  }

  @Test(arguments: ["3.5", "abc", "1.0000000001s", "s", "+1s", "1e3s", " 1s", "1.s", ""])
  func invalidDurations(_ text: String) {
    FCMTest.expect(
      #"{"topic": "a", "android": {"ttl": 1️⃣"\#(text)"}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmInvalidDuration)])
  }

  @Test func durationNumbersAreInvalidWithASuggestion() throws {
    let result = FCMTest.lint(#"{"topic": "a", "android": {"ttl": 3600}}"#)
    #expect(result.diagnostics.map(\.id) == [.fcmInvalidDuration])
    #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == #""3600s""#)
  }

  @Test(arguments: [
    "2024-02-21", "2024-02-21 09:00:00Z", "2024-02-30T00:00:00Z", "2024-02-21T24:00:00Z",
    "2024-02-21T09:00:00", "2024-02-21T09:00:00.1234567890Z", "yesterday", "2024-02-21t09:00:00z",
  ])
  func invalidTimestamps(_ text: String) {
    FCMTest.expect(
      #"{"topic": "a", "android": {"notification": {"event_time": 1️⃣"\#(text)"}}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmInvalidTimestamp)])
  }

  @Test(arguments: [
    ("priority", "urgent", "'normal' or 'high'", "high"),
    ("priority", "Hi", "'normal' or 'high'", "high"),
  ])
  func invalidAndroidPriority(_ field: String, _ value: String, _ allowed: String, _ hint: String) {
    FCMTest.expect(
      #"{"topic": "a", "android": {"\#(field)": 1️⃣"\#(value)"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmInvalidEnumValue,
          message: "'\(value)' is not a valid value for 'android.\(field)'; expected \(allowed)")
      ])
  }

  @Test func enumSuggestions() throws {
    let result = FCMTest.lint(
      #"{"topic": "a", "android": {"notification": {"visibility": "Public", "proxy": "allw"}}}"#)
    let messages = result.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("'Public'") && $0.contains("Did you mean 'PUBLIC'?") })
    #expect(messages.contains { $0.contains("'allw'") && $0.contains("Did you mean 'ALLOW'?") })
  }

  @Test(arguments: [
    ("notification_priority", "high", "PRIORITY_HIGH"),
    ("notification_priority", "min", "PRIORITY_MIN"),
    ("visibility", "secret", "SECRET"), ("proxy", "if_priority_lowered", "IF_PRIORITY_LOWERED"),
  ])
  func sdkSpellingsWarnAndAreNormalized(_ field: String, _ value: String, _ canonical: String)
    throws
  {
    let text = #"{"topic": "a", "android": {"notification": {"\#(field)": "\#(value)"}}}"#
    let result = FCMTest.lint(text)
    #expect(result.diagnostics.map(\.id) == [.fcmEnumSpelling])
    #expect(result.diagnostics.first?.severity == .warning)
    let compiled = FCMTest.compile(text)
    #expect(compiled.output?.contains(#""\#(field)":"\#(canonical)""#) == true)
  }

  @Test func restEnumNamesAreSilent() {
    FCMTest.expect(
      #"{"topic": "a", "android": {"priority": "HIGH", "notification": {"notification_priority": "PRIORITY_UNSPECIFIED", "visibility": "VISIBILITY_UNSPECIFIED", "proxy": "PROXY_UNSPECIFIED"}}}"#,
      [])
  }

  @Test func nonStringMapValues() {
    FCMTest.expect(
      #"{"topic": "a", "data": {"a": 1️⃣true, "b": 2️⃣{"x": 1}, "c": 3️⃣[]}, "webpush": {"headers": {"TTL": 4️⃣60}}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmNonStringValue,
          message:
            "'data.a' must be a string, not a boolean (true); FCM accepts only string values here"),
        DiagnosticSpec(
          "2️⃣", id: .fcmNonStringValue,
          message: "'data.b' must be a string, not an object; FCM accepts only string values here"),
        DiagnosticSpec(
          "3️⃣", id: .fcmNonStringValue,
          message: "'data.c' must be a string, not an array; FCM accepts only string values here"),
        DiagnosticSpec(
          "4️⃣", id: .fcmNonStringValue,
          message:
            "'webpush.headers.TTL' must be a string, not a number (60); FCM accepts only string values here"
        ),
      ])
  }
}
