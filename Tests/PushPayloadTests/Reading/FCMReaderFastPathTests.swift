import PushDiagnostics
@_spi(PushInternals) import PushJSON
import Testing

@testable import PushPayload

/// The reader's fast paths against the plain readings they replace: the spelling table and the
/// per-kind field masks against per-kind dictionaries, the inline field index against "last
/// member wins", and strings and Booleans read without a `Field` against the general path's
/// values, sources and diagnostics.
@Suite struct FCMReaderFastPathTests {
  static func read(_ text: String, options: FCMMessageReader.Options = .init()) -> FCMReadResult {
    let file = SourceFile(name: "m.json", text: text)
    let parsed = JSONReader.read(file, options: .init(allowsMultipleDocuments: true))
    return FCMMessageReader(options: options).read(parsed)
  }

  /// The bytes of the first occurrence of `needle` in `text`.
  static func span(of needle: String, in text: String) -> SourceSpan? {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
      return SourceSpan(start: start, end: start + pattern.count)
    }
    return nil
  }

  // MARK: - Tables

  @Test func spellingTableAgreesWithPerKindDictionaries() {
    var probes: Set<String> = [
      "", "_", "Title", "TTL", "topic ", " topic", "données", "🙂", "collapse-key",
      "collapse__key", "android.ttl", String(repeating: "a", count: 100),
    ]
    for field in FCMField.allCases {
      probes.insert(field.rawValue)
      probes.insert(field.lowerCamelCase)
      probes.insert(field.rawValue.uppercased())
      probes.insert(field.rawValue + "x")
      probes.insert(String(field.rawValue.dropLast()))
    }
    for kind in FCMObjectKind.allCases {
      var expected: [String: FCMField] = [:]
      for field in kind.fields {
        expected[field.rawValue] = field
        if field.rawValue.contains("_") { expected[field.lowerCamelCase] = field }
      }
      for probe in probes {
        #expect(kind.canonicalField(for: probe) == expected[probe], "\(kind) '\(probe)'")
      }
    }
  }

  @Test func eachSpellingNamesOneField() {
    var owners: [String: FCMField] = [:]
    for field in FCMField.allCases {
      for spelling in [field.rawValue, field.lowerCamelCase] {
        #expect(owners[spelling, default: field] == field, "'\(spelling)'")
        owners[spelling] = field
        #expect(FCMFieldSpellingTable.shared.field(for: spelling) == field)
      }
    }
  }

  /// Keys that are small ASCII strings are matched on their words; the same keys stored out of
  /// line, and keys that are not ASCII, take the byte hash, and both find the same fields.
  @Test func spellingTableMatchesKeysHoweverTheyAreStored() {
    let table = FCMFieldSpellingTable.shared
    for field in FCMField.allCases {
      for spelling in [field.rawValue, field.lowerCamelCase, field.rawValue + "x", "x"] {
        var outOfLine = ""
        outOfLine.reserveCapacity(64)
        outOfLine.append(spelling)
        #expect(table.field(for: outOfLine) == table.field(for: spelling), "'\(spelling)'")
        #expect(SmallASCIIString.words(of: outOfLine) == nil)
      }
    }
    #expect(SmallASCIIString.words(of: "topic") != nil)
    #expect(SmallASCIIString.words(of: "données") == nil)
    #expect(table.field(for: "données") == nil)
    #expect(table.field(for: "tópic") == nil)
    #expect(table.field(for: "") == nil)
  }

  @Test func ordinalsAreAllCasesPositions() {
    for (index, field) in FCMField.allCases.enumerated() { #expect(field.ordinal == index) }
    for (index, kind) in FCMObjectKind.allCases.enumerated() { #expect(kind.ordinal == index) }
    // The masks are `UInt64` and the inline index holds one slot per field.
    #expect(FCMField.allCases.count <= 64)
    #expect(FCMField.allCases.count <= FCMDefinitionReader.FieldSet.capacity)
  }

  @Test func kindMasksMatchFieldLists() {
    for kind in FCMObjectKind.allCases {
      for field in FCMField.allCases {
        #expect(kind.contains(field) == kind.fields.contains(field), "\(kind) \(field)")
      }
    }
  }

  // MARK: - Reading

  @Test func theLastMemberOfAFieldWins() throws {
    let text =
      #"{"topic": "a", "topic": "b", "android": {"ttl": "1s", "ttl": "2s", "direct_boot_ok": true, "direct_boot_ok": false}}"#
    let result = Self.read(text)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.isEmpty)
    let message = try #require(definition.request?.message.value)
    #expect(message.topic?.value == "b")
    #expect(message.topic?.source?.span == Self.span(of: #""b""#, in: text))
    #expect(message.android?.value.ttl?.value == FCM.Duration(seconds: 2))
    #expect(message.android?.value.directBootOK?.value == false)
  }

  /// An object with more members than the inline index holds (unknown keys make them) reads
  /// its fields as a small one does: the last member of a field wins, wherever it is.
  @Test func anObjectWithManyMembersKeepsItsFields() throws {
    let count = FCMDefinitionReader.FieldSet.inlineMemberLimit + 10
    let unknown = (0..<count).map { "\"x\($0)\": 1" }.joined(separator: ", ")
    let text =
      #"{"topic": "a", "android": {"ttl": "1s", "#
      + unknown + #", "ttl": "2s", "collapse_key": "k"}, "topic": "b"}"#
    let result = Self.read(text)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.count == count)
    #expect(definition.diagnostics.allSatisfy { $0.id == .fcmUnknownField })
    let message = try #require(definition.request?.message.value)
    #expect(message.topic?.value == "b")
    let android = try #require(message.android?.value)
    #expect(android.ttl?.value == FCM.Duration(seconds: 2))
    #expect(android.ttl?.source?.span == Self.span(of: #""2s""#, in: text))
    #expect(android.collapseKey?.value == "k")
    #expect(android.collapseKey?.source?.pointer == JSONPointer("/android/collapse_key"))
  }

  /// The fields few objects set (read only when one is there) are found in an object with
  /// more members than the inline index holds, and in a small one, after unknown keys.
  @Test func seldomSetFieldsAreReadInObjectsOfEverySize() throws {
    for count in [3, FCMDefinitionReader.FieldSet.inlineMemberLimit + 10] {
      let unknown = (0..<count).map { "\"x\($0)\": 1" }.joined(separator: ", ")
      let text =
        #"{"topic": "a", "android": {"# + unknown
        + #", "direct_boot_ok": true, "notification": {"#
        + unknown + #", "ticker": "t", "proxy": "DENY"}}}"#
      let result = Self.read(text)
      let definition = try #require(result.definitions.first)
      #expect(definition.diagnostics.count == 2 * count)
      let android = try #require(definition.request?.message.value.android?.value)
      #expect(android.directBootOK?.value == true)
      #expect(android.notification?.value.ticker?.value == "t")
      #expect(
        android.notification?.value.ticker?.source?.pointer
          == JSONPointer("/android/notification/ticker"))
      #expect(android.notification?.value.proxy?.value == .deny)
      #expect(android.notification?.value.sticky == nil)
    }
  }

  /// Each field the reader reads only when an object sets one of the seldom-set fields
  /// (`seldomSetAndroidNotificationFields`, `seldomSetAndroidConfigFields`) is read when it is
  /// the only one: a field left out of those lists would be read only beside another.
  @Test func eachSeldomSetFieldIsReadAlone() throws {
    let notificationFields: [(String, (FCM.AndroidNotification) -> Bool)] = [
      (#""body_loc_key": "k""#, { $0.bodyLocKey?.value == "k" }),
      (#""body_loc_args": ["a"]"#, { $0.bodyLocArgs?.value.map(\.value) == ["a"] }),
      (#""title_loc_key": "k""#, { $0.titleLocKey?.value == "k" }),
      (#""title_loc_args": ["a"]"#, { $0.titleLocArgs?.value.map(\.value) == ["a"] }),
      (#""ticker": "t""#, { $0.ticker?.value == "t" }),
      (#""sticky": true"#, { $0.sticky?.value == true }),
      (#""event_time": "2024-01-01T00:00:00Z""#, { $0.eventTime != nil }),
      (#""local_only": true"#, { $0.localOnly?.value == true }),
      (#""default_sound": true"#, { $0.defaultSound?.value == true }),
      (#""default_vibrate_timings": true"#, { $0.defaultVibrateTimings?.value == true }),
      (#""default_light_settings": true"#, { $0.defaultLightSettings?.value == true }),
      (#""vibrate_timings": ["1s"]"#, { $0.vibrateTimings?.value.count == 1 }),
      (
        #""light_settings": {"color": {"red": 1, "green": 0, "blue": 0}, "light_on_duration": "1s", "light_off_duration": "1s"}"#,
        { $0.lightSettings != nil }
      ),
      (#""bypass_proxy_notification": true"#, { $0.bypassProxyNotification?.value == true }),
      (#""proxy": "ALLOW""#, { $0.proxy?.value == .allow }),
    ]
    for (member, isRead) in notificationFields {
      let result = Self.read(#"{"topic": "a", "android": {"notification": {"# + member + "}}}")
      let notification = try #require(
        result.definitions.first?.request?.message.value.android?.value.notification?.value)
      #expect(isRead(notification), "\(member)")
    }
    let configFields: [(String, (FCM.AndroidConfig) -> Bool)] = [
      (#""direct_boot_ok": true"#, { $0.directBootOK?.value == true }),
      (#""bandwidth_constrained_ok": true"#, { $0.bandwidthConstrainedOK?.value == true }),
      (#""restricted_satellite_ok": true"#, { $0.restrictedSatelliteOK?.value == true }),
    ]
    for (member, isRead) in configFields {
      let result = Self.read(#"{"topic": "a", "android": {"# + member + "}}")
      let config = try #require(result.definitions.first?.request?.message.value.android?.value)
      #expect(isRead(config), "\(member)")
    }
  }

  @Test func bothSpellingsOfAFieldStillConflict() throws {
    let result = Self.read(#"{"topic": "a", "android": {"collapse_key": "x", "collapseKey": "y"}}"#)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.map(\.id) == [.fcmConflictingFieldSpellings])
    #expect(definition.diagnostics.first?.pointer == JSONPointer("/android/collapseKey"))
    #expect(definition.diagnostics.first?.notes.count == 1)
    #expect(definition.request?.message.value.android?.value.collapseKey?.value == "y")
  }

  @Test func fastPathValuesKeepTheirSources() throws {
    let text =
      #"{"message": {"topic": "a", "android": {"notification": {"channelId": "c", "sticky": true}}, "data": {"k": "v"}}}"#
    let result = Self.read(text)
    let request = try #require(result.definitions.first?.request)
    let message = request.message.value
    let notification = try #require(message.android?.value.notification?.value)
    #expect(notification.channelID?.value == "c")
    #expect(
      notification.channelID?.source?.pointer
        == JSONPointer("/message/android/notification/channelId"))
    let channelKey = try #require(Self.span(of: #""channelId""#, in: text))
    #expect(notification.channelID?.source?.keySpan == channelKey)
    #expect(notification.sticky?.value == true)
    #expect(
      notification.sticky?.source?.pointer == JSONPointer("/message/android/notification/sticky"))
    let entry = try #require(message.data?.value.entries.first)
    #expect(entry.value.source?.pointer == JSONPointer("/message/data/k"))
    #expect(message.android?.source?.pointer == JSONPointer("/message/android"))
  }

  @Test func wrongTypesLeaveTheFastPathsWithTheSameDiagnostics() throws {
    let result = Self.read(
      #"{"topic": 5, "android": {"collapse_key": ["x"], "direct_boot_ok": "yes", "notification": {"title": null, "sticky": 1}}, "data": {"n": 1, "o": {}, "s": "ok"}}"#
    )
    let definition = try #require(result.definitions.first)
    #expect(
      definition.diagnostics.map(\.id) == [
        .fcmTypeMismatch, .fcmNonStringValue, .fcmNonStringValue, .fcmTypeMismatch,
        .fcmTypeMismatch, .fcmTypeMismatch,
      ])
    #expect(
      definition.diagnostics.map(\.pointer) == [
        JSONPointer("/topic"), JSONPointer("/data/n"), JSONPointer("/data/o"),
        JSONPointer("/android/collapse_key"), JSONPointer("/android/notification/sticky"),
        JSONPointer("/android/direct_boot_ok"),
      ])
    let message = try #require(definition.request?.message.value)
    #expect(message.topic == nil)
    #expect(message.data?.value.keys == ["s"])
    #expect(message.android?.value.notification?.value.title == nil)
  }

  /// Objects read without a `Field` keep their sources; containers whose values are not
  /// objects leave that path for the general one, with its diagnostics, and `null` unsets them.
  @Test func containersThatAreNotObjectsLeaveTheFastPath() throws {
    let text =
      #"{"message": {"topic": "a", "notification": "n", "android": {"notification": [1], "data": 5}, "apns": {"headers": [], "payload": "p"}, "data": null}}"#
    let result = Self.read(text)
    let definition = try #require(result.definitions.first)
    #expect(
      definition.diagnostics.map(\.id) == [
        .fcmTypeMismatch, .fcmTypeMismatch, .fcmTypeMismatch, .fcmTypeMismatch, .fcmTypeMismatch,
      ])
    #expect(
      Set(definition.diagnostics.compactMap(\.pointer)) == [
        JSONPointer("/message/notification"), JSONPointer("/message/android/data"),
        JSONPointer("/message/android/notification"), JSONPointer("/message/apns/headers"),
        JSONPointer("/message/apns/payload"),
      ])
    let message = try #require(definition.request?.message.value)
    #expect(message.notification == nil && message.data == nil)
    #expect(message.android?.value.notification == nil && message.android?.value.data == nil)
    #expect(message.apns?.value.headers == nil && message.apns?.value.payload == nil)
    #expect(message.android?.source?.pointer == JSONPointer("/message/android"))
    #expect(
      message.android?.source?.span == Self.span(of: #"{"notification": [1], "data": 5}"#, in: text)
    )
    #expect(definition.request?.message.source?.pointer == JSONPointer("/message"))

    let objects = Self.read(
      #"{"message": {"topic": "a", "apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {}}}}}"#
    )
    let apns = try #require(objects.definitions.first?.request?.message.value.apns)
    #expect(apns.value.payload?.source?.pointer == JSONPointer("/message/apns/payload"))
    #expect(apns.value.headers?.source?.pointer == JSONPointer("/message/apns/headers"))
    #expect(
      apns.value.headers?.value.entries.first?.value.source?.pointer
        == JSONPointer("/message/apns/headers/apns-priority"))

    let notAMessage = Self.read(#"{"message": 3}"#)
    #expect(notAMessage.definitions.first?.request == nil)
    #expect(notAMessage.definitions.first?.diagnostics.map(\.id) == [.fcmTypeMismatch])
    let nullMessage = Self.read(#"{"message": null}"#)
    #expect(nullMessage.definitions.first?.request == nil)
  }

  /// Durations and enum values read without a `Field` keep their sources; the others take the
  /// general path, with its diagnostics.
  @Test func durationsAndEnumValuesLeaveTheFastPathWithTheSameDiagnostics() throws {
    let text = #"{"topic": "a", "android": {"priority": "HIGH", "ttl": "3.5s"}}"#
    let good = try #require(Self.read(text).definitions.first)
    #expect(good.diagnostics.isEmpty)
    let android = try #require(good.request?.message.value.android?.value)
    #expect(android.priority?.value == .high)
    #expect(android.priority?.source?.pointer == JSONPointer("/android/priority"))
    #expect(android.priority?.source?.span == Self.span(of: #""HIGH""#, in: text))
    #expect(android.ttl?.value == FCM.Duration(seconds: 3, nanos: 500_000_000))
    #expect(android.ttl?.source?.keySpan == Self.span(of: #""ttl""#, in: text))

    for (value, id) in [
      (#""urgent""#, DiagnosticID.fcmInvalidEnumValue), ("1", .fcmInvalidEnumValue),
      ("[]", .fcmTypeMismatch),
    ] {
      let bad = try #require(
        Self.read(#"{"topic": "a", "android": {"priority": "# + value + "}}").definitions.first)
      #expect(bad.diagnostics.map(\.id) == [id], "\(value)")
      #expect(bad.diagnostics.first?.pointer == JSONPointer("/android/priority"))
      #expect(bad.request?.message.value.android?.value.priority == nil)
    }
    for (value, id) in [
      (#""1h""#, DiagnosticID.fcmInvalidDuration), ("60", .fcmInvalidDuration),
      ("{}", .fcmTypeMismatch),
    ] {
      let bad = try #require(
        Self.read(#"{"topic": "a", "android": {"ttl": "# + value + "}}").definitions.first)
      #expect(bad.diagnostics.map(\.id) == [id], "\(value)")
      #expect(bad.diagnostics.first?.pointer == JSONPointer("/android/ttl"))
      #expect(bad.request?.message.value.android?.value.ttl == nil)
    }
    let null = try #require(
      Self.read(#"{"topic": "a", "android": {"ttl": null, "priority": null}}"#).definitions.first)
    #expect(null.diagnostics.isEmpty)
  }

  @Test func yamlScalarsStillReadAsTheirText() throws {
    // `topic: 0012` and `tag: true` as the YAML reader builds them: a number and a Boolean that
    // keep the text written.
    let notification = ValueNode(
      .object(
        JSONObject([
          JSONObject.Member(key: "tag", value: ValueNode(.bool(true), sourceText: "true"))
        ])))
    let tree = ValueNode(
      .object(
        JSONObject([
          JSONObject.Member(
            key: "topic",
            value: ValueNode(.number(JSONNumber(lexeme: "0012")), sourceText: "0012")),
          JSONObject.Member(
            key: "android",
            value: ValueNode(
              .object(JSONObject([JSONObject.Member(key: "notification", value: notification)]))
            )),
        ])))
    let definition = try #require(FCMMessageReader().read(tree, file: nil).first)
    #expect(definition.diagnostics.map(\.id) == [.fcmUnquotedScalar, .fcmUnquotedScalar])
    #expect(
      definition.diagnostics.map(\.pointer) == [
        JSONPointer("/topic"), JSONPointer("/android/notification/tag"),
      ])
    let message = try #require(definition.request?.message.value)
    #expect(message.topic?.value == "0012")
    #expect(message.android?.value.notification?.value.tag?.value == "true")
  }

  @Test func unknownKeysStillGetSuggestions() throws {
    let result = Self.read(
      #"{"topic": "a", "andriod": {}, "android": {"notification": {"titel": "x"}}}"#)
    let definition = try #require(result.definitions.first)
    #expect(definition.diagnostics.map(\.id) == [.fcmUnknownField, .fcmUnknownField])
    #expect(
      definition.diagnostics.map(\.pointer) == [
        JSONPointer("/andriod"), JSONPointer("/android/notification/titel"),
      ])
    #expect(definition.diagnostics.allSatisfy { !$0.fixIts.isEmpty })
  }

  @Test func failedDefinitionsHaveNoRequest() {
    let result = Self.read(#"[5, {"message": 3}, {"validate_only": true}, {"topic": "a"}]"#)
    #expect(result.definitions.map { $0.request == nil } == [true, true, true, false])
    #expect(result.definitions.map(\.pointer) == (0..<4).map { JSONPointer(tokens: ["\($0)"]) })
  }
}
