import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import PushPayload

@Suite struct FCMRequestEncoderTests {
  static func compiled(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> String?
  {
    let result = FCMTest.compile(JSONReader.read(SourceFile(name: "test.fcm.json", text: text)))
    #expect(
      !result.diagnostics.containsErrors, "\(result.diagnostics.map(\.message))",
      sourceLocation: sourceLocation)
    expectMeasuredAsWritten(result.lint, sourceLocation: sourceLocation)
    return result.output.map { CanonicalJSONWriter(style: .compact).string(for: $0) }
  }

  @Test(arguments: [
    (#"{"topic": "/topics/news"}"#, #"{"message":{"topic":"news"}}"#),
    (
      #"{"notification": {"title": "T", "image": "https://e.com/i.png", "body": "B"}, "token": "t"}"#,
      #"{"message":{"notification":{"body":"B","title":"T","image":"https://e.com/i.png"},"token":"t"}}"#
    ),
    (
      #"{"message": {"topic": "a"}, "validate_only": true}"#,
      #"{"message":{"topic":"a"},"validate_only":true}"#
    ),
    (#"{"message": {"topic": "a"}, "validate_only": false}"#, #"{"message":{"topic":"a"}}"#),
    (#"{"topic": "a", "name": "projects/p/messages/1"}"#, #"{"message":{"topic":"a"}}"#),
    (
      #"{"topic": "a", "data": {}, "notification": {}, "android": {"notification": {}}, "fcm_options": {}}"#,
      #"{"message":{"topic":"a"}}"#
    ),
    (
      #"{"topic": "a", "fcmOptions": {"analyticsLabel": "x"}, "apns": {"liveActivityToken": "l"}}"#,
      #"{"message":{"apns":{"live_activity_token":"l"},"topic":"a","fcm_options":{"analytics_label":"x"}}}"#
    ),
  ])
  func messages(_ input: String, _ output: String) {
    #expect(Self.compiled(input) == output)
  }

  @Test func androidNormalization() {
    let output = Self.compiled(
      #"""
      {"token": "t", "android": {"ttl": "3.5s", "priority": "HIGH", "notification": {
        "event_time": "2024-02-21T18:00:00.25+09:00", "notification_priority": "high",
        "visibility": "public", "proxy": "DENY", "vibrate_timings": ["0.5s", "2s"],
        "light_settings": {"color": "#FF8000", "light_on_duration": "1.000s", "light_off_duration": "0.1s"},
        "notification_count": "4"}}}
      """#)
    #expect(
      output
        == #"{"message":{"android":{"notification":{"event_time":"2024-02-21T09:00:00.250000Z","#
        + #""notification_priority":"PRIORITY_HIGH","vibrate_timings":["0.500000000s","2s"],"#
        + #""light_settings":{"color":{"red":1.0,"green":0.5019607843137255,"blue":0.0,"alpha":1.0},"#
        + #""light_on_duration":"1s","light_off_duration":"0.100000000s"},"visibility":"PUBLIC","#
        + #""notification_count":4,"proxy":"DENY"},"priority":"high","ttl":"3.500000000s"},"token":"t"}}"#
    )
  }

  @Test func apnsPayloadNormalization() {
    let output = Self.compiled(
      #"""
      {"token": "t", "apns": {"payload": {"zeta": 1, "aps": {"mutable-content": true,
        "content-available": false, "alert": {"title": "T", "body": null, "loc-args": []},
        "sound": {"name": "a", "critical": true, "volume": 0.5}, "badge": null, "x": {}},
        "empty": [], "keep": {"nested": {}}, "n": null}}}
      """#)
    #expect(
      output
        == #"{"message":{"apns":{"payload":{"zeta":1,"aps":{"mutable-content":1,"alert":{"title":"T"},"#
        + #""sound":{"name":"a","critical":1,"volume":0.5}},"keep":{"nested":{}}}},"token":"t"}}"#)
  }

  @Test func emptiedPayloadDisappears() {
    #expect(
      Self.compiled(#"{"token": "t", "apns": {"payload": {"aps": {"alert": {}}}}}"#)
        == #"{"message":{"token":"t"}}"#)
  }

  @Test func webpushNotificationKeepsOrderAndDropsEmpties() {
    #expect(
      Self.compiled(
        #"{"token": "t", "webpush": {"notification": {"z": 1, "title": "T", "data": {}, "a": {"b": []}}, "fcm_options": {"link": "https://e.com", "analytics_label": "w"}}}"#
      )
        == #"{"message":{"token":"t","webpush":{"notification":{"z":1,"title":"T","a":{"b":[]}},"fcm_options":{"link":"https://e.com","analytics_label":"w"}}}}"#
    )
  }

  @Test func duplicateKeysInFreeFormObjectsKeepTheLastValue() {
    let file = SourceFile(
      name: "d.json",
      text: #"{"token": "t", "apns": {"payload": {"aps": {"badge": 1, "badge": 2}}}}"#)
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let result = FCMTest.compile(parsed)
    #expect(
      result.output.map { CanonicalJSONWriter().string(for: $0) }
        == #"{"message":{"apns":{"payload":{"aps":{"badge":2}}},"token":"t"}}"#)
    Self.expectMeasuredAsWritten(result.lint)
  }

  /// As in the Python dict the Admin SDK prunes, a key given again after an empty value keeps
  /// its first position, and a key whose last value is empty is dropped.
  @Test func duplicateKeysKeepTheirFirstPositionAcrossEmptyValues() {
    let file = SourceFile(
      name: "d.json",
      text: #"""
        {"token": "t", "apns": {"payload": {"aps": {"badge": 1}, "a": 1, "b": 1, "a": null,
         "a": 2, "c": null, "d": 1, "c": 3, "e": 1, "e": {}}}}
        """#)
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let result = FCMTest.compile(parsed)
    #expect(
      result.output.map { CanonicalJSONWriter().string(for: $0) }
        == #"{"message":{"apns":{"payload":{"aps":{"badge":1},"a":2,"b":1,"c":3,"d":1}},"token":"t"}}"#
    )
    Self.expectMeasuredAsWritten(result.lint)
  }

  /// Keys emptied by a later duplicate are dropped in linear time (each used to re-index the
  /// whole object).
  @Test(.timeLimit(.minutes(1))) func manyEmptiedDuplicateKeysAreLinear() throws {
    let count = 40_000
    let members = (0..<count).map { #""k\#($0)": 1, "k\#($0)": null"# }.joined(separator: ",")
    let file = SourceFile(
      name: "d.json",
      text: #"{"token": "t", "apns": {"payload": {"aps": {"badge": 1}, "# + members + "}}}")
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let request = try #require(FCMMessageReader().read(parsed).definitions.first?.request)
    let body = FCMRequestEncoder().encode(request)
    #expect(
      CanonicalJSONWriter().string(for: body)
        == #"{"message":{"apns":{"payload":{"aps":{"badge":1}}},"token":"t"}}"#)
  }

  @Test func encodesMessagesBuiltInCode() {
    var message = FCM.Message(topic: "/topics/news")
    message.data = Located(["b": "2", "a": "1"])
    var android = FCM.AndroidConfig(
      priority: Located(.high), ttl: Located(FCM.Duration(seconds: 60)))
    android.directBootOK = true
    message.android = Located(android)
    let body = FCMRequestEncoder().encode(FCM.SendRequest(message, validateOnly: true))
    #expect(
      CanonicalJSONWriter().string(for: body)
        == #"{"message":{"android":{"priority":"high","ttl":"60s","direct_boot_ok":true},"data":{"b":"2","a":"1"},"topic":"news"},"validate_only":true}"#
    )
  }

  /// What the linter measured for each message of `lint` is the size of the compact tree the
  /// encoder builds, and `apns.payload` as it kept it is the tree's.
  static func expectMeasuredAsWritten(
    _ lint: FCMLintResult, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let encoder = FCMRequestEncoder()
    for message in lint.messages {
      guard let request = message.request else { continue }
      let tree = encoder.encode(request.message.value)
      let measured = encoder.measure(request.message.value)
      #expect(
        measured.byteCount == CanonicalJSONWriter().bytes(for: tree).count,
        sourceLocation: sourceLocation)
      #expect(message.byteCount == measured.byteCount, sourceLocation: sourceLocation)
      #expect(
        measured.apnsPayload == tree.objectValue?["apns"]?.objectValue?["payload"],
        sourceLocation: sourceLocation)
      #expect(message.encodedAPNSPayload == measured.apnsPayload, sourceLocation: sourceLocation)
    }
  }

  /// Inputs whose measuring takes every rule of the encoder: escapes in keys and values,
  /// objects emptied at every level (a nested one cut off after a member of its parent, or
  /// before), arrays empty or not, numbers, Booleans, free-form trees and repeated map keys.
  @Test(arguments: [
    #"{"topic": "a", "data": {"k\"ey": "line\nbreak", "tab": "\t", "u": "\u0001"}}"#,
    #"{"token": "t", "android": {"notification": {}, "data": {}}, "apns": {"payload": {"aps": {}}}}"#,
    #"{"token": "t", "android": {"priority": "high", "notification": {}}, "notification": {}}"#,
    ##"{"token": "t", "android": {"notification": {"body_loc_args": [], "title_loc_args": ["a", "b\"c"], "vibrate_timings": ["1s"], "sticky": true, "local_only": false, "notification_count": 3, "light_settings": {"color": "#102030", "light_on_duration": "1s", "light_off_duration": "2s"}}}}"##,
    #"{"token": "t", "webpush": {"notification": {"title": "T", "e": {}}, "headers": {"TTL": "60"}, "fcm_options": {}}}"#,
    #"{"token": "t", "webpush": {"notification": {"e": {}}, "data": {"a": "1"}}, "fcm_options": {"analytics_label": "l"}}"#,
    #"{"token": "t", "apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"content-available": true, "alert": {"title": "제목"}}, "custom": [1, {"x": null}]}, "fcm_options": {"image": "https://e.com/i.png"}}}"#,
    #"{"topic": "/topics/news", "notification": {"title": "t", "body": "b", "image": "https://e.com/i.png"}, "android": {"ttl": "3.5s", "direct_boot_ok": true}}"#,
    #"{"condition": "'a' in topics", "data": {}}"#,
  ])
  func measuredSizeIsTheWrittenSize(_ input: String) {
    let parsed = JSONReader.read(SourceFile(name: "m.json", text: input))
    let lint = FCMLinter().lint(parsed)
    #expect(lint.messages.count == 1)
    Self.expectMeasuredAsWritten(lint)
  }

  /// The same, for messages read from the arena tree the CLI reads (`JSONReader.readTree`),
  /// whose string maps the reader measures from their source when every key and value is a
  /// string written as the writer writes it: plain and non-ASCII text, and maps it cannot
  /// measure that way (escapes, a value that is no string, a repeated key, which the strict
  /// scanner leaves to the full reader).
  @Test(arguments: [
    #"{"topic": "a", "data": {"type": "notice", "title": "새 공지", "url": "https://e.com/a?b=c"}}"#,
    #"{"topic": "a", "data": {"k\"ey": "v", "tab": "\t"}}"#,
    #"{"topic": "a", "data": {"a": "1", "b": 2}}"#,
    #"{"topic": "a", "data": {"a": "1", "a": "2"}}"#,
    #"{"topic": "a", "data": {}, "apns": {"headers": {}}}"#,
    #"{"token": "t", "android": {"data": {"x": "y"}}, "apns": {"headers": {"apns-priority": "5", "apns-push-type": "background"}, "payload": {"aps": {"content-available": 1}}}}"#,
    #"{"token": "t", "webpush": {"headers": {"TTL": "60"}, "data": {"a": "é"}}}"#,
    #"{"message": {"topic": "a", "data": {"é": "e\u0301"}}, "validate_only": true}"#,
    #"[{"topic": "a", "data": {"n": "1"}}, {"topic": "b", "data": {"n": "2", "m": "\/"}}]"#,
    #"{"token": "t", "apns": {"payload": {"aps": {"alert": {"title": "새 글", "loc-args": ["a", "b"]}, "badge": 0, "sound": {"critical": 1, "name": "s", "volume": 0.5}}, "n": [-1.5e3, 0, 12345678901234567890, null, [], {}], "o": {"p": {"q": "r"}}}}}"#,
    #"{"token": "t", "apns": {"payload": {"aps": {"mutable-content": 1}, "t": true, "f": false}}}"#,
    #"{"token": "t", "apns": {"payload": {"aps": {"content-available": true, "sound": ""}}}}"#,
    #"{"token": "t", "apns": {"payload": {"aps": {"alert": "line\nbreak"}, "k\u0065y": "v"}}}"#,
    #"{"token": "t", "apns": {"payload": {"aps": {"alert": "x"}, "a": 1, "a": 2}}}"#,
    #"{"token": "t", "apns": {"payload": {}}}"#,
    #"{"token": "t", "apns": {"payload": {"aps": {"badge": 1}, "custom": {"empty": {}, "list": []}}}}"#,
  ])
  func measuredSizeOfATreeReadIsTheWrittenSize(_ input: String) {
    for parsed in [
      JSONReader.readTree(SourceFile(name: "m.json", text: input)),
      JSONReader.read(SourceFile(name: "m.json", text: input)),
    ] {
      Self.expectMeasuredAsWritten(FCMLinter().lint(parsed))
    }
  }

  /// Whether a payload is sent as written is told alike from its nodes (as the reader tells
  /// it) and from its value: for every change the SDKs make (a flag written as a Boolean, an
  /// empty member at each level they prune, a critical sound's Boolean, a repeated key at any
  /// depth) and for payloads they leave alone, read by the scanner and made of nodes.
  @Test(arguments: [
    #"{"aps":{"alert":{"title":"t","body":"b"},"badge":1,"sound":"s","mutable-content":1}}"#,
    #"{"aps":{"content-available":true}}"#,
    #"{"aps":{"mutable-content":false}}"#,
    #"{"aps":{"content-available":1,"other-flag":true},"flag":false}"#,
    #"{"aps":{"alert":{"title":"t","loc-args":[]}}}"#,
    #"{"aps":{"alert":{"title":"t","sub":{}}}}"#,
    #"{"aps":{"alert":{"title":"t","sub":{"x":[]}}}}"#,
    #"{"aps":{"alert":{"title":"t","n":null}}}"#,
    #"{"aps":{"sound":{"critical":true,"name":"s","volume":1}}}"#,
    #"{"aps":{"sound":{"critical":1,"name":"s"}}}"#,
    #"{"aps":{"sound":{"name":"s","extra":{}}}}"#,
    #"{"aps":{"badge":null}}"#,
    #"{"aps":{}}"#,
    #"{"aps":{"badge":1},"custom":{}}"#,
    #"{"aps":{"badge":1},"custom":{"a":{},"b":[[],{}]}}"#,
    #"{"aps":{"badge":1},"custom":null}"#,
    #"{"aps":"text","custom":[1,{"k":2}]}"#,
    #"{"aps":{"badge":1,"badge":2}}"#,
    #"{"aps":{"badge":1},"aps":{"badge":2}}"#,
    #"{"aps":{"alert":{"title":"a","title":"b"}}}"#,
    #"{"aps":{"badge":1},"c":{"d":[{"e":1,"e":2}]}}"#,
    #"{"aps":{"badge":1},"é":1,"e\u0301":2}"#,
    #"{"Aps":{"content-available":true}}"#,
    #"{"aps":{"Content-Available":true,"alert":"x"}}"#,
    #"{}"#,
    #"[{"aps":{}}]"#,
    #"7"#,
  ])
  func sentAsWrittenIsToldAlikeFromNodes(_ text: String) throws {
    for parsed in [
      JSONReader.readTree(SourceFile(name: "p.json", text: text)),
      JSONReader.read(SourceFile(name: "p.json", text: text)),
    ] {
      let tree = parsed.tree
      let root = try #require(tree.roots.first)
      let value = tree.valueNode(root)
      let fromNodes = FCMRequestEncoder.FreeForm.isSentAsWritten(root, in: tree)
      let fromValue = FCMRequestEncoder.FreeForm.isSentAsWritten(value)
      // A payload that is not an object, or in a tree that may repeat keys, is left to the
      // value.
      #expect(
        fromNodes == (fromValue && tree.kind(root) == .object && tree.keysAreDistinct),
        "\(text)")
      #expect(tree.keysAreDistinct == parsed.isTree)
      #expect(
        !fromNodes
          || CanonicalJSONWriter().bytes(for: FCMRequestEncoder.FreeForm.payload(value))
            == CanonicalJSONWriter().bytes(for: value),
        "\(text)")
    }
  }

  /// `apns.payload` keeps the size the reader measured from its source until it changes, and
  /// two configurations with the same fields are equal whether they have one or not.
  @Test func aMeasuredPayloadForgetsItsSizeWhenItChanges() throws {
    let text = #"{"token": "t", "apns": {"payload": {"aps": {"badge": 1}, "k": [1, "두"]}}}"#
    let tree = JSONReader.readTree(SourceFile(name: "m.json", text: text))
    let request = try #require(FCMMessageReader().read(tree).definitions.first?.request)
    var config = try #require(request.message.value.apns?.value)
    #expect(
      config.measuredPayloadByteCount == #"{"aps":{"badge":1},"k":[1,"두"]}"#.utf8.count)
    let unmeasured = FCM.APNSConfig(payload: config.payload)
    #expect(unmeasured.measuredPayloadByteCount == nil)
    #expect(config == unmeasured && config.hashValue == unmeasured.hashValue)
    let read = JSONReader.read(SourceFile(name: "m.json", text: text))
    let eager = try #require(FCMMessageReader().read(read).definitions.first?.request)
    #expect(eager.message.value.apns?.value.measuredPayloadByteCount == nil)
    #expect(eager.message.value.apns?.value == config)
    config.payload?.value = ValueNode(.object(JSONObject()))
    #expect(config.measuredPayloadByteCount == nil)
    var message = FCM.Message(token: "t")
    message.apns = Located(config)
    Self.expectMeasuredAsEncoded(message)
  }

  /// The size the encoder measures for `message` is that of the tree it builds.
  static func expectMeasuredAsEncoded(
    _ message: FCM.Message, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let encoder = FCMRequestEncoder()
    #expect(
      encoder.measure(message).byteCount
        == CanonicalJSONWriter().bytes(for: encoder.encode(message)).count,
      sourceLocation: sourceLocation)
  }

  /// A map keeps the size the reader measured until its entries change, and two maps with the
  /// same entries are equal whether they have one or not.
  @Test func aMeasuredMapForgetsItsSizeWhenItsEntriesChange() throws {
    let parsed = JSONReader.readTree(
      SourceFile(name: "m.json", text: #"{"topic": "a", "data": {"a": "1", "bc": "23"}}"#))
    let request = try #require(FCMMessageReader().read(parsed).definitions.first?.request)
    var map = try #require(request.message.value.data?.value)
    #expect(map.measuredEntriesByteCount == #""a":"1""#.utf8.count + #""bc":"23""#.utf8.count)
    let unmeasured = FCM.StringMap(map.entries)
    #expect(unmeasured.measuredEntriesByteCount == nil)
    #expect(map == unmeasured && map.hashValue == unmeasured.hashValue)
    map.entries[1].value.value = "234"
    #expect(map.measuredEntriesByteCount == nil)
    var message = FCM.Message(topic: "a")
    message.data = Located(map)
    Self.expectMeasuredAsEncoded(message)
  }

  /// A payload is measured as written exactly when the normalisation would write the same
  /// bytes, and lowering then gets the same payload it gets from the normalised copy.
  @Test(arguments: [
    (#"{"aps": {"mutable-content": 1, "sound": "default", "badge": 5, "thread-id": "t"}}"#, true),
    (
      #"{"aps": {"alert": {"title": "T", "loc-args": ["a"]}}, "custom": {"a": [], "b": null}}"#,
      true
    ),
    (#"{"aps": {"alert": {"title": "T", "loc-args": []}}}"#, false),
    (#"{"aps": {"sound": {"name": "s", "volume": 0.5}}, "list": [1, {"x": {}}]}"#, true),
    (#"{"aps": {"mutable-content": true}}"#, false),
    (#"{"aps": {"content-available": false, "badge": 1}}"#, false),
    (#"{"aps": {"sound": {"name": "s", "critical": true}}}"#, false),
    (#"{"aps": {"alert": {"title": "T", "body": null}}}"#, false),
    (#"{"aps": {"alert": {"title": "T", "title": "U"}}}"#, false),
    (#"{"aps": {"badge": 1}, "empty": {}}"#, false),
    (#"{"aps": {"badge": 1, "thread-id": null}}"#, false),
    (#"{"aps": {"badge": 1}, "aps": {"badge": 2}}"#, false),
    (#"{"aps": {"badge": 1}, "custom": {"a": 1, "a": 2}}"#, false),
    (#"{"aps": {"badge": 1}, "custom": [{"a": 1, "a": 2}]}"#, false),
    (#"{"aps": {"badge": 1}, "custom": {"deep": {"a": 1, "a": 2}}}"#, false),
    (#"{}"#, true),
    (#"[1, {"a": 1}]"#, true),
    (#"[1, {"a": {}}]"#, true),
    (#"[1, {"a": 1, "a": 2}]"#, false),
  ])
  func payloadsSentAsWrittenAreThoseTheNormalisationKeeps(_ input: String, asWritten: Bool) throws {
    let parsed = JSONReader.read(
      SourceFile(name: "p.json", text: input), options: .init(duplicateKeySeverity: .warning))
    let payload = try #require(parsed.documents.first)
    let normalized = FCMRequestEncoder.FreeForm.payload(payload)
    let writer = CanonicalJSONWriter(style: .compact)
    #expect(FCMRequestEncoder.FreeForm.isSentAsWritten(payload) == asWritten)
    #expect((writer.bytes(for: normalized) == writer.bytes(for: payload)) == asWritten)
    var message = FCM.Message(token: "t")
    message.apns = Located(FCM.APNSConfig(payload: Located(payload)))
    let measured = FCMRequestEncoder().measure(message)
    #expect(
      measured.measuredAPNSPayload.isAsWritten
        == (asWritten && !FCMRequestEncoder.FreeForm.isEmpty(payload))
    )
    #expect(
      measured.apnsPayload == (FCMRequestEncoder.FreeForm.isEmpty(normalized) ? nil : normalized))
    #expect(
      APNSPayloadBuilder.sentPayload(
        of: message, normalized: measured.measuredAPNSPayload.forLowering)
        == APNSPayloadBuilder.sentPayload(of: message, normalized: measured.apnsPayload))
  }

  /// A `data` key given twice is written once, at its first position with its last value, in
  /// the tree and in the measured size alike.
  @Test func repeatedMapKeysKeepTheirFirstPositionAndLastValue() {
    let file = SourceFile(
      name: "d.json",
      text: #"{"token": "t", "data": {"a": "1", "b": "2", "a": "33", "c": "4", "b": "5"}}"#)
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let result = FCMTest.compile(parsed)
    #expect(
      result.output.map { CanonicalJSONWriter().string(for: $0) }
        == #"{"message":{"data":{"a":"33","b":"5","c":"4"},"token":"t"}}"#)
    Self.expectMeasuredAsWritten(result.lint)
  }

  /// A map of more keys than are searched linearly finds its repeated keys too.
  @Test func repeatedKeysOfALargeMapAreFound() {
    let members = (0..<40).map { #""k\#($0)": "v""# }.joined(separator: ",")
    let file = SourceFile(
      name: "d.json", text: #"{"token": "t", "data": {"# + members + #", "k3": "last"}}"#)
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let result = FCMTest.compile(parsed)
    let data = result.output?.objectValue?["message"]?.objectValue?["data"]?.objectValue
    #expect(data?.count == 40)
    #expect(data?["k3"]?.stringValue == "last")
    #expect(data?.members[3].key == "k3")
    Self.expectMeasuredAsWritten(result.lint)
  }

  /// The names of the typed fields are counted without being read: none needs escaping.
  @Test func fieldNamesNeedNoEscaping() {
    for field in FCMField.allCases {
      #expect(
        FCMMemberKey(field).quotedByteCount
          == CanonicalJSONWriter.encodedByteCount(ofString: field.rawValue), "\(field)")
    }
  }

  /// Keys are compared only with earlier keys of their length, which a bit per length below 64
  /// tracks: keys of equal length that differ, keys of 64 bytes or more and empty keys.
  @Test func repeatedKeysOfASmallMapAreFoundWhateverTheirLength() {
    let long = String(repeating: "k", count: 70)
    let cases: [(keys: [String], repeated: Bool)] = [
      (["type", "body", "id"], false),
      (["type", "body", "id", "body"], true),
      ([long, "a", long + "x"], false),
      ([long, "a", long], true),
      (["", "a", ""], true),
      (["é", "ab", "é"], true),
      (["é", "ab"], false),
    ]
    for (keys, repeated) in cases {
      #expect(
        FCMRequestEncoder.containsRepeatedKeys(keys, key: { $0 }) == repeated, "\(keys)")
    }
  }

  /// Canonically equivalent keys of different lengths are the same key, as `String` and the
  /// hashed search of a large map judge them, whatever the size of the map.
  @Test(arguments: [2, 5, 16, 17, 40])
  func equivalentKeysOfDifferentLengthsAreRepeated(count: Int) {
    let pairs: [(String, String)] = [
      ("\u{E9}", "e\u{301}"),  // é, precomposed and decomposed
      ("K", "\u{212A}"),  // the Kelvin sign's decomposition is the letter
      ("caf\u{E9}", "cafe\u{301}"),
    ]
    for (first, second) in pairs {
      let filler = (0..<(count - 2)).map { "key\($0)" }
      for keys in [
        [first] + filler + [second], filler + [second, first], [second, first] + filler,
      ] {
        #expect(FCMRequestEncoder.containsRepeatedKeys(keys, key: { $0 }), "\(keys)")
        #expect(
          !FCMRequestEncoder.containsRepeatedKeys(
            keys.filter { !$0.unicodeScalars.elementsEqual(second.unicodeScalars) }, key: { $0 }),
          "\(keys)")
      }
    }
  }
}
