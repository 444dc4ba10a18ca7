import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The FCM profile of ``APNSRequestChecker`` leaves out what FCM takes care of, so a lowered
/// request reports only what applies to FCM users.
@Suite struct APNSProfileTests {
  /// The diagnostics of checking the raw payload `text` with `profile`.
  static func diagnostics(_ text: String, pushType: String, profile: APNSRequestChecker.Profile)
    -> [Diagnostic]
  {
    let file = SourceFile(name: "p.json", text: text)
    var input = APNSInputOptions()
    input.pushType = pushType
    input.priority = "5"
    let read = APNSInputReader(options: input).read(JSONReader.read(file))
    guard let definition = read.definitions.first else { return [] }
    var options = definition.checkerOptions
    options.profile = profile
    return APNSRequestChecker(options: options).diagnostics(for: definition.request, in: file)
  }

  @Test func fcmSetsTheTopic() {
    let raw = Self.diagnostics(#"{"aps": {"alert": "a"}}"#, pushType: "alert", profile: .rawAPNs)
    #expect(raw.map(\.id) == [.apnsMissingTopic])
    let lowered = Self.diagnostics(
      #"{"aps": {"alert": "a"}}"#, pushType: "alert",
      profile: .fcmLowered(hasContentForApple: true))
    #expect(lowered.isEmpty)
  }

  @Test func fcmDeliversDataOnlyMessagesInTheForeground() throws {
    let text = #"{"aps": {}, "k": "v"}"#
    let raw = Self.diagnostics(text, pushType: "background", profile: .rawAPNs)
      .filter { $0.id == .apnsBackgroundWithoutContentAvailable }
    #expect(raw.map(\.severity) == [.error])
    let lowered = Self.diagnostics(
      text, pushType: "background", profile: .fcmLowered(hasContentForApple: true))
    let diagnostic = try #require(lowered.first)
    #expect(lowered.map(\.id) == [.apnsBackgroundWithoutContentAvailable])
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.notes.last?.message.hasPrefix("FCM delivers such data-only") == true)
    let nothingForApple = Self.diagnostics(
      text, pushType: "background", profile: .fcmLowered(hasContentForApple: false))
    #expect(nothingForApple.isEmpty)
  }

  @Test func fcmRulesReportANonDictionaryAPS() {
    let raw = Self.diagnostics(#"{"aps": 1}"#, pushType: "alert", profile: .rawAPNs)
    #expect(raw.map(\.id).contains(.apnsAPSNotObject))
    let lowered = Self.diagnostics(
      #"{"aps": 1}"#, pushType: "alert", profile: .fcmLowered(hasContentForApple: true))
    #expect(!lowered.map(\.id).contains(.apnsAPSNotObject))
  }

  @Test func theProfileOfAMessage() {
    let android = FCM.Message(token: Located("t"))
    #expect(
      APNSRequestChecker.Profile.fcmLowered(from: android)
        == .fcmLowered(hasContentForApple: false))
    #expect(APNSRequestChecker.Profile.fcmLowered(from: android).isFCMLowered)
    #expect(!APNSRequestChecker.Profile.rawAPNs.isFCMLowered)
  }
}
