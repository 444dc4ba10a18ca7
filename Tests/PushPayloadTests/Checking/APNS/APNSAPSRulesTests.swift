import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSAPSRulesTests {
  @Test func fullAlertPayloadPasses() {
    checkAPNS(
      #"""
      {
        "aps": {
          "alert": {"title": "Game", "subtitle": "Final", "body": "3:2"},
          "badge": 0, "sound": "default", "thread-id": "games", "category": "SCORE",
          "mutable-content": 1, "content-available": 1, "target-content-id": "w1",
          "interruption-level": "time-sensitive", "relevance-score": 0.75,
          "filter-criteria": "sports"
        },
        "gameID": "12345"
      }
      """#
    ).expect([])
  }

  // MARK: - Envelope

  @Test(arguments: [#"1️⃣[1, 2]"#, #"1️⃣"text""#, #"1️⃣42"#, "1️⃣null"])
  func payloadMustBeAnObject(text: String) {
    checkAPNS(text).expect([DiagnosticSpec("1️⃣", id: .apnsPayloadNotObject, severity: .error)])
  }

  /// A payload without `aps` is reported as such where its push type needs one, and the rules
  /// that read `aps` add nothing after it.
  @Test(arguments: ["alert", "background", "liveactivity", "widgets", "controls"])
  func missingAPSIsAnErrorForAPSDrivenPushTypes(pushType: String) throws {
    let run = checkAPNS(#"1️⃣{"greeting": "Hello"}"#, pushType: pushType)
    let diagnostic = try run.diagnostic(.apnsMissingAPS)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.range?.start.offset == 0)
    #expect(
      diagnostic.message
        == "the payload has no 'aps' dictionary, so this '\(pushType)' push does nothing; "
        + "Apple's keys (alert, badge, sound, content-available, …) go in 'aps'")
    let consequences: [DiagnosticID] = [
      .apnsAlertPushShowsNothing, .apnsBackgroundWithoutContentAvailable,
      .apnsMissingContentChanged, .apnsLiveActivityMissingKey,
    ]
    #expect(run.diagnostics.filter { consequences.contains($0.id) }.isEmpty)
  }

  @Test func missingAPSWithoutAPushTypeSaysWhichPayloadsDoWithoutIt() throws {
    let run = checkAPNS(#"{"greeting": "Hello"}"#, pushType: nil)
    #expect(run.diagnostics.map(\.id) == [.apnsMissingPushType, .apnsMissingAPS])
    #expect(
      try run.diagnostic(.apnsMissingAPS).message.hasSuffix(
        "only VoIP, MDM and other PushKit payloads do without it (set 'apns-push-type' for them)"))
  }

  @Test(arguments: ["voip", "mdm", "pushtotalk", "fileprovider", "location", "complication"])
  func payloadsOfTheAppNeedNoAPS(pushType: String) {
    let run = checkAPNS(#"{"caller": "Ann"}"#, pushType: pushType, topic: nil)
    #expect(!run.diagnostics.map(\.id).contains(.apnsMissingAPS))
  }

  @Test func unknownPushTypeIsNotAlsoMissingAPS() {
    let run = checkAPNS(#"{"caller": "Ann"}"#, pushType: "vop")
    #expect(!run.diagnostics.map(\.id).contains(.apnsMissingAPS))
    #expect(run.diagnostics.map(\.id).contains(.apnsInvalidPushType))
  }

  @Test func payloadGivenAsAJSONStringGetsAHint() {
    checkAPNSRequest(
      #"{"headers": {"apns-push-type": "alert", "apns-topic": "a.b"}, "payload": 1️⃣"{\"aps\": {}}"}"#
    ).expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsPayloadNotObject,
        message:
          #"the APNs payload must be a dictionary, not a string ('{"aps": {}}'); write the JSON itself rather than a string holding it"#
      )
    ])
  }

  @Test func apsMustBeAnObject() throws {
    let run = checkAPNS(#"{"aps": 1️⃣"Hello"}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsAPSNotObject, severity: .error,
        message: "'aps' must be a dictionary, not a string ('Hello')")
    ])
    #expect(try run.diagnostic(.apnsAPSNotObject).pointer?.description == "/aps")
  }

  @Test func apsKeysBesideAPSAreReported() {
    checkAPNS(#"{"aps": {"badge": 1}, 1️⃣"alert": "Hi", 2️⃣"mutable_content": 1, "category": "x"}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsAPSKeyAtTopLevel, severity: .warning,
          message: "'alert' is beside 'aps', so iOS treats it as custom data; move it into 'aps'"),
        DiagnosticSpec(
          "2️⃣", id: .apnsAPSKeyAtTopLevel,
          message:
            "'mutable_content' is beside 'aps', so iOS treats it as custom data; move it into 'aps' as 'mutable-content'"
        ),
      ])
  }

  @Test func topLevelKeysOfPushKitPayloadsAreTheApps() {
    checkAPNS(
      #"{"alert": "incoming call", "sound": "ring"}"#, pushType: "voip",
      topic: "com.example.app.voip"
    )
    .expect([])
  }

  // MARK: - Unknown keys

  @Test(arguments: [
    ("mutable_content", "mutable-content"), ("contentAvailable", "content-available"),
    ("threadId", "thread-id"), ("badges", "badge"), ("interruptionLevel", "interruption-level"),
    ("relevance_score", "relevance-score"), ("catgory", "category"),
  ])
  func misspelledAPSKeyGetsARenameFixIt(key: String, suggestion: String) throws {
    let run = checkAPNS(#"{"aps": {"alert": "Hi", 1️⃣""# + key + #"": 1}}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsUnknownAPSKey, severity: .warning,
        message: "APNs ignores the unknown key 'aps.\(key)'; did you mean '\(suggestion)'?")
    ])
    let edit = try #require(try run.diagnostic(.apnsUnknownAPSKey).fixIts.first?.edits.first)
    #expect(edit.replacement == suggestion)
    #expect(edit.range.start.offset == (run.source["1️⃣"] ?? 0) + 1)
  }

  @Test func customKeyInsideAPSIsAWarning() {
    checkAPNS(#"{"aps": {"alert": "Hi", 1️⃣"gameID": "12345"}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsUnknownAPSKey,
          message:
            "APNs ignores the unknown key 'aps.gameID'; custom keys belong beside 'aps', at the top level of the payload"
        )
      ])
  }

  @Test func alertKeyDirectlyInAPSIsPointedToAlert() {
    checkAPNS(#"{"aps": {"alert": "Hi", 1️⃣"subtitle": "x"}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsUnknownAPSKey,
          message:
            "APNs ignores the unknown key 'aps.subtitle'; 'subtitle' belongs inside 'aps.alert'")
      ])
  }

  // MARK: - Types and values

  @Test func badgeMustBeANonNegativeInteger() throws {
    let run = checkAPNS(#"{"aps": {"badge": 1️⃣"3"}}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsValueType, severity: .error,
        message: "'aps.badge' must be an integer, not a string ('3')")
    ])
    #expect(try run.diagnostic(.apnsValueType).fixIts.first?.edits.first?.replacement == "3")
    checkAPNS(#"{"aps": {"badge": 1️⃣1.5}}"#).expect([DiagnosticSpec("1️⃣", id: .apnsValueType)])
    checkAPNS(#"{"aps": {"badge": 1️⃣-1}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueOutOfRange, message: "'aps.badge' must be 0 or more, not -1")
      ])
    checkAPNS(#"{"aps": {"badge": 1️⃣99999999999999999999}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsValueOutOfRange)])
  }

  @Test(arguments: [
    ("0", "remove"), ("2", "write 1"), ("true", "write 1"), ("false", "remove"),
  ])
  func flagsOtherThanOne(value: String, fix: String) throws {
    let run = checkAPNS(#"{"aps": {"alert": "Hi", "mutable-content": 1️⃣"# + value + "}}")
    run.expect([DiagnosticSpec("1️⃣", id: .apnsFlagValue, severity: .warning)])
    let fixIt = try #require(try run.diagnostic(.apnsFlagValue).fixIts.first)
    #expect(fixIt.message.hasPrefix(fix))
    if fix == "write 1" { #expect(fixIt.edits.first?.replacement == "1") }
  }

  @Test func flagAsAStringIsATypeError() {
    checkAPNS(#"{"aps": {"alert": "Hi", "content-available": 1️⃣"1"}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType,
          message: "'aps.content-available' must be an integer, not a string ('1')")
      ])
  }

  @Test(
    arguments: [("timeSensitive", "time-sensitive"), ("activ", "active"), ("loud", nil)]
      as [(String, String?)])
  func interruptionLevel(value: String, suggestion: String?) throws {
    let run = checkAPNS(#"{"aps": {"alert": "Hi", "interruption-level": 1️⃣""# + value + #""}}"#)
    run.expect([DiagnosticSpec("1️⃣", id: .apnsInvalidInterruptionLevel, severity: .error)])
    let diagnostic = try run.diagnostic(.apnsInvalidInterruptionLevel)
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == suggestion)
  }

  @Test func relevanceScoreOutsideZeroToOne() {
    checkAPNS(#"{"aps": {"alert": "Hi", "relevance-score": 1️⃣25}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsRelevanceScoreOutOfRange, severity: .warning)])
    // Live Activities take any score.
    checkAPNS(
      #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}, "relevance-score": 25}}"#,
      pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity"
    ).expect([])
  }

  @Test func stringArrayElementsArePointedAt() throws {
    let run = checkAPNS(#"{"aps": {"alert": "Hi", "url-args": ["a", 1️⃣2]}}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsValueType,
        message:
          "'aps.url-args' must be an array of strings, not an array with a number (2) at index 1")
    ])
    #expect(try run.diagnostic(.apnsValueType).pointer?.description == "/aps/url-args/1")
  }

  @Test func typesOfLiveActivityKeys() {
    checkAPNS(
      #"{"aps": {"event": 1️⃣1, "timestamp": 2️⃣"now", "content-state": 3️⃣[], "stale-date": 4️⃣1.5}}"#,
      pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity"
    ).expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsValueType, message: "'aps.event' must be a string, not a number (1)"),
      DiagnosticSpec(
        "2️⃣", id: .apnsValueType, message: "'aps.timestamp' must be an integer, not a string ('now')"
      ),
      DiagnosticSpec(
        "3️⃣", id: .apnsValueType, message: "'aps.content-state' must be a dictionary, not an array"),
      DiagnosticSpec(
        "4️⃣", id: .apnsValueType, message: "'aps.stale-date' must be an integer, not a number (1.5)"),
    ])
  }

  // MARK: - Push type applicability

  @Test func liveActivityKeysInAnAlertPush() {
    checkAPNS(#"{"aps": {"alert": "Hi", 1️⃣"content-state": {}}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsKeyNotForPushType, severity: .warning,
          message:
            "'aps.content-state' has no effect in 'alert' pushes; it is for 'liveactivity' pushes")
      ])
  }

  @Test func widgetPushesCarryOnlyContentChanged() {
    checkAPNS(
      #"{"aps": {"content-changed": true, 1️⃣"badge": 2}}"#,
      pushType: "widgets", topic: "com.example.app.push-type.widgets"
    ).expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsKeyNotForPushType,
        message: "'aps.badge' has no effect in 'widgets' pushes; it is for 'alert' pushes")
    ])
  }

  @Test func duplicateKeysAreCheckedOnceWithTheLastValue() {
    let run = checkAPNS(#"{"aps": {"badge": "x", "badge": 1}}"#)
    #expect(run.diagnostics.map(\.id) == [.jsonDuplicateKey])
  }
}
