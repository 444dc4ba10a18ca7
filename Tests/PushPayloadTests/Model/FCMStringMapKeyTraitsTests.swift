import PushDiagnostics
import PushJSON
import PushPayload
import Testing

/// The traits the reader notes of a deferred `data` map's keys are those of its keys read one
/// by one, and say what the `data` rule and lowering would find among them.
@Suite struct FCMStringMapKeyTraitsTests {
  /// Key sets, with whether one is reserved (or may be), collides with the APNs payload's
  /// keys, or is read by the payload checks as a top-level key.
  static let cases: [(keys: [String], reserved: Bool, colliding: Bool, topLevel: Bool)] = [
    (["id", "title", "body", "articleId", "categoryKorName", "baseUrl"], false, false, false),
    (["from"], true, false, false),
    (["message_type"], true, false, false),
    (["google.x"], true, false, false),
    (["googleish"], true, false, false),
    (["gcm.y"], true, false, false),
    (["fromage", "messages"], false, false, false),
    (["aps"], false, true, true),
    (["fcm_options"], false, true, true),
    (["mdm"], false, false, true),
    (["badge"], false, false, true),
    (["Mutable_Content"], false, false, true),
    (["content-available", "x"], false, false, true),
    (["x", "relevance_score"], false, false, true),
    (["category", "event", "timestamp"], false, false, false),
    (["é", "Badgé"], false, false, false),
    (["aps", "google.z", "badge"], true, true, true),
    ([String(repeating: "k", count: 70), "a"], false, false, false),
  ]

  /// The message with a `data` map of `keys`, read with its values deferred or not.
  static func data(_ keys: [String], defersValues: Bool) throws -> FCM.StringMap? {
    let entries = keys.enumerated().map { "\"\($1)\":\"v\($0)\"" }.joined(separator: ",")
    let text = #"{"message":{"topic":"news","data":{"# + entries + "}}}"
    let parsed = JSONReader.readTree(SourceFile(name: "keys.json", text: text))
    let read = FCMMessageReader(options: .init(defersDataValues: defersValues)).read(parsed)
    return read.definitions.first?.request?.message.value.data?.value
  }

  @Test(arguments: cases.indices)
  func theReaderNotesWhatTheKeysAre(_ index: Int) throws {
    let expected = Self.cases[index]
    let deferred = try #require(try Self.data(expected.keys, defersValues: true))
    let traits = try #require(deferred.keyTraits)
    #expect(traits.hasPossiblyReservedKey == expected.reserved)
    #expect(traits.hasAPNSCollidingKey == expected.colliding)
    #expect(traits.hasKeyCheckedAtTopLevel == expected.topLevel)
    let lengths = expected.keys.reduce(UInt64(0)) { $0 | 1 << UInt64($1.utf8.count & 63) }
    #expect(traits.lengthBits == lengths)
    // The same traits from the keys of the map read eagerly, one by one.
    let eager = try #require(try Self.data(expected.keys, defersValues: false))
    #expect(eager.keyTraits == nil)
    #expect(FCM.StringMap.KeyTraits(keysOf: eager) == traits)
  }

  /// A map whose entries change has no traits any more: the checks read its keys.
  @Test func aChangedMapHasNoTraits() throws {
    var map = try #require(try Self.data(["id", "title"], defersValues: true))
    #expect(map.keyTraits != nil)
    map.entries.append(.init(key: "aps", value: Located("x")))
    #expect(map.keyTraits == nil)
    #expect(FCM.StringMap.KeyTraits(keysOf: map).hasAPNSCollidingKey)
  }
}
