import PushDiagnostics
import PushJSON
import PushPayload
import Testing

/// A `data` map read with its values deferred (`pushc lint`) is the map read eagerly: the same
/// entries, sources included, equal and hashed alike, and a change made through `entries`
/// changes a map of its own.
@Suite struct FCMStringMapTests {
  static let text =
    #"{"message":{"topic":"news","data":{"id":"7","title":"새 글","url":"https://e.com/a"}}}"#

  /// The message `text` reads to, with the `data` values deferred or not.
  static func message(_ text: String = text, defersValues: Bool) -> FCM.Message? {
    let parsed = JSONReader.readTree(SourceFile(name: "notice.json", text: text))
    let read = FCMMessageReader(options: .init(defersDataValues: defersValues)).read(parsed)
    return read.definitions.first?.request?.message.value
  }

  @Test func aDeferredMapIsTheMapReadEagerly() throws {
    let eager = try #require(Self.message(defersValues: false)?.data)
    let deferred = try #require(Self.message(defersValues: true)?.data)
    #expect(deferred == eager)
    #expect(deferred.value.entries == eager.value.entries)
    #expect(deferred.value.entries.map(\.value.source) == eager.value.entries.map(\.value.source))
    #expect(deferred.value.hashValue == eager.value.hashValue)
    #expect(deferred.value.count == 3)
    #expect((0..<3).map(deferred.value.key(at:)) == ["id", "title", "url"])
    #expect(deferred.value.entry(at: 1) == eager.value.entries[1])
    #expect(deferred.value["title"] == "새 글")
    #expect(deferred.value.measuredEntriesByteCount == eager.value.measuredEntriesByteCount)
    #expect(deferred.value.measuredEntriesByteCount != nil)
  }

  /// Keys are read as bytes in place, in order, from either kind of map, up to the first
  /// that fails the test.
  @Test func keysAreReadAsBytesInOrder() throws {
    for defersValues in [false, true] {
      let map = try #require(Self.message(defersValues: defersValues)?.data?.value)
      var seen: [String] = []
      let all = map.allKeysSatisfy { key in
        seen.append(String(decoding: key, as: UTF8.self))
        return true
      }
      #expect(all && seen == ["id", "title", "url"])
      seen = []
      #expect(
        !map.allKeysSatisfy { key in
          seen.append(String(decoding: key, as: UTF8.self))
          return key.count != 5
        })
      #expect(seen == ["id", "title"])
      #expect(map.containsKey { $0.first == UInt8(ascii: "u") })
      #expect(!map.containsKey { $0.isEmpty })
    }
    #expect(FCM.StringMap().allKeysSatisfy { _ in false })
  }

  /// A deferred map makes each key it is asked for from the tree: a small one (most keys) and
  /// one longer than a small string alike.
  @Test func aDeferredMapMakesItsKeysWhenRead() throws {
    let text =
      #"{"message":{"topic":"news","data":{"a-key-longer-than-fifteen-bytes":"1","키":"2"}}}"#
    let deferred = try #require(Self.message(text, defersValues: true)?.data?.value)
    let eager = try #require(Self.message(text, defersValues: false)?.data?.value)
    #expect(deferred.verbatimSource != nil)
    #expect(eager.verbatimSource == nil)
    #expect((0..<2).map(deferred.key(at:)) == ["a-key-longer-than-fifteen-bytes", "키"])
    #expect(deferred.keys == eager.keys)
  }

  @Test func aChangeMakesTheEntriesAndDropsTheMeasure() throws {
    var map = try #require(Self.message(defersValues: true)?.data?.value)
    let copy = map
    map.entries[0].value.value = "8"
    #expect(map["id"] == "8")
    #expect(map.key(at: 0) == "id")
    #expect(map.entry(at: 0).value.value == "8")
    #expect(map.measuredEntriesByteCount == nil)
    #expect(copy["id"] == "7")
    #expect(copy != map)
  }

  /// A map with an escape or a value that is not a string is read eagerly, as before.
  @Test(arguments: [
    #"{"message":{"topic":"news","data":{"id":"a\"b"}}}"#,
    #"{"message":{"topic":"news","data":{"id":7}}}"#,
  ])
  func aMapNotWrittenAsTheWriterWritesItIsReadAsBefore(text: String) throws {
    let eager = Self.message(text, defersValues: false)
    let deferred = Self.message(text, defersValues: true)
    #expect(deferred == eager)
  }
}
