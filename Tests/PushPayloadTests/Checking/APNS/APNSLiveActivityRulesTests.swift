import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSLiveActivityRulesTests {
  static func check(_ text: String) -> APNSCheckRun {
    checkAPNS(text, pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity")
  }

  @Test func validStartUpdateAndEnd() {
    Self.check(
      #"""
      {"aps": {"event": "start", "timestamp": 1700000000, "content-state": {"score": 0},
        "attributes-type": "GameAttributes", "attributes": {"home": "A"},
        "alert": {"title": "Kick-off", "body": "A vs B"}, "input-push-token": 1}}
      """#
    ).expect([])
    Self.check(
      #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1}, "stale-date": 1700003600, "relevance-score": 100}}"#
    ).expect([])
    Self.check(
      #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {"score": 3}, "dismissal-date": 1700007200}}"#
    ).expect([])
  }

  @Test func everyPushNeedsEventAndTimestamp() {
    Self.check(#"{1️⃣"aps": {"content-state": {}}}"#).expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsLiveActivityMissingKey, severity: .error,
        message: "Live Activity pushes need 'aps.event'"),
      DiagnosticSpec(
        "1️⃣", id: .apnsLiveActivityMissingKey, message: "Live Activity pushes need 'aps.timestamp'"),
    ])
  }

  @Test func startNeedsAlertAttributesTypeAndAttributes() {
    Self.check(#"{1️⃣"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsLiveActivityMissingKey,
          message: "Live Activity 'start' pushes need 'aps.alert'"),
        DiagnosticSpec(
          "1️⃣", id: .apnsLiveActivityMissingKey,
          message: "Live Activity 'start' pushes need 'aps.attributes-type'"),
        DiagnosticSpec(
          "1️⃣", id: .apnsLiveActivityMissingKey,
          message: "Live Activity 'start' pushes need 'aps.attributes'"),
      ])
  }

  @Test func contentStateIsRequiredForUpdateAndRecommendedForEnd() {
    Self.check(#"{1️⃣"aps": {"event": "update", "timestamp": 1700000000}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsLiveActivityMissingKey, severity: .error,
          message: "Live Activity 'update' pushes need 'aps.content-state'")
      ])
    Self.check(#"{1️⃣"aps": {"event": "end", "timestamp": 1700000000}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsLiveActivityMissingKey, severity: .warning)])
  }

  @Test func invalidEventGetsASuggestion() throws {
    let run = Self.check(#"{"aps": {"event": 1️⃣"updated", "timestamp": 1700000000}}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsLiveActivityInvalidEvent, severity: .error,
        message:
          "'aps.event' must be 'start', 'update' or 'end', not 'updated'; did you mean 'update'?")
    ])
    #expect(
      try run.diagnostic(.apnsLiveActivityInvalidEvent).fixIts.first?.edits.first?.replacement
        == "update")
  }

  @Test func startOnlyKeysInOtherEvents() {
    Self.check(
      #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, 1️⃣"input-push-channel": "Y2g="}}"#
    ).expect([DiagnosticSpec("1️⃣", id: .apnsLiveActivityKeyNotForEvent, severity: .warning)])
  }

  @Test func millisecondDatesAreFixedToSeconds() throws {
    let run = Self.check(
      #"{"aps": {"event": "update", "timestamp": 1️⃣1700000000123, "content-state": {}, "stale-date": 2️⃣1700003600000}}"#
    )
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsDateInMilliseconds, severity: .warning,
        message:
          "'aps.timestamp' is 1700000000123, which is milliseconds or far in the future; ActivityKit expects UNIX seconds"
      ),
      DiagnosticSpec(
        "2️⃣", id: .apnsDateInMilliseconds,
        message:
          "'aps.stale-date' is 1700003600000, which is milliseconds or far in the future; ActivityKit expects UNIX seconds"
      ),
    ])
    let replacements = run.diagnostics.compactMap { $0.fixIts.first?.edits.first?.replacement }
    #expect(replacements == ["1700000000", "1700003600"])
  }

  @Test func soundBelongsInsideTheAlert() {
    Self.check(
      #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": "t"}, 1️⃣"sound": "a.caf"}}"#
    ).expect([DiagnosticSpec("1️⃣", id: .apnsLiveActivitySoundOutsideAlert, severity: .warning)])
  }

  @Test func withoutAPushTypeAnEventMakesALiveActivity() {
    checkAPNS(
      #"{"aps": {"event": "update", "content-state": {}, "relevance-score": 50}}"#, pushType: nil
    )
    .expect([
      DiagnosticSpec(
        id: .apnsMissingPushType,
        message:
          "'apns-push-type' is missing; watchOS requires it and APNs may delay or drop pushes without it; this payload looks like 'liveactivity'"
      ),
      DiagnosticSpec(
        id: .apnsLiveActivityMissingKey, message: "Live Activity pushes need 'aps.timestamp'"),
    ])
  }
}
