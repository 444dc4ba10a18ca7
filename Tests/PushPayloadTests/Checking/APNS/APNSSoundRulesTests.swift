import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSSoundRulesTests {
  @Test func soundNamesAndCriticalSoundsPass() {
    checkAPNS(#"{"aps": {"sound": "default"}}"#).expect([])
    checkAPNS(#"{"aps": {"sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}}}"#).expect([]
    )
    checkAPNS(#"{"aps": {"sound": {"critical": 1, "name": "default", "volume": 0}}}"#).expect([])
  }

  @Test func emptySoundNameIsAWarning() {
    checkAPNS(#"{"aps": {"sound": 1️⃣""}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsEmptySoundName, severity: .warning)])
    checkAPNS(#"{"aps": {"sound": {"critical": 1, "name": 1️⃣""}}}"#)
      .expect([DiagnosticSpec("1️⃣", id: .apnsEmptySoundName)])
  }

  @Test func soundMustBeAStringOrADictionary() {
    checkAPNS(#"{"aps": {"sound": 1️⃣true}}"#)
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType,
          message: "'aps.sound' must be a string or a dictionary, not a boolean (true)")
      ])
  }

  @Test(arguments: ["1.5", "-0.1", "1e3"])
  func volumeOutsideZeroToOne(volume: String) {
    checkAPNS(#"{"aps": {"sound": {"critical": 1, "name": "a", "volume": 1️⃣"# + volume + "}}}")
      .expect([
        DiagnosticSpec(
          "1️⃣", id: .apnsValueOutOfRange, severity: .error,
          message: "'aps.sound.volume' must be between 0 and 1, not \(volume)")
      ])
  }

  @Test func criticalSoundNeedsAName() throws {
    let run = checkAPNS(#"{"aps": {"sound": 1️⃣{"critical": 1, "volume": 1}}}"#)
    run.expect([DiagnosticSpec("1️⃣", id: .apnsCriticalSoundWithoutName, severity: .error)])
  }

  @Test func criticalOtherThanOneAndUnknownKeys() throws {
    let run = checkAPNS(
      #"{"aps": {"sound": {"critical": 1️⃣0, "name": "a", 2️⃣"volumn": 1, "volume": 3️⃣"1"}}}"#)
    run.expect([
      DiagnosticSpec(
        "1️⃣", id: .apnsFlagValue,
        message: "'aps.sound.critical' is 0; only 1 turns it on, so write 1 or remove it"),
      DiagnosticSpec(
        "2️⃣", id: .apnsUnknownSoundKey,
        message:
          "unknown sound key 'aps.sound.volumn'; the keys are 'critical', 'name' and 'volume'; did you mean 'volume'?"
      ),
      DiagnosticSpec(
        "3️⃣", id: .apnsValueType, message: "'aps.sound.volume' must be a number, not a string ('1')"),
    ])
  }
}
