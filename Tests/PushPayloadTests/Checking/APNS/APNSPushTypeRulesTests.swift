import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSPushTypeRulesTests {
  /// A request document with the given headers and payload.
  static func request(_ headers: String, payload: String = #"{"aps": {"alert": "Hi"}}"#) -> String {
    #"{"headers": {"# + headers + #"}, "payload": "# + payload + "}"
  }

  // MARK: - Push type

  @Test func missingPushTypeSuggestsOneFromThePayload() throws {
    let run = checkAPNS(#"{"aps": {"content-available": 1}}"#, pushType: nil)
    run.expect([
      DiagnosticSpec(
        id: .apnsMissingPushType, severity: .warning,
        message:
          "'apns-push-type' is missing; watchOS requires it and APNs may delay or drop pushes without it; this payload looks like 'background'"
      )
    ])
  }

  @Test func missingPushTypeIsNotReportedForTheSimulator() {
    checkAPNS(
      #"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#, pushType: nil
    )
    .expect([])
  }

  @Test(arguments: [
    ("Alert", "alert"), ("live-activity", "liveactivity"), ("LiveActivity", "liveactivity"),
    ("silent", "background"), ("push_to_talk", "pushtotalk"), ("widget", "widgets"),
    ("backgrond", "background"),
  ])
  func unknownPushTypeIsInvalidWithSuggestion(value: String, suggestion: String) throws {
    let run = checkAPNSRequest(
      Self.request(#""apns-topic": "com.example.app", "apns-push-type": 1️⃣""# + value + "\""))
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsInvalidPushType, severity: .error,
        message: "'\(value)' is not an APNs push type; did you mean '\(suggestion)'?")
    ])
    let diagnostic = try run.diagnostic(.apnsInvalidPushType)
    #expect(diagnostic.properties["apns_reason"] == "InvalidPushType")
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == suggestion)
  }

  @Test func everyDocumentedPushTypeIsKnown() {
    let names = APNSLimits.pushTypes.map(\.name)
    #expect(
      names == [
        "alert", "background", "complication", "controls", "fileprovider", "liveactivity",
        "location", "mdm", "pushtotalk", "voip", "widgets",
      ])
  }

  // MARK: - Priority

  @Test func backgroundWithPriority10IsAnError() throws {
    let run = checkAPNSRequest(
      Self.request(
        #"1️⃣"apns-push-type": "background", "apns-topic": "com.example.app", "apns-priority": 2️⃣"10""#,
        payload: #"{"aps": {"content-available": 1}}"#))
    run.expect([
      DiagnosticSpec(
        "2️⃣", id: .apnsPriorityForPushType, severity: .error,
        message:
          "'apns-priority' is 10 in a 'background' push; background pushes must use priority 5")
    ])
    let diagnostic = try run.diagnostic(.apnsPriorityForPushType)
    #expect(diagnostic.fixIts.first?.edits.first?.replacement == "5")
    #expect(diagnostic.notes.count == 1)
  }

  @Test func backgroundWithPriority1IsAWarning() {
    checkAPNSRequest(
      Self.request(
        #""apns-push-type": "background", "apns-topic": "com.example.app", "apns-priority": 1️⃣"1""#,
        payload: #"{"aps": {"content-available": 1}}"#)
    ).expect([DiagnosticSpec("1️⃣", id: .apnsPriorityForPushType, severity: .warning)])
  }

  @Test func backgroundWithoutPriorityGetsAWarningAboutTheDefault() {
    checkAPNS(#"{"aps": {"content-available": 1}}"#, pushType: "background")
      .expect([
        DiagnosticSpec(
          id: .apnsPriorityForPushType, severity: .warning,
          message:
            "'apns-priority' is missing, so APNs uses 10; background pushes must use priority 5")
      ])
    checkAPNS(
      #"{"aps": {"content-available": 1}}"#, pushType: "background",
      options: APNSInputOptions(priority: "5")
    ).expect([])
  }

  @Test(arguments: ["5", "10"])
  func liveActivityPriorities(priority: String) {
    checkAPNS(
      #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#,
      pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity",
      options: APNSInputOptions(priority: priority)
    ).expect([])
  }

  @Test func liveActivityWithPriority1IsAWarning() {
    checkAPNS(
      #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#,
      pushType: "liveactivity", topic: "com.example.app.push-type.liveactivity",
      options: APNSInputOptions(priority: "1")
    ).expect([
      DiagnosticSpec(
        id: .apnsPriorityForPushType, severity: .warning,
        message:
          "'apns-priority' is 1 in a 'liveactivity' push; Live Activity pushes use priority 5 or 10"
      )
    ]
    )
  }

  // MARK: - Topic

  @Test func missingTopicIsAWarningForRawInput() throws {
    let run = checkAPNS(#"{"aps": {"alert": "Hi"}}"#, topic: nil)
    run.expect([DiagnosticSpec(id: .apnsMissingTopic, severity: .warning)])
    #expect(try run.diagnostic(.apnsMissingTopic).properties["apns_reason"] == "MissingTopic")
  }

  @Test(arguments: [
    ("alert", "com.example.app"), ("background", "com.example.app"),
    ("voip", "com.example.app.voip"), ("complication", "com.example.app.complication"),
    ("fileprovider", "com.example.app.pushkit.fileprovider"),
    ("location", "com.example.app.location-query"), ("pushtotalk", "com.example.app.voip-ptt"),
    ("widgets", "com.example.app.push-type.widgets"),
    ("controls", "com.example.app.push-type.controls"),
    ("liveactivity", "com.example.app.push-type.liveactivity"),
    ("mdm", "com.apple.mgmt.External.2f3e1a55-6c2a-4b7e-9b6c-0d1a2b3c4d5e"),
  ])
  func topicWithTheRightSuffixPasses(pushType: String, topic: String) {
    let run = checkAPNS(#"{"custom": 1}"#, pushType: pushType, topic: topic) {
      $0.bundleID = pushType == "mdm" ? nil : "com.example.app"
    }
    #expect(
      !run.diagnostics.contains {
        $0.id.rawValue.hasPrefix("apnsTopic") || $0.id == .apnsInvalidTopic
      })
  }

  @Test func topicWithoutTheSuffixIsAnErrorWithAFixIt() throws {
    let run = checkAPNSRequest(
      Self.request(
        #""apns-push-type": "voip", "apns-topic": 1️⃣"com.example.app""#,
        payload: #"{"caller": "Ann"}"#))
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsTopicSuffixMismatch, severity: .error,
        message:
          "'apns-topic' for 'voip' pushes must be the bundle ID followed by '.voip', not 'com.example.app'"
      )
    ])
    let edit = try #require(try run.diagnostic(.apnsTopicSuffixMismatch).fixIts.first?.edits.first)
    #expect(edit.replacement == "com.example.app.voip")
  }

  @Test func topicWithAnotherTypesSuffixIsFixedToTheRightOne() throws {
    let run = checkAPNSRequest(
      Self.request(
        #""apns-push-type": "liveactivity", "apns-topic": 1️⃣"com.example.app.voip""#,
        payload: #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsTopicSuffixMismatch)])
    let edit = try #require(try run.diagnostic(.apnsTopicSuffixMismatch).fixIts.first?.edits.first)
    #expect(edit.replacement == "com.example.app.push-type.liveactivity")
  }

  @Test(arguments: [
    ("com.example.app.complications", "complication", "com.example.app.complication"),
    ("com.example.app.fileprovider", "fileprovider", "com.example.app.pushkit.fileprovider"),
    ("com.example.app.liveactivity", "liveactivity", "com.example.app.push-type.liveactivity"),
    ("com.example.app.push-type.widget", "widgets", "com.example.app.push-type.widgets"),
  ])
  func misspelledSuffixesAreReplacedByTheFixIt(topic: String, pushType: String, expected: String)
    throws
  {
    let run = checkAPNS(#"{"custom": 1}"#, pushType: pushType, topic: topic)
    let diagnostic = try run.diagnostic(.apnsTopicSuffixMismatch)
    #expect(diagnostic.fixIts.map(\.message) == ["use '\(expected)'"])
  }

  @Test func alertTopicWithAPushKitSuffixIsAWarning() throws {
    let run = checkAPNSRequest(
      Self.request(#""apns-push-type": "alert", "apns-topic": 1️⃣"com.example.app.voip""#))
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsTopicSuffixForOtherPushType, severity: .warning,
        message:
          "'apns-topic' 'com.example.app.voip' ends in '.voip', the suffix of 'voip' pushes; 'alert' pushes use the bare bundle ID"
      )
    ])
    let edit = try #require(
      try run.diagnostic(.apnsTopicSuffixForOtherPushType).fixIts.first?.edits.first)
    #expect(edit.replacement == "com.example.app")
  }

  @Test(arguments: ["", "com.example app", "com..example", "com.example/app", "com.예제"])
  func invalidTopic(topic: String) throws {
    let run = checkAPNSRequest(
      Self.request(#""apns-push-type": "alert", "apns-topic": 1️⃣""# + topic + "\""))
    run.expect([DiagnosticSpec("1️⃣", id: .apnsInvalidTopic, severity: .error)])
    #expect(try run.diagnostic(.apnsInvalidTopic).properties["apns_reason"] == "BadTopic")
  }

  /// Topics that fail the byte test are described character by character: each problem's text.
  @Test(arguments: [
    (#""#, "it is empty"),
    (#" com.example.app"#, "it has whitespace before or after it, which APNs does not remove"),
    (#"com.example.app\t"#, "it has whitespace before or after it, which APNs does not remove"),
    (#" "#, "it has whitespace before or after it, which APNs does not remove"),
    (#"com.example app"#, "it contains a space, which no bundle ID has"),
    (#"com.example/app"#, "it contains '/', which no bundle ID has"),
    (#"com.예제"#, "it contains '예', which no bundle ID has"),
    (#"com.e\u0301xample"#, "it contains '\u{0301}', which no bundle ID has"),
    (#".com.example"#, "it has an empty component"),
    (#"com.example."#, "it has an empty component"),
    (#"com..example"#, "it has an empty component"),
    (#"."#, "it has an empty component"),
  ])
  func invalidTopicSaysWhy(topic: String, problem: String) throws {
    let run = checkAPNSRequest(
      Self.request(#""apns-push-type": "alert", "apns-topic": 1️⃣""# + topic + "\""))
    let value = try #require(run.requests.first?.header(.topic)?.value)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsInvalidTopic, severity: .error,
        message: "'apns-topic' '\(value)' is not a bundle ID: \(problem)")
    ])
  }

  @Test func topicWithSurroundingSpacesIsFixedByRemovingThem() throws {
    let run = checkAPNSRequest(
      Self.request(#""apns-push-type": "alert", "apns-topic": 1️⃣"  com.example.app ""#))
    let fixIts = try run.diagnostic(.apnsInvalidTopic).fixIts
    #expect(fixIts.map(\.message) == ["remove the whitespace"])
    #expect(fixIts.first?.edits.first?.replacement == "com.example.app")
    // Only spaces: nothing is left to keep.
    let blank = checkAPNSRequest(
      Self.request(#""apns-push-type": "alert", "apns-topic": "  ""#))
    #expect(try blank.diagnostic(.apnsInvalidTopic).fixIts.isEmpty)
  }

  @Test(arguments: ["a", "A-b_c.9", "Com.Example_2.app-x", "com.example.app.voip-ptt"])
  func topicsOfLettersDigitsDotsDashesAndUnderscoresAreValid(topic: String) {
    let run = checkAPNSRequest(
      Self.request(#""apns-push-type": "alert", "apns-topic": ""# + topic + "\""))
    #expect(!run.diagnostics.contains { $0.id == .apnsInvalidTopic })
  }

  @Test func topicMatchingACanonicallyEquivalentBundleIDIsNotAMismatch() {
    // U+212A KELVIN SIGN is canonically equivalent to `K`: the bytes differ, the strings do not.
    let text = Self.request(#""apns-push-type": "alert", "apns-topic": "com.example.K""#)
    checkAPNSRequest(text) { $0.bundleID = "com.example.\u{212A}" }.expect([])
    checkAPNSRequest(text) { $0.bundleID = "com.example.k" }
      .expect([DiagnosticSpec(id: .apnsTopicBundleMismatch)])
  }

  @Test func topicOfAnotherAppIsAnErrorWhenTheBundleIDIsKnown() {
    let payload = #"{"aps": {"alert": "Hi"}}"#
    let text = Self.request(
      #""apns-push-type": "alert", "apns-topic": 1️⃣"com.other.app""#, payload: payload)
    checkAPNSRequest(text).expect([])
    checkAPNSRequest(text) { $0.bundleID = "com.example.app" }
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsTopicBundleMismatch,
          message:
            "'apns-topic' is 'com.other.app', but pushes to 'com.example.app' of this type use 'com.example.app'"
        )
      ])
  }
}
