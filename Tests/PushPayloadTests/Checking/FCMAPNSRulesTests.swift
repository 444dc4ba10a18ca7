import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMAPNSRulesTests {
  static func apns(_ payload: String) -> String {
    #"{"token": "t", "apns": {"payload": \#(payload)}}"#
  }

  @Test func validPayloads() {
    for payload in [
      #"{"aps": {"alert": "Hi", "badge": 0, "sound": "default"}}"#,
      #"{"aps": {"alert": {"title": "T", "loc-key": "K", "loc-args": ["a"]}}, "x": [1]}"#,
      #"{"aps": {"sound": {"critical": 1, "name": "a.caf", "volume": 0}}}"#,
      #"{"aps": {"sound": {"critical": true, "name": "a.caf", "volume": 1.0}}}"#,
      #"{"aps": {"content-available": 1}, "custom": "x"}"#,
      #"{"aps": {"alert": {"title": {"loc-key": "LA_TITLE"}, "body": {"loc-key": "B"}}}}"#,
      #"{"aps": {"category": "C", "thread-id": "t", "interruption-level": "passive"}}"#,
    ] {
      FCMTest.expect(Self.apns(payload), [])
    }
  }

  @Test func payloadNeedsAnAPSObject() {
    FCMTest.expect(
      #"{"token": "t", "apns": {1️⃣"payload": {"custom": 1}}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmAPNSMissingAPS)])
    FCMTest.expect(
      #"{"token": "t", "apns": {1️⃣"payload": {"aps": null}}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmAPNSMissingAPS)])
    FCMTest.expect(
      Self.apns(#"{"aps": 1️⃣[]}"#),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch, message: "'apns.payload.aps' must be an object, not an array")
      ])
    FCMTest.expect(
      #"{"token": "t", "apns": {"payload": 1️⃣"aps"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload' must be an object, not a string ('aps')")
      ])
  }

  @Test func standardKeyTypes() {
    FCMTest.expect(
      Self.apns(
        #"{"aps": {"alert": 1️⃣5, "badge": 2️⃣"3", "sound": 3️⃣false, "category": 4️⃣1, "thread-id": 5️⃣[]}}"#
      ),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.alert' must be a string or an object, not a number (5)"),
        DiagnosticSpec(
          "2️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.badge' must be a number, not a string ('3')"),
        DiagnosticSpec(
          "3️⃣", id: .fcmTypeMismatch,
          message:
            "'apns.payload.aps.sound' must be a string or a critical-sound object, not a boolean (false)"
        ),
        DiagnosticSpec(
          "4️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.category' must be a string, not a number (1)"),
        DiagnosticSpec(
          "5️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.thread-id' must be a string, not an array"),
      ])
  }

  @Test func alertKeyTypes() {
    FCMTest.expect(
      Self.apns(
        #"{"aps": {"alert": {"title": 1️⃣1, "loc-key": 2️⃣[], "loc-args": 3️⃣"a", "title-loc-args": [4️⃣1], "title-loc-key": "k"}}}"#
      ),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch,
          message:
            "'apns.payload.aps.alert.title' must be a string (or a localization dictionary), not a number (1)"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.alert.loc-key' must be a string, not an array"),
        DiagnosticSpec(
          "3️⃣", id: .fcmTypeMismatch,
          message:
            "'apns.payload.aps.alert.loc-args' must be an array of strings, not a string ('a')"),
        DiagnosticSpec(
          "4️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.alert.title-loc-args[0]' must be a string, not a number (1)"),
      ])
  }

  @Test func locArgsNeedTheirKeys() {
    FCMTest.expect(
      Self.apns(
        #"{"aps": {"alert": {1️⃣"loc-args": ["a"], 2️⃣"title-loc-args": ["b"], "title-loc-key": "", 3️⃣"subtitle-loc-args": ["c"]}}}"#
      ),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmLocArgsWithoutLocKey,
          message:
            "'apns.payload.aps.alert.loc-key' is required when specifying 'apns.payload.aps.alert.loc-args'"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmLocArgsWithoutLocKey,
          message:
            "'apns.payload.aps.alert.title-loc-key' is required when specifying 'apns.payload.aps.alert.title-loc-args'"
        ),
        DiagnosticSpec(
          "3️⃣", id: .fcmLocArgsWithoutLocKey,
          message:
            "'apns.payload.aps.alert.subtitle-loc-key' is required when specifying 'apns.payload.aps.alert.subtitle-loc-args'"
        ),
      ])
  }

  @Test func criticalSounds() {
    FCMTest.expect(
      Self.apns(#"{"aps": {"sound": 1️⃣""}}"#),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmEmptyValue, message: "'apns.payload.aps.sound' must be a non-empty string")
      ])
    FCMTest.expect(
      Self.apns(#"{"aps": {"sound": 1️⃣{"critical": 1}}}"#),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmEmptyValue,
          message: "'apns.payload.aps.sound.name' must be a non-empty string")
      ])
    FCMTest.expect(
      Self.apns(#"{"aps": {"sound": {"name": 1️⃣"", "volume": 2️⃣1.5, "critical": 3️⃣"yes"}}}"#),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmEmptyValue,
          message: "'apns.payload.aps.sound.name' must be a non-empty string"),
        DiagnosticSpec(
          "2️⃣", id: .fcmCriticalSoundVolume,
          message: "critical sound volume 1.5 is outside the interval [0, 1]"),
        DiagnosticSpec(
          "3️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.sound.critical' must be 1 or true, not a string ('yes')"),
      ])
    FCMTest.expect(
      Self.apns(#"{"aps": {"sound": {"name": 1️⃣7, "volume": 2️⃣"loud"}}}"#),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.sound.name' must be a string, not a number (7)"),
        DiagnosticSpec(
          "2️⃣", id: .fcmTypeMismatch,
          message: "'apns.payload.aps.sound.volume' must be a number, not a string ('loud')"),
      ])
  }

  @Test func alertOrSoundGivenBothWays() throws {
    // Duplicate keys are JSON errors already; the FCM check says what the duplicate means.
    let source = MarkedSource(Self.apns(#"{"aps": {"alert": "Hi", 1️⃣"alert": {"title": "T"}}}"#))
    let result = FCMTest.lint(source)
    expectDiagnostics(
      result.diagnostics,
      [
        DiagnosticSpec("1️⃣", id: .jsonDuplicateKey),
        DiagnosticSpec("1️⃣", id: .fcmAPSAlertConflict),
      ], in: source)
    FCMTest.expect(
      Self.apns(#"{"aps": {"sound": {"name": "a"}, 1️⃣"sound": "b"}}"#),
      [
        DiagnosticSpec("1️⃣", id: .jsonDuplicateKey),
        DiagnosticSpec("1️⃣", id: .fcmAPSSoundConflict),
      ])
  }

  @Test(arguments: [
    ("mutable_content", "mutable-content"), ("mutableContent", "mutable-content"),
    ("content_available", "content-available"), ("thread_id", "thread-id"),
    ("Badge", "badge"), ("interruption_level", "interruption-level"),
  ])
  func misspelledAPSKeys(_ key: String, _ canonical: String) throws {
    let source = MarkedSource(Self.apns(#"{"aps": {"alert": "x", "\#(key)": 1}}"#))
    let result = FCMTest.lint(source)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.id == .fcmAPSKeyMisspelled)
    #expect(diagnostic.message == "APNs ignores '\(key)'; did you mean '\(canonical)'?")
    let edit = try #require(diagnostic.fixIts.first?.edits.first)
    #expect(edit.replacement == canonical)
    #expect(source.text.utf8.count >= edit.range.end.offset)
    let renamed =
      String(source.text.utf8.prefix(edit.range.start.offset))! + canonical
      + String(source.text.utf8.dropFirst(edit.range.end.offset))!
    #expect(renamed.contains(#""\#(canonical)": 1"#))
  }

  @Test func misspelledAlertKeysAndCustomAPSKeys() {
    FCMTest.expect(
      Self.apns(#"{"aps": {"alert": {1️⃣"title_loc_key": "k", "titleLocArgs2": []}, "my-key": 1}}"#),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmAPSKeyMisspelled,
          message: "APNs ignores 'title_loc_key'; did you mean 'title-loc-key'?")
      ])
  }

  @Test func headersInThePayload() {
    FCMTest.expect(
      Self.apns(
        #"{"aps": {"alert": "x", 1️⃣"apns-push-type": "alert"}, 2️⃣"apns-priority": "10", 3️⃣"headers": {}}"#
      ),
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmAPNSHeaderInPayload,
          message:
            "'apns-push-type' is an APNs request header, but here it is sent to the app as payload data; move it to 'apns.headers'"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmAPNSHeaderInPayload,
          message:
            "'apns-priority' is an APNs request header, but here it is sent to the app as payload data; move it to 'apns.headers'"
        ),
        DiagnosticSpec("3️⃣", id: .fcmAPNSHeaderInPayload),
      ])
  }

  @Test func falseFlagsAreDropped() {
    FCMTest.expect(
      Self.apns(#"{"aps": {"alert": "x", "mutable-content": 1️⃣false}}"#),
      [DiagnosticSpec("1️⃣", id: .fcmAPSFlagFalse, severity: .warning)])
  }

  @Test func headerValuesMustBeStrings() {
    FCMTest.expect(
      #"{"token": "t", "apns": {"headers": {"apns-priority": 1️⃣10, "apns-expiration": 2️⃣null}}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmNonStringValue,
          message:
            "'apns.headers.apns-priority' must be a string, not a number (10); FCM accepts only string values here"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmNonStringValue,
          message:
            "'apns.headers.apns-expiration' must be a string, not null; FCM accepts only string values here"
        ),
      ])
  }

  @Test func liveActivityToken() {
    FCMTest.expect(#"{"token": "t", "apns": {"live_activity_token": "la"}}"#, [])
    FCMTest.expect(
      #"{"token": "t", "apns": {"live_activity_token": 1️⃣""}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmEmptyValue)])
    FCMTest.expect(
      #"{"topic": "t", "apns": {1️⃣"live_activity_token": "la"}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmLiveActivityWithoutToken, severity: .warning)])
  }

  @Test func liveActivityPayloadNeedsItsToken() {
    FCMTest.expect(
      #"{"token": "t", "apns": {"payload": {"aps": {1️⃣"event": "update", "content-state": {}}}}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmLiveActivityPayloadWithoutToken, severity: .warning,
          message:
            "'aps' has 'event', a Live Activity key, but 'apns.live_activity_token' is not set; "
            + "FCM then sends the message to the app's device token, and a Live Activity "
            + "receives updates only at its own push token")
      ])
    // `content-state` alone is reported at its key.
    FCMTest.expect(
      #"{"token": "t", "apns": {"payload": {"aps": {"sound": "a", 1️⃣"content-state": {}}}}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmLiveActivityPayloadWithoutToken, severity: .warning)])
    FCMTest.expect(
      #"{"token": "t", "apns": {"live_activity_token": "la", "payload": {"aps": {"event": "end"}}}}"#,
      [])
    FCMTest.expect(#"{"token": "t", "apns": {"payload": {"aps": {"badge": 1}}}}"#, [])
  }

  @Test func dataOnlyMessagesUsePriorityFive() {
    FCMTest.expect(
      #"{"token": "t", "data": {"a": "b"}, "apns": {"headers": {"apns-priority": "1️⃣10"}, "payload": {"aps": {"content-available": 1}}}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmDataOnlyAPNSPriority)])
    FCMTest.expect(
      #"{"token": "t", "notification": {"title": "x"}, "apns": {"headers": {"apns-priority": "10"}}}"#,
      [])
  }
}
