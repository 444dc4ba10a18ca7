import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@Suite struct FCMModelTests {
  @Test(arguments: [
    ("0s", 0, 0, "0s"), ("3s", 3, 0, "3s"), ("3.5s", 3, 500_000_000, "3.500000000s"),
    ("3.000000001s", 3, 1, "3.000000001s"), ("-1.5s", -1, -500_000_000, "-1.500000000s"),
    ("0.25s", 0, 250_000_000, "0.250000000s"), ("007s", 7, 0, "7s"),
    ("315576000000s", 315_576_000_000, 0, "315576000000s"),
  ])
  func durations(_ text: String, _ seconds: Int64, _ nanos: Int32, _ canonical: String) throws {
    let duration = try #require(FCM.Duration(protoJSON: text))
    #expect(duration.seconds == seconds && duration.nanos == nanos)
    #expect(duration.protoJSON == canonical)
    #expect(FCM.Duration(protoJSON: canonical) == duration)
  }

  /// Whole seconds are written digit by digit; the digits are those `String` writes, at every
  /// length and both signs.
  @Test func wholeSecondsAreWrittenAsStringWritesThem() {
    var values: [Int64] = [0, 1, 9, 10, 99, 100, 86_400, .max, .min, .min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1]
    }
    for value in values + values.map({ $0 == .min ? .max : -$0 }) {
      #expect(FCM.Duration(seconds: value).protoJSON == "\(value)s", "\(value)")
      // The FCM size counts the form without writing it.
      #expect(FCM.Duration(seconds: value).protoJSONByteCount == "\(value)s".utf8.count)
    }
    for nanos: Int32 in [1, 500_000_000, 999_999_999, -1, -500_000_000] {
      for seconds: Int64 in [0, 3, -3, 86_400] where (seconds < 0) == (nanos < 0) || seconds == 0 {
        let duration = FCM.Duration(seconds: seconds, nanos: nanos)
        #expect(duration.protoJSONByteCount == duration.protoJSON.utf8.count, "\(duration)")
      }
    }
  }

  /// `withNotificationAddress` reads the notification where its box holds it: the address
  /// is of the value the configuration reads, for a notification set in every field, in one
  /// set in none, and in a copy that shares the box; an unset one calls nothing.
  @Test func theAndroidNotificationIsReadInPlace() throws {
    var config = FCM.AndroidConfig()
    var calls = 0
    config.withNotificationAddress { _ in calls += 1 }
    #expect(calls == 0)
    var full = FCM.AndroidNotification()
    full.title = Located("title")
    full.body = Located(
      "body",
      source: SourceReference(
        pointer: JSONPointer(tokens: ["body"]), span: SourceSpan(start: 4, end: 10)))
    full.channelID = Located("notice")
    full.sticky = Located(true)
    full.notificationCount = Located(3)
    full.eventTime = Located(FCM.Timestamp(seconds: 1_700_000_000, nanos: 5))
    full.vibrateTimings = Located([Located(FCM.Duration(seconds: 1))])
    full.bypassProxyNotification = Located(false)
    for notification in [full, FCM.AndroidNotification()] {
      config.notification = Located(
        notification, source: SourceReference(pointer: .root, span: SourceSpan(start: 0, end: 2)))
      let copy = config
      for holder in [config, copy] {
        var read: FCM.AndroidNotification?
        holder.withNotificationAddress { read = $0.pointee }
        #expect(read == notification)
      }
    }
  }

  @Test(arguments: [
    "", "s", "3", "3.s", ".5s", "+3s", "3.1234567890s", "1e3s", "3 s", "315576000001s",
    "9999999999999s", "--1s", "3.5ss", "٣s",
  ])
  func invalidDurations(_ text: String) {
    #expect(FCM.Duration(protoJSON: text) == nil)
  }

  @Test func durationOrderAndMilliseconds() {
    #expect(FCM.Duration.milliseconds(1500) == FCM.Duration(seconds: 1, nanos: 500_000_000))
    #expect(FCM.Duration(seconds: 2_419_200) < FCM.Duration(seconds: 2_419_200, nanos: 1))
    #expect(FCM.Duration(seconds: 0, nanos: -1).isNegative)
  }

  @Test(arguments: [
    ("1970-01-01T00:00:00Z", 0, 0, "1970-01-01T00:00:00.000000Z"),
    ("2024-02-21T18:00:00+09:00", 1_708_506_000, 0, "2024-02-21T09:00:00.000000Z"),
    (
      "2024-02-29T23:59:59.123456789-01:30", 1_709_256_599, 123_456_789,
      "2024-03-01T01:29:59.123456789Z"
    ),
    ("0001-01-01T00:00:00Z", -62_135_596_800, 0, "0001-01-01T00:00:00.000000Z"),
    ("9999-12-31T23:59:59.5Z", 253_402_300_799, 500_000_000, "9999-12-31T23:59:59.500000Z"),
    ("1969-12-31T23:59:59Z", -1, 0, "1969-12-31T23:59:59.000000Z"),
  ])
  func timestamps(_ text: String, _ seconds: Int64, _ nanos: Int32, _ canonical: String) throws {
    let timestamp = try #require(FCM.Timestamp(rfc3339: text))
    #expect(timestamp.seconds == seconds && timestamp.nanos == nanos)
    #expect(timestamp.protoJSON == canonical)
    #expect(FCM.Timestamp(rfc3339: canonical) == timestamp)
  }

  @Test(arguments: [
    "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T00:00:60Z", "0000-01-01T00:00:00Z",
    "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00Zjunk",
  ])
  func invalidTimestamps(_ text: String) {
    #expect(FCM.Timestamp(rfc3339: text) == nil)
  }

  @Test func timestampsAtTheExtremesDoNotTrap() {
    // Far outside RFC 3339's years, but the conversion must not overflow.
    #expect(!FCM.Timestamp(seconds: .min).protoJSON.isEmpty)
    #expect(!FCM.Timestamp(seconds: .max).protoJSON.isEmpty)
    #expect(FCM.Timestamp(seconds: -1).protoJSON.hasPrefix("1969-12-31T23:59:59"))
  }

  @Test func colorsFromHex() throws {
    let color = try #require(FCM.Color(hex: "#80ff00"))
    #expect(color.red?.lexeme == "0.5019607843137255")
    #expect(color.green?.lexeme == "1.0")
    #expect(color.blue?.lexeme == "0.0")
    #expect(color.alpha?.lexeme == "1.0")
    #expect(FCM.Color(hex: "#00000080")?.alpha?.lexeme == "0.5019607843137255")
    for bad in ["80ff00", "#80ff0", "#80ff00f", "#gg0000", "", "#"] {
      #expect(FCM.Color(hex: bad) == nil)
    }
  }

  @Test func enumSpellings() {
    #expect(FCM.NotificationPriority.high.sdkName == "high")
    #expect(FCM.NotificationPriority.unspecified.sdkName == nil)
    #expect(FCM.Visibility.private.sdkName == "private")
    #expect(FCM.Proxy.ifPriorityLowered.sdkName == "if_priority_lowered")
  }

  @Test func locatedLiteralsAndMaps() {
    let topic: Located<String> = "news"
    #expect(topic.value == "news" && topic.source == nil)
    let flag: Located<Bool> = true
    #expect(flag.map { !$0 }.value == false)
    let map: FCM.StringMap = ["b": "1", "a": "2"]
    #expect(map.keys == ["b", "a"] && map["a"] == "2" && map["c"] == nil)
    var duplicated = map
    duplicated.entries.append(.init(key: "b", value: "3"))
    #expect(duplicated["b"] == "3")
  }

  @Test func targetsInOrder() {
    let message = FCM.Message(token: "t", topic: "a", condition: "c")
    #expect(message.targets.map(\.field) == ["token", "topic", "condition"])
  }
}
