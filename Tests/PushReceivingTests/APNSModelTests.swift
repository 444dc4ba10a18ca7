import PushDiagnostics
import PushJSON
import PushPayload
import PushReceiving
import Testing
import _PushPayloadTestSupport

@Suite struct APNSModelTests {
  func read(_ text: String) -> (APNS.APS?, [Diagnostic]) {
    let file = SourceFile(name: "aps.json", text: text)
    let parsed = CaptureReader.read(file)
    var collector = DiagnosticCollector(file: parsed.file)
    guard let root = parsed.root else { return (nil, parsed.diagnostics) }
    let aps = APNS.APS.read(root, at: JSONPointer(tokens: ["aps"]), into: &collector)
    return (aps, parsed.diagnostics + collector.diagnostics)
  }

  static let everyKey = #"""
    {"alert": {"title": "t", "subtitle": "s", "body": "b", "launch-image": "L", "title-loc-key": "TK",
               "title-loc-args": ["a"], "subtitle-loc-key": "SK", "subtitle-loc-args": ["b"], "loc-key": "K",
               "loc-args": ["c", "d"], "action-loc-key": "AK", "action": "A", "summary-arg": "S",
               "summary-arg-count": 2, "sound": "la.caf"},
     "badge": 3, "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}, "thread-id": "th",
     "category": "CAT", "content-available": 1, "mutable-content": 1, "target-content-id": "w",
     "interruption-level": "time-sensitive", "relevance-score": 0.25, "filter-criteria": "work",
     "stale-date": 1740903600, "content-state": {"n": 1}, "timestamp": 1740900000, "event": "update",
     "dismissal-date": 1740910000, "attributes-type": "BusAttributes", "attributes": {"line": "301"},
     "input-push-token": 1, "input-push-channel": "Y2g=", "content-changed": true, "url-args": ["x"]}
    """#

  @Test func readsEveryKey() throws {
    let (model, diagnostics) = read(Self.everyKey)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    let aps = try #require(model)
    guard case .dictionary(let alert)? = aps.alert else {
      Issue.record("alert is not a dictionary")
      return
    }
    #expect(alert.title == .string("t"))
    #expect(alert.subtitle == "s")
    #expect(alert.body == .string("b"))
    #expect(alert.launchImage == "L")
    #expect(alert.titleLocKey == "TK" && alert.titleLocArgs == ["a"])
    #expect(alert.subtitleLocKey == "SK" && alert.subtitleLocArgs == ["b"])
    #expect(alert.locKey == "K" && alert.locArgs == ["c", "d"])
    #expect(alert.actionLocKey == "AK" && alert.action == "A")
    #expect(alert.summaryArg == "S" && alert.summaryArgCount == 2)
    #expect(alert.sound == .named("la.caf"))
    #expect(aps.badge == 3)
    #expect(aps.sound == .critical(APNS.CriticalSound(critical: 1, name: "alarm.caf", volume: 0.5)))
    #expect(aps.threadID == "th")
    #expect(aps.category == "CAT")
    #expect(aps.contentAvailable == 1)
    #expect(aps.mutableContent == 1)
    #expect(aps.targetContentID == "w")
    #expect(aps.interruptionLevel == .timeSensitive)
    #expect(aps.interruptionLevel?.isDefined == true)
    #expect(aps.relevanceScore == 0.25)
    #expect(aps.filterCriteria == "work")
    #expect(aps.staleDate == 1_740_903_600)
    #expect(aps.contentState?.keys == ["n"])
    #expect(aps.timestamp == 1_740_900_000)
    #expect(aps.event == .update)
    #expect(aps.dismissalDate == 1_740_910_000)
    #expect(aps.attributesType == "BusAttributes")
    #expect(aps.attributes?["line"]?.stringValue == "301")
    #expect(aps.inputPushToken == 1)
    #expect(aps.inputPushChannel == "Y2g=")
    #expect(aps.contentChanged == true)
    #expect(aps.urlArgs == ["x"])
    #expect(aps.otherKeys.isEmpty)
  }

  @Test func writesEveryKeyBackInAppleOrder() throws {
    let (model, _) = read(Self.everyKey)
    let aps = try #require(model)
    let written = aps.valueNode
    #expect(written.objectValue?.keys == APNS.APS.Key.allCases.map(\.rawValue))
    #expect(
      written[JSONPointer("/alert")!]?.objectValue?.keys
        == APNS.AlertDictionary.Key.allCases.map(\.rawValue))
    // Reading what was written gives the same model.
    var collector = DiagnosticCollector()
    #expect(APNS.APS.read(written, into: &collector) == aps)
    #expect(collector.diagnostics.isEmpty)
  }

  @Test func readsAStringAlertAndLiveActivityTexts() throws {
    let (plain, _) = read(#"{"alert": "hello"}"#)
    #expect(plain?.alert == .string("hello"))
    #expect(plain?.alert?.body == "hello")
    #expect(plain?.alert?.title == nil)
    let (live, diagnostics) = read(
      #"{"alert": {"title": {"loc-key": "T", "loc-args": ["1"]}, "body": {"loc-key": "B"}}}"#)
    #expect(diagnostics.isEmpty)
    guard case .dictionary(let alert)? = live?.alert else {
      Issue.record("alert is not a dictionary")
      return
    }
    #expect(alert.title == .localized(key: "T", arguments: ["1"]))
    #expect(alert.body == .localized(key: "B", arguments: []))
    #expect(alert.title?.string == nil)
  }

  @Test func reportsMistypedAndUnknownKeysAndKeepsTheRest() throws {
    let marked = MarkedSource(
      #"{"badge": 1️⃣"3", "sound": 2️⃣5, "alert": {"title": 3️⃣1, "loc-args": ["a", 4️⃣2], 5️⃣"custom": 1}, "relevance-score": 0.5, 6️⃣"my-key": true, "mutable-content": 7️⃣1.5}"#
    )
    let (model, diagnostics) = read(marked.text)
    expectDiagnostics(
      diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeAPSValueType, severity: .warning,
          message: "'badge' is the string '3'; APNs defines it as an integer, so iOS ignores it"),
        DiagnosticSpec(
          "2️⃣", id: .decodeAPSValueType,
          message:
            "'sound' is the number 5; APNs defines it as a string or a critical-sound dictionary, so iOS ignores it"
        ),
        DiagnosticSpec(
          "3️⃣", id: .decodeAPSValueType,
          message:
            "'alert.title' is the number 1; APNs defines it as a string or a dictionary of 'loc-key' and 'loc-args', so iOS ignores it"
        ),
        DiagnosticSpec(
          "4️⃣", id: .decodeAPSValueType,
          message:
            "'alert.loc-args[1]' is the number 2; APNs defines it as a string, so iOS ignores it"),
        DiagnosticSpec(
          "5️⃣", id: .decodeAPSUnknownKey,
          message: "unknown key 'custom' in 'aps.alert'; iOS ignores it"),
        DiagnosticSpec(
          "6️⃣", id: .decodeAPSUnknownKey,
          message:
            "unknown key 'my-key' in 'aps'; APNs ignores custom keys inside 'aps', put them next to it"
        ),
        DiagnosticSpec(
          "7️⃣", id: .decodeAPSValueType,
          message:
            "'mutable-content' is the number 1.5; APNs defines it as an integer, so iOS ignores it"),
      ],
      in: marked
    )
    let aps = try #require(model)
    #expect(aps.badge == nil && aps.sound == nil && aps.mutableContent == nil)
    #expect(aps.relevanceScore == 0.5)
    #expect(aps.otherKeys.keys == ["my-key"])
    guard case .dictionary(let alert)? = aps.alert else {
      Issue.record("alert is not a dictionary")
      return
    }
    #expect(alert.locArgs == ["a"])
    #expect(alert.otherKeys.keys == ["custom"])
    #expect(diagnostics.first?.pointer == JSONPointer("/aps/badge"))
  }

  @Test func convertsUntypedText() throws {
    let (model, diagnostics) = read(
      "{ badge = 3; \"content-available\" = 1; \"relevance-score\" = \"0.5\"; \"content-changed\" = 1; sound = { critical = 1; volume = 0.8; }; }"
    )
    let aps = try #require(model)
    #expect(aps.badge == 3)
    #expect(aps.contentAvailable == 1)
    #expect(aps.contentChanged == true)
    #expect(aps.sound == .critical(APNS.CriticalSound(critical: 1, volume: 0.8)))
    // Quoted text is a string, which 'relevance-score' is not.
    #expect(aps.relevanceScore == nil)
    #expect(diagnostics.map(\.id) == [.decodeAPSValueType])
  }

  @Test func reportsAnAPSThatIsNotADictionary() {
    var collector = DiagnosticCollector()
    #expect(APNS.APS.read(ValueNode(.string("x")), into: &collector) == nil)
    #expect(collector.diagnostics.map(\.id) == [.decodeAPSNotObject])
  }

  @Test func readsAWholePayload() throws {
    let parsed = JSONReader.read(
      SourceFile(name: "p.json", text: #"{"type": "a", "aps": {"badge": 1}, "x": 2}"#))
    var collector = DiagnosticCollector()
    let document = try #require(parsed.documents.first)
    let payload = try #require(APNS.Payload.read(document, into: &collector))
    #expect(payload.aps?.badge == 1)
    #expect(payload.customKeys.keys == ["type", "x"])
    #expect(payload.valueNode.objectValue?.keys == ["aps", "type", "x"])
    #expect(APNS.Payload.read(ValueNode(.array([])), into: &collector) == nil)
  }

  @Test func namesTheDefinedLevelsAndEvents() {
    #expect(
      APNS.InterruptionLevel.defined.map(\.rawValue) == [
        "passive", "active", "time-sensitive", "critical",
      ])
    #expect(!APNS.InterruptionLevel(rawValue: "urgent").isDefined)
    #expect(APNS.LiveActivityEvent.defined.map(\.rawValue) == ["start", "update", "end"])
    #expect(!APNS.LiveActivityEvent(rawValue: "stop").isDefined)
  }
}
