import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Reads one FCM message from JSON text and lowers it.
func lowerFCM(
  _ text: String,
  options: APNSLowering.Options = .init(now: 1_700_000_000),
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> (request: APNS.Request, diagnostics: [Diagnostic]) {
  let file = SourceFile(name: "message.json", text: text)
  let parsed = JSONReader.read(file)
  let read = FCMMessageReader().read(parsed)
  let definition = try #require(read.definitions.first, sourceLocation: sourceLocation)
  let request = try #require(definition.request, sourceLocation: sourceLocation)
  var collector = DiagnosticCollector(file: file)
  let lowered = APNSLowering(options: options).lower(request.message.value, collector: &collector)
  return (lowered, collector.diagnostics)
}

extension APNS.Request {
  /// The compact payload text.
  var payloadText: String { String(decoding: payloadBytes, as: UTF8.self) }

  /// The headers as `name: value` lines.
  var headerLines: [String] { headers.map { "\($0.name): \($0.value)" } }
}

@Suite struct APNSLoweringTests {
  @Test func notificationBecomesAnAlertDictionaryAndDataGoesToTheTopLevel() throws {
    let (request, diagnostics) = try lowerFCM(
      #"""
      {"message": {"topic": "news", "notification": {"title": "공지", "body": "본문"},
       "data": {"type": "notice", "id": "12"}}}
      """#
    )
    #expect(diagnostics.isEmpty)
    #expect(
      request.payloadText
        == #"{"aps":{"alert":{"title":"공지","body":"본문"}},"type":"notice","id":"12"}"#)
    #expect(
      request.headerLines == [
        "apns-push-type: alert", "apns-priority: 10", "apns-expiration: 1702592000",
      ])
    #expect(request.isRawInput == false)
  }

  @Test func alertIsADictionaryEvenWithOnlyATitle() throws {
    let (request, _) = try lowerFCM(#"{"token": "t", "notification": {"title": "foobar"}}"#)
    #expect(request.payloadText == #"{"aps":{"alert":{"title":"foobar"}}}"#)
  }

  @Test func explicitAPSIsMergedAndWins() throws {
    let (request, diagnostics) = try lowerFCM(
      #"""
      {"topic": "t", "notification": {"title": "a", "body": "b"},
       "apns": {"payload": {"aps": {"alert": {"body": "B", "subtitle": "s"}, "mutable-content": 1, "badge": 3},
                            "custom": {"k": [1]}}}}
      """#
    )
    #expect(diagnostics.isEmpty)
    #expect(
      request.payloadText
        == #"{"aps":{"alert":{"title":"a","body":"B","subtitle":"s"},"mutable-content":1,"badge":3},"custom":{"k":[1]}}"#
    )
    // Each merged key points back at the explicit alert, the title at the notification.
    for (key, input) in [
      ("body", "/apns/payload/aps/alert/body"), ("subtitle", "/apns/payload/aps/alert/subtitle"),
      ("title", "/notification/title"),
    ] {
      #expect(
        request.inputPointer(ofPayloadValueAt: JSONPointer(tokens: ["aps", "alert", key]))?
          .description == input, "\(key)")
    }
  }

  /// A large explicit alert is merged in linear time (each key used to be searched for among
  /// all the keys merged before it).
  @Test(.timeLimit(.minutes(1))) func aLargeExplicitAlertIsMergedInLinearTime() throws {
    let count = 40_000
    let members = (0..<count).map { #""k\#($0)": "v""# }.joined(separator: ",")
    let (request, _) = try lowerFCM(
      #"{"token": "t", "notification": {"title": "a", "body": "b"}, "apns": {"payload": {"aps": {"alert": {"body": "B", "#
        + members + "}}}}}")
    let alert = try #require(request.payload[JSONPointer(tokens: ["aps", "alert"])]?.objectValue)
    #expect(alert.count == count + 2)
    #expect(alert.keys.prefix(3) == ["title", "body", "k0"])
    #expect(alert["body"]?.stringValue == "B")
  }

  @Test func aStringAlertReplacesTheNotificationWithAWarning() throws {
    let (request, diagnostics) = try lowerFCM(
      #"{"topic": "t", "notification": {"title": "a"}, "apns": {"payload": {"aps": {"alert": "hi"}}}}"#
    )
    #expect(request.payloadText == #"{"aps":{"alert":"hi"}}"#)
    #expect(diagnostics.map(\.id) == [.apnsNotificationOverriddenByAlert])
    #expect(diagnostics.first?.pointer?.description == "/apns/payload/aps/alert")
  }

  @Test func imageBecomesFCMOptionsAndWarnsWithoutMutableContent() throws {
    let (request, diagnostics) = try lowerFCM(
      #"{"topic": "t", "notification": {"title": "a", "image": "https://example.com/a.png"}}"#
    )
    #expect(
      request.payloadText
        == #"{"aps":{"alert":{"title":"a"}},"fcm_options":{"image":"https://example.com/a.png"}}"#)
    #expect(diagnostics.map(\.id) == [.apnsImageWithoutMutableContent])
  }

  @Test func apnsImageOverridesTheNotificationImage() throws {
    let (request, diagnostics) = try lowerFCM(
      #"""
      {"topic": "t", "notification": {"title": "a", "image": "https://example.com/n.png"},
       "apns": {"payload": {"aps": {"mutable-content": 1}}, "fcm_options": {"image": "https://example.com/a.png"}}}
      """#
    )
    #expect(diagnostics.isEmpty)
    #expect(
      request.payload[JSONPointer("/fcm_options/image")!]?.stringValue
        == "https://example.com/a.png")
  }

  @Test func aKeyProducedTwiceIsAnErrorNamingBothSources() throws {
    let marked = MarkedSource(
      #"{"topic": "t", "data": {1️⃣"k": "from data"}, "apns": {"payload": {"aps": {}, 2️⃣"k": "custom"}}}"#
    )
    let (_, diagnostics) = try lowerFCM(marked.text)
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.id == .apnsPayloadKeyProducedTwice)
    #expect(diagnostic.range?.start.offset == marked["1️⃣"])
    #expect(diagnostic.notes.first?.range?.start.offset == marked["2️⃣"])
    #expect(
      diagnostic.message.contains("'/apns/payload/k'") && diagnostic.message.contains("'/data/k'"))
  }

  @Test func dataOnlyMessagesAreBackgroundPushesWithPriorityFive() throws {
    let (request, _) = try lowerFCM(#"{"token": "t", "data": {"a": "1"}}"#)
    #expect(request.headerLines.prefix(2) == ["apns-push-type: background", "apns-priority: 5"])
    #expect(request.payloadText == #"{"aps":{},"a":"1"}"#)
  }

  @Test func contentAvailableOnlyIsBackground() throws {
    let (request, _) = try lowerFCM(
      #"{"token": "t", "apns": {"payload": {"aps": {"content-available": 1}}}}"#)
    guard case .inferred(let rule, let reason) = request.headers[0].provenance else {
      Issue.record("push type not inferred")
      return
    }
    #expect(rule == "pushType")
    #expect(reason.contains("content-available"))
  }

  @Test func liveActivityTokenMakesALiveActivityWithTopicSuffix() throws {
    let (request, _) = try lowerFCM(
      #"{"token": "t", "apns": {"live_activity_token": "abc", "payload": {"aps": {"event": "update", "timestamp": 1, "content-state": {}}}}}"#,
      options: .init(now: 0, bundleID: "com.example.app")
    )
    #expect(request.header("apns-push-type")?.value == "liveactivity")
    #expect(request.header("apns-topic")?.value == "com.example.app.push-type.liveactivity")
    #expect(request.header("apns-priority")?.value == "10")
  }

  @Test func explicitHeadersAreKeptWithTheirSource() throws {
    let (request, _) = try lowerFCM(
      #"""
      {"topic": "t", "notification": {"title": "x"},
       "apns": {"headers": {"apns-collapse-id": "c1", "APNS-Priority": "5", "apns-expiration": "0"}}}
      """#,
      options: .init(now: 5, bundleID: "com.example")
    )
    #expect(
      request.headerLines == [
        "apns-push-type: alert", "apns-priority: 5", "apns-expiration: 0",
        "apns-topic: com.example",
        "apns-collapse-id: c1",
      ]
    )
    #expect(
      request.header("apns-priority")?.provenance.sourceReference?.pointer.description
        == "/apns/headers/APNS-Priority")
  }

  @Test func asReceivedAddsWhatFCMInjects() throws {
    let (request, _) = try lowerFCM(
      #"{"token": "t", "notification": {"title": "x"}, "fcm_options": {"analytics_label": "spring"}}"#,
      options: .init(now: 0, asReceived: true)
    )
    let keys = request.payload.objectValue?.keys ?? []
    #expect(
      keys == [
        "aps", "gcm.message_id", "google.c.a.e", "google.c.sender.id", "google.c.fid",
        "google.c.a.m_l",
      ])
    #expect(request.payload.objectValue?["google.c.a.m_l"]?.stringValue == "spring")
  }

  @Test func topicMessagesGetNoInstallationID() throws {
    let (request, _) = try lowerFCM(
      #"{"topic": "t", "notification": {"title": "x"}}"#,
      options: .init(now: 0, asReceived: true)
    )
    #expect(request.payload.objectValue?["google.c.fid"] == nil)
  }

  @Test func payloadValuesKeepTheirInputProvenanceAndSpans() throws {
    let marked = MarkedSource(
      #"{"topic": "t", "notification": {"title": 1️⃣"T"}, "apns": {"payload": {"aps": {"badge": 2️⃣7}}}}"#
    )
    let (request, _) = try lowerFCM(marked.text)
    #expect(request.payload[JSONPointer("/aps/alert/title")!]?.span.start == marked["1️⃣"])
    #expect(request.payload[JSONPointer("/aps/badge")!]?.span.start == marked["2️⃣"])
    let badge = request.provenance(ofPayloadValueAt: JSONPointer("/aps/badge")!)
    #expect(badge?.sourceReference?.pointer.description == "/apns/payload/aps/badge")
    guard
      case .derived(let rule, _) = request.provenance(
        ofPayloadValueAt: JSONPointer("/aps/alert/title")!)
    else {
      Issue.record("title not derived")
      return
    }
    #expect(rule == "notification.title")
  }

  @Test func payloadBytesAreTheCompactCanonicalJSON() throws {
    let (request, _) = try lowerFCM(#"{"topic": "t", "data": {"q": "a\"b/c\n"}}"#)
    #expect(request.payloadText == #"{"aps":{},"q":"a\"b/c\n"}"#)
    #expect(
      request.payloadBytes.count == CanonicalJSONWriter().encodedByteCount(of: request.payload))
  }
}

@Suite struct APNSLoweringLimitTests {
  /// Issue 12, finding 2: `now` near `Int.max` made the 30-day default expiration overflow and
  /// trap; it saturates instead.
  @Test(arguments: [Int.max, Int.max - 1, Int.min])
  func defaultExpirationNeverOverflows(now: Int) throws {
    let (request, _) = try lowerFCM(
      #"{"message": {"topic": "news", "notification": {"title": "t"}}}"#,
      options: .init(now: now)
    )
    let expiration = try #require(request.headers.first { $0.name == "apns-expiration" })
    let expected =
      now > Int.max - APNSLowering.Options.defaultTimeToLive
      ? Int.max : now + APNSLowering.Options.defaultTimeToLive
    #expect(expiration.value == String(expected))
  }

  /// The default expiration's reason names `now`, whatever its number of digits and sign.
  @Test(arguments: [0, 7, -42, 1_700_000_000, Int.max, Int.min])
  func defaultExpirationSaysWhenNowIs(now: Int) throws {
    let (request, _) = try lowerFCM(
      #"{"message": {"topic": "news", "notification": {"title": "t"}}}"#,
      options: .init(now: now)
    )
    let expiration = try #require(request.headers.first { $0.name == "apns-expiration" })
    #expect(
      expiration.provenance
        == .defaulted(
          rule: "fcmDefaultExpiration",
          reason:
            "FCM stores iOS messages for 30 days when 'apns-expiration' is not set (now = \(now))"
        ))
  }

  /// A payload whose `data` map the reader measured from its source (read as the CLI reads it,
  /// into the arena tree) is counted exactly too, from that size: with keys FCM adds after it,
  /// with a `data` key produced before it (`aps`, a key of `apns.payload`) or replaced after it
  /// (`fcm_options` by an image), and with an empty map.
  @Test(arguments: [
    #"{"topic": "n", "notification": {"title": "공지", "body": "본문"}, "data": {"type": "notice", "url": "https://e.com/a?b=c"}, "apns": {"payload": {"aps": {"badge": 3, "thread-id": "t"}, "x": [1]}}}"#,
    #"{"token": "t", "data": {"a": "1", "aps": "2", "b": "3"}}"#,
    #"{"token": "t", "notification": {"title": "T", "image": "https://e.com/i.png"}, "data": {"fcm_options": "f", "z": "1"}}"#,
    #"{"token": "t", "data": {"x": "1"}, "apns": {"payload": {"aps": {"content-available": 1}, "x": "2"}}}"#,
    #"{"token": "t", "data": {"only": "data"}}"#,
    #"{"token": "t", "data": {}}"#,
  ])
  func aPayloadWithMeasuredDataIsCountedExactly(_ text: String) throws {
    let file = SourceFile(name: "message.json", text: text)
    let read = FCMMessageReader().read(JSONReader.readTree(file))
    let message = try #require(read.definitions.first?.request?.message.value)
    #expect(message.data?.value.measuredEntriesByteCount != nil)
    for asReceived in [false, true] {
      var options = APNSLowering.Options(now: 1_700_000_000)
      options.asReceived = asReceived
      var collector = DiagnosticCollector(file: file)
      let written = APNSLowering(options: options).lower(message, collector: &collector)
      options.writesPayloadBytes = false
      let counted = APNSLowering(options: options).lower(message, collector: &collector)
      #expect(counted.countedPayloadByteCount == written.payloadBytes.count)
    }
  }

  @Test func aPayloadLoweredWithoutItsBytesIsCountedExactly() throws {
    let text = #"""
      {"message": {"token": "t", "notification": {"title": "공지 \"인용\"", "body": "줄\n바꿈\u0001"},
       "data": {"type": "notice", "url": "https://example.com/a/b?c=d"},
       "apns": {"payload": {"aps": {"badge": 3, "sound": {"critical": 1, "volume": 0.5}},
                            "custom": {"k": [1, null, true, "é"]}}}}}
      """#
    let (written, _) = try lowerFCM(text)
    var options = APNSLowering.Options(now: 1_700_000_000)
    options.writesPayloadBytes = false
    let (counted, _) = try lowerFCM(text, options: options)
    #expect(counted.payloadBytes.isEmpty)
    #expect(counted.countedPayloadByteCount == written.payloadBytes.count)
    #expect(counted.payloadByteCount == written.payloadByteCount)
    #expect(written.countedPayloadByteCount == nil)
    #expect(counted.payload == written.payload)
    // Bytes set later are the body, and the count measured in their place is dropped.
    var rewritten = counted
    rewritten.payloadBytes = Array(#"{"aps":{}}"#.utf8)
    #expect(rewritten.payloadByteCount == 10)
    #expect(rewritten.countedPayloadByteCount == nil)
  }
}
