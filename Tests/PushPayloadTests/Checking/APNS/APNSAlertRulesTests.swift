import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSAlertRulesTests {
  static let liveActivity = (
    pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity"
  )

  @Test func everyAlertKeyWithItsTypePasses() {
    checkAPNS(
      #"""
      {"aps": {"alert": {
        "title": "t", "subtitle": "s", "body": "b", "launch-image": "Launch",
        "title-loc-key": "T", "title-loc-args": ["1"], "subtitle-loc-key": "S",
        "subtitle-loc-args": ["2"], "loc-key": "B", "loc-args": ["3", "4"]
      }}}
      """#
    ).expect([])
  }

  @Test func alertMustBeAStringOrADictionary() {
    checkAPNS(#"{"aps": {"alert": 1️⃣["Hi"]}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType, severity: .error,
          message: "'aps.alert' must be a string or a dictionary, not an array")
      ])
  }

  @Test func alertValuesHaveTheirTypes() {
    checkAPNS(#"{"aps": {"alert": {"title": 1️⃣7, "loc-key": "B", "loc-args": 2️⃣"x"}}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType, message: "'aps.alert.title' must be a string, not a number (7)"),
        DiagnosticSpec(
          "2️⃣", id: .apnsValueType,
          message: "'aps.alert.loc-args' must be an array of strings, not a string ('x')"),
      ])
  }

  @Test func locArgsNeedTheirLocKey() {
    checkAPNS(
      #"{"aps": {"alert": {"body": "b", 1️⃣"loc-args": ["x"], 2️⃣"title-loc-args": ["y"], "subtitle-loc-key": "S", "subtitle-loc-args": ["z"]}}}"#
    ).expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsLocArgsWithoutLocKey, severity: .error,
        message:
          "'aps.alert.loc-args' needs 'aps.alert.loc-key', whose placeholders the arguments fill"),
      DiagnosticSpec(
        "2️⃣", id: .apnsLocArgsWithoutLocKey,
        message:
          "'aps.alert.title-loc-args' needs 'aps.alert.title-loc-key', whose placeholders the arguments fill"
      ),
    ])
  }

  @Test func unknownAlertKeys() throws {
    let run = checkAPNS(
      #"{"aps": {"alert": {"body": "b", 1️⃣"titel": "t", 2️⃣"badge": 1, 3️⃣"extra": 1}}}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsUnknownAlertKey, severity: .warning,
        message: "unknown alert key 'aps.alert.titel'; did you mean 'title'?"),
      DiagnosticSpec(
        "2️⃣", id: .apnsUnknownAlertKey,
        message: "unknown alert key 'aps.alert.badge'; 'badge' belongs in 'aps', not inside 'alert'"
      ),
      DiagnosticSpec(
        "3️⃣", id: .apnsUnknownAlertKey,
        message:
          "unknown alert key 'aps.alert.extra'; iOS ignores it; custom keys belong at the top level of the payload"
      ),
    ])
  }

  @Test func legacyKeysAreNotes() {
    checkAPNS(
      #"{"aps": {"alert": {"body": "b", 1️⃣"action-loc-key": null, 2️⃣"summary-arg": "Ann", 3️⃣"summary-arg-count": 4️⃣0}}}"#
    ).expect([
      DiagnosticSpec("1️⃣", id: .apnsLegacyAlertKey, severity: .note),
      DiagnosticSpec("2️⃣", id: .apnsLegacyAlertKey, severity: .note),
      DiagnosticSpec("3️⃣", id: .apnsLegacyAlertKey, severity: .note),
      DiagnosticSpec(
        "4️⃣", id: .apnsValueOutOfRange,
        message: "'aps.alert.summary-arg-count' must be 1 or more, not 0"),
    ])
  }

  @Test func liveActivityAlertFormsPassInLiveActivities() {
    checkAPNS(
      #"""
      {"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 2},
        "alert": {"title": {"loc-key": "T", "loc-args": ["1"]}, "body": "b", "sound": "chime.aiff"}}}
      """#,
      pushType: Self.liveActivity.pushType, topic: Self.liveActivity.topic
    ).expect([])
  }

  @Test func liveActivityAlertFormsAreWrongElsewhere() {
    checkAPNS(#"{"aps": {"alert": {"title": 1️⃣{"loc-key": "T"}, "body": "b", 2️⃣"sound": "x"}}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType,
          message:
            "'aps.alert.title' must be a string (the dictionary form is only for Live Activity alerts), not a dictionary"
        ),
        DiagnosticSpec(
          "2️⃣", id: .apnsKeyNotForPushType, severity: .warning,
          message:
            "'aps.alert.sound' has no effect in 'alert' pushes; it is for 'liveactivity' pushes"),
      ])
  }

  @Test func liveActivityTextDictionaries() {
    checkAPNS(
      #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": {1️⃣"loc-args": ["1"], 2️⃣"lockey": "T"}, "body": {"loc-key": 3️⃣5}}}}"#,
      pushType: Self.liveActivity.pushType, topic: Self.liveActivity.topic
    ).expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsLocArgsWithoutLocKey,
        message:
          "'aps.alert.title.loc-args' needs 'aps.alert.title.loc-key', whose placeholders the arguments fill"
      ),
      DiagnosticSpec(
        "2️⃣", id: .apnsUnknownAlertKey,
        message: "unknown alert key 'aps.alert.title.lockey'; did you mean 'loc-key'?"),
      DiagnosticSpec(
        "3️⃣", id: .apnsValueType,
        message: "'aps.alert.body.loc-key' must be a string, not a number (5)"),
    ])
  }
}
