import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSBackgroundRulesTests {
  static func background(_ text: String) -> APNSCheckRun {
    checkAPNS(text, pushType: "background", options: APNSInputOptions(priority: "5"))
  }

  @Test func backgroundPushWithOnlyContentAvailablePasses() {
    Self.background(#"{"aps": {"content-available": 1}, "sync": "inbox"}"#).expect([])
  }

  @Test func backgroundPushMustNotAlert() {
    Self.background(
      #"{"aps": {"content-available": 1, 1️⃣"alert": "Hi", 2️⃣"badge": 1, 3️⃣"thread-id": "t"}}"#
    )
    .expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsBackgroundWithUserInteraction, severity: .error,
        message:
          "background pushes must not have 'aps.alert'; use push type 'alert' to show or play something"
      ),
      DiagnosticSpec(
        "2️⃣", id: .apnsBackgroundWithUserInteraction,
        message:
          "background pushes must not have 'aps.badge'; use push type 'alert' to show or play something"
      ),
      DiagnosticSpec(
        "3️⃣", id: .apnsKeyNotForPushType, severity: .warning,
        message: "'aps.thread-id' has no effect in 'background' pushes; it is for 'alert' pushes"),
    ])
  }

  @Test func backgroundPushNeedsContentAvailable() {
    Self.background(#"{1️⃣"aps": {}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsBackgroundWithoutContentAvailable, severity: .error)])
    // Without `aps` at all, that is what is reported.
    Self.background(#"1️⃣{"sync": 1}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsMissingAPS)])
  }

  @Test func alertPushThatShowsNothing() {
    checkAPNS(#"{1️⃣"aps": {"content-available": 1}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsAlertPushShowsNothing, severity: .warning,
          message:
            "this 'alert' push shows nothing: 'aps' has no alert text, badge or sound; did you mean push type 'background'?"
        )
      ])
    checkAPNS(#"{1️⃣"aps": {"alert": {"launch-image": "x"}}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsAlertPushShowsNothing)])
    checkAPNS(#"1️⃣{"custom": 1}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsMissingAPS)])
  }

  @Test(arguments: [
    #"{"aps": {"alert": "Hi"}}"#, #"{"aps": {"badge": 0}}"#, #"{"aps": {"sound": "default"}}"#,
    #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#, #"{"aps": {"alert": {"subtitle": "s"}}}"#,
  ])
  func alertPushesThatShowSomething(text: String) {
    checkAPNS(text).expect([])
  }

  @Test(arguments: ["widgets", "controls"])
  func widgetPushesNeedContentChanged(pushType: String) {
    let topic = "com.example.app.push-type.\(pushType)"
    checkAPNS(#"{"aps": {"content-changed": true}}"#, pushType: pushType, topic: topic).expect([])
    checkAPNS(#"{1️⃣"aps": {}}"#, pushType: pushType, topic: topic)
      .expect([DiagnosticSpec("1️⃣", id: .apnsMissingContentChanged, severity: .warning)])
    checkAPNS(#"{"aps": {"content-changed": 1️⃣1}}"#, pushType: pushType, topic: topic)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsFlagValue,
          message: "'aps.content-changed' is 1; only true turns it on, so write true or remove it")
      ])
  }
}
