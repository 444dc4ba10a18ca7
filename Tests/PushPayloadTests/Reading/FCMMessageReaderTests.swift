import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct FCMMessageReaderTests {
  static func read(_ text: String, multiple: Bool = false) -> FCMReadResult {
    let file = SourceFile(name: "m.json", text: text)
    let parsed = JSONReader.read(file, options: .init(allowsMultipleDocuments: multiple))
    return FCMMessageReader().read(parsed)
  }

  @Test func readsABareMessage() throws {
    let result = Self.read(#"{"topic": "news", "notification": {"title": "Hi", "body": "B"}}"#)
    #expect(result.diagnostics.isEmpty)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.isEmpty)
    let message = try #require(definition.request?.message.value)
    #expect(message.topic?.value == "news")
    #expect(message.notification?.value.title?.value == "Hi")
    #expect(message.notification?.value.body?.value == "B")
    #expect(message.topic?.source?.pointer == JSONPointer("/topic"))
    #expect(definition.request?.validateOnly == nil)
  }

  @Test func readsTheSendRequestEnvelope() throws {
    let result = Self.read(#"{"message": {"token": "abc"}, "validate_only": true}"#)
    let request = try #require(result.definitions.first?.request)
    #expect(request.message.value.token?.value == "abc")
    #expect(request.validateOnly?.value == true)
    #expect(request.message.value.token?.source?.pointer == JSONPointer("/message/token"))
    #expect(request.message.source?.pointer == JSONPointer("/message"))
  }

  /// One reader reads every definition of an input: each keeps its own diagnostics, and none
  /// is carried over to the next.
  @Test func eachDefinitionKeepsOnlyItsOwnDiagnostics() {
    let arrays = Self.read(#"[{"topic": 5}, {"topic": "news"}, {"topic": "a", "zzz": 1}]"#)
    let documents = Self.read(
      "{\"topic\": 5}\n{\"topic\": \"news\"}\n{\"topic\": \"a\", \"zzz\": 1}",
      multiple: true)
    for result in [arrays, documents] {
      #expect(
        result.definitions.map { $0.diagnostics.map(\.id) } == [
          [.fcmTypeMismatch], [], [.fcmUnknownField],
        ])
    }
  }

  @Test func readsArraysAndPointsIntoThem() throws {
    let result = Self.read(#"[{"topic": "a"}, {"message": {"topic": "b"}}]"#)
    #expect(result.definitions.count == 2)
    #expect(result.definitions.map(\.pointer) == [JSONPointer("/0"), JSONPointer("/1")])
    let second = try #require(result.definitions.last?.request?.message.value.topic)
    #expect(second.value == "b")
    #expect(second.source?.pointer == JSONPointer("/1/message/topic"))
  }

  @Test func readsNDJSONDocuments() {
    let result = Self.read("{\"topic\": \"a\"}\n{\"topic\": \"b\"}\n", multiple: true)
    #expect(result.definitions.map(\.documentIndex) == [0, 1])
    #expect(result.definitions.compactMap { $0.request?.message.value.topic?.value } == ["a", "b"])
  }

  @Test func reportsAnInputWithoutMessages() {
    let result = Self.read("[]")
    #expect(result.definitions.isEmpty)
    #expect(result.diagnostics.map(\.id) == [.fcmNoMessages])
  }

  @Test func acceptsLowerCamelCase() throws {
    let result = Self.read(
      #"{"topic": "a", "fcmOptions": {"analyticsLabel": "x"}, "apns": {"liveActivityToken": "t"}}"#)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.isEmpty)
    let message = try #require(definition.request?.message.value)
    #expect(message.fcmOptions?.value.analyticsLabel?.value == "x")
    #expect(message.apns?.value.liveActivityToken?.value == "t")
    #expect(message.fcmOptions?.source?.pointer == JSONPointer("/fcmOptions"))
  }

  @Test func notesLowerCamelCaseUnderTheStrictOption() {
    FCMTest.expect(
      #"{"topic": "a", 1️⃣"fcmOptions": {"analytics_label": "x"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmCamelCaseField, severity: .note,
          message: "'fcmOptions' is the lowerCamelCase spelling of 'fcm_options'")
      ],
      strict: true)
  }

  @Test func rejectsBothSpellingsOfOneField() {
    FCMTest.expect(
      #"{"topic": "a", "fcm_options": {}, 1️⃣"fcmOptions": {}}"#,
      [DiagnosticSpec("1️⃣", id: .fcmConflictingFieldSpellings, severity: .error)])
  }

  @Test func nullMeansUnset() throws {
    let result = Self.read(#"{"topic": "a", "notification": null, "android": {"ttl": null}}"#)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.isEmpty)
    #expect(definition.request?.message.value.notification == nil)
    #expect(definition.request?.message.value.android?.value.ttl == nil)
  }

  @Test func rejectsNonObjectDefinitions() {
    FCMTest.expect(
      #"[{"topic": "a"}, 1️⃣"hello"]"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch, message: "'message' must be an object, not a string ('hello')")
      ])
  }

  @Test func requiresTheMessageInAnEnvelope() {
    FCMTest.expect(
      #"1️⃣{"validate_only": true}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmMissingField, message: "'request' is missing the required field 'message'")
      ])
  }

  @Test func androidConfigurationsWithoutANotificationShareNothingChangeable() throws {
    // Configurations read without a notification start from one shared unset notification:
    // setting one's notification leaves the others, and the one read with a notification, alone.
    let result = Self.read(
      #"""
      [{"token": "a", "android": {"priority": "HIGH"}},
       {"token": "b", "android": {"notification": {"title": "read"}}},
       {"token": "c", "android": {"ttl": "1s"}}]
      """#)
    #expect(result.definitions.count == 3)
    var first = try #require(result.definitions[0].request?.message.value.android?.value)
    let second = try #require(result.definitions[1].request?.message.value.android?.value)
    let third = try #require(result.definitions[2].request?.message.value.android?.value)
    #expect(first.notification == nil)
    #expect(third.notification == nil)
    #expect(second.notification?.value.title?.value == "read")
    #expect(second.notification?.source?.pointer == JSONPointer("/1/android/notification"))
    var notification = FCM.AndroidNotification()
    notification.title = Located("set")
    first.notification = Located(notification)
    #expect(first.notification?.value.title?.value == "set")
    #expect(third.notification == nil)
    #expect(result.definitions[2].request?.message.value.android?.value.notification == nil)
    #expect(second.notification?.value.title?.value == "read")
  }

  @Test func readsEveryAndroidField() throws {
    let text = #"""
      {"token": "t", "android": {
        "collapse_key": "c", "priority": "HIGH", "ttl": "3.5s", "restricted_package_name": "p",
        "data": {"k": "v"}, "fcm_options": {"analytics_label": "l"}, "direct_boot_ok": true,
        "bandwidth_constrained_ok": false, "restricted_satellite_ok": true,
        "notification": {
          "title": "t", "body": "b", "icon": "i", "color": "#ff0000", "sound": "s", "tag": "g",
          "click_action": "a", "body_loc_key": "bk", "body_loc_args": ["1"],
          "title_loc_key": "tk", "title_loc_args": ["2"], "channel_id": "ch", "ticker": "tt",
          "sticky": true, "event_time": "2024-02-21T18:00:00+09:00", "local_only": false,
          "notification_priority": "PRIORITY_HIGH", "default_sound": true,
          "default_vibrate_timings": false, "default_light_settings": true,
          "vibrate_timings": ["0.5s", "1s"], "visibility": "PUBLIC", "notification_count": 3,
          "light_settings": {"color": "#00ff0080", "light_on_duration": "1s",
                             "light_off_duration": "2s"},
          "image": "https://e.com/i.png", "bypass_proxy_notification": true, "proxy": "DENY"
        }
      }}
      """#
    let result = Self.read(text)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.isEmpty, "\(definition.diagnostics.map(\.message))")
    let android = try #require(definition.request?.message.value.android?.value)
    #expect(android.priority?.value == .high)
    #expect(android.ttl?.value == FCM.Duration(seconds: 3, nanos: 500_000_000))
    #expect(android.directBootOK?.value == true)
    #expect(android.data?.value["k"] == "v")
    let notification = try #require(android.notification?.value)
    #expect(notification.eventTime?.value.protoJSON == "2024-02-21T09:00:00.000000Z")
    #expect(notification.notificationPriority?.value == .high)
    #expect(notification.visibility?.value == .public)
    #expect(notification.proxy?.value == .deny)
    #expect(notification.notificationCount?.value == 3)
    #expect(notification.vibrateTimings?.value.map(\.value.protoJSON) == ["0.500000000s", "1s"])
    #expect(notification.bodyLocArgs?.value.map(\.value) == ["1"])
    let light = try #require(notification.lightSettings?.value)
    #expect(light.color?.value.green?.lexeme == "1.0")
    #expect(light.color?.value.alpha?.lexeme == "0.5019607843137255")
    #expect(notification.bypassProxyNotification?.value == true)
  }

  @Test func readsWebpushAndAPNS() throws {
    let text = #"""
      {"topic": "a",
       "webpush": {"headers": {"TTL": "60"}, "data": {"a": "b"},
                   "notification": {"title": "t", "requireInteraction": true},
                   "fcm_options": {"link": "https://e.com", "analytics_label": "w"}},
       "apns": {"headers": {"apns-priority": "10"},
                "payload": {"aps": {"alert": "hi"}, "zz": 1, "aa": 2},
                "fcm_options": {"analytics_label": "i", "image": "https://e.com/a.png"},
                "live_activity_token": "la"}}
      """#
    let definition = try #require(Self.read(text).definitions.first)
    #expect(definition.diagnostics.isEmpty, "\(definition.diagnostics.map(\.message))")
    let message = try #require(definition.request?.message.value)
    #expect(message.webpush?.value.headers?.value["TTL"] == "60")
    #expect(
      message.webpush?.value.notification?.value.objectValue?.keys == [
        "title", "requireInteraction",
      ])
    #expect(message.webpush?.value.fcmOptions?.value.analyticsLabel?.value == "w")
    #expect(message.apns?.value.payload?.value.objectValue?.keys == ["aps", "zz", "aa"])
    #expect(message.apns?.value.fcmOptions?.value.image?.value == "https://e.com/a.png")
    #expect(message.apns?.value.liveActivityToken?.value == "la")
  }
}
