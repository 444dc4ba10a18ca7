import PushDiagnostics
import Testing
import _PushPayloadTestSupport

@testable import PushJSON

/// Issue 9: the cache of short strings the JSON reader makes gives back exactly the string of
/// the bytes asked for, whatever bytes follow them and however the slots collide.
@Suite struct JSONShortStringCacheTests {
  /// The string of `bytes[start..<start + count]` from `cache`, and whether it was made anew.
  static func lookUp(
    _ cache: JSONShortStringCache, _ bytes: [UInt8], from start: Int = 0, count: Int
  ) -> (string: String, wasMade: Bool) {
    var wasMade = false
    let string = bytes.withUnsafeBufferPointer { buffer in
      cache.string(at: buffer.baseAddress.unsafelyUnwrapped + start, count: count) {
        wasMade = true
        return String(decoding: buffer[start..<start + count], as: UTF8.self)
      }
    }
    return (string, wasMade)
  }

  @Test func everyLengthIsMadeOnceAndOnlyItsOwnBytesCount() {
    let cache = JSONShortStringCache(inputCount: 1 << 20)
    for count in 1...JSONShortStringCache.maximumCount {
      let text = Array("abcdefghijklmno".utf8.prefix(count))
      // What follows the string must not matter, up to the sixteen bytes the cache reads.
      let first = Self.lookUp(cache, text + Array("\"XXXXXXXXXXXXXXXX".utf8), count: count)
      let second = Self.lookUp(cache, text + Array(":YYYYYYYYYYYYYYYY".utf8), count: count)
      #expect(first == (String(decoding: text, as: UTF8.self), true), "\(count)")
      #expect(second == (String(decoding: text, as: UTF8.self), false), "\(count)")
    }
  }

  @Test func aStringIsNeverTakenForALongerOne() {
    let cache = JSONShortStringCache(inputCount: 0)
    // The same first bytes, with the byte after the shorter one a NUL or the longer one's.
    for (short, long) in [("a", "a\u{0}"), ("abcdefg", "abcdefgh"), ("abcdefgh", "abcdefghi")] {
      let shortBytes = Array(short.utf8) + [UInt8](repeating: 0, count: 16)
      let longBytes = Array(long.utf8) + [UInt8](repeating: 0, count: 16)
      #expect(Self.lookUp(cache, shortBytes, count: short.utf8.count).string == short)
      #expect(Self.lookUp(cache, longBytes, count: long.utf8.count).string == long)
      #expect(Self.lookUp(cache, shortBytes, count: short.utf8.count) == (short, false))
      #expect(Self.lookUp(cache, longBytes, count: long.utf8.count) == (long, false))
    }
  }

  @Test func manyMoreStringsThanSlotsAreAlwaysRight() {
    var random = SplitMix64(seed: 5)
    let cache = JSONShortStringCache(inputCount: 0)
    let words = (0..<400).map { index in "w\(index)한" + String(repeating: "x", count: index % 6) }
    var hits = 0
    for _ in 0..<20_000 {
      // A few words often, the rest rarely, as keys and values are.
      let index = Int.random(
        in: 0..<(Bool.random(using: &random) ? 6 : words.count), using: &random)
      let bytes = Array(words[index].utf8) + [UInt8](repeating: 0x22, count: 16)
      let found = Self.lookUp(cache, bytes, count: words[index].utf8.count)
      #expect(found.string == words[index])
      if !found.wasMade { hits += 1 }
    }
    // The six frequent words are found most of the times they come.
    #expect(hits > 5_000)
  }

  @Test func theReaderGivesTheSameStringsFromTheCache() {
    // Keys and values repeated, one of them at the very end of the input, where fewer than
    // sixteen bytes follow.
    let text = #"[{"k":"v","key":"value","한":"é"},{"k":"v","key":"value","한":"é"},"v"]"#
    let parsed = JSONReader.read(SourceFile(name: "t.json", text: text))
    let values = parsed.documents.first?.arrayValue ?? []
    #expect(values.count == 3)
    for object in values.prefix(2) {
      #expect(object.objectValue?.members.map(\.key) == ["k", "key", "한"])
      #expect(object.objectValue?.members.map(\.value.stringValue) == ["v", "value", "é"])
    }
    #expect(values.last?.stringValue == "v")
  }
}
