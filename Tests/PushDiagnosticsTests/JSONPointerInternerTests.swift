import Testing

@testable import PushDiagnostics

/// The interner hands out the pointer `appending` builds, shared for a parent and a token it
/// has seen, and keeps no more than its capacity.
@Suite struct JSONPointerInternerTests {
  @Test func returnsWhatAppendingBuildsAndKeepsEachPairOnce() {
    let interner = JSONPointerInterner()
    let message = interner.rootMember("message")
    #expect(message == JSONPointer(tokens: ["message"]))
    // Tokens of one length under one parent land in the same slot first.
    for token in ["title", "token", "topic", "image", "title", "token"] {
      #expect(interner.appending(token, to: message) == message.appending(token))
    }
    #expect(interner.count == 5, "message plus four distinct tokens")
    #expect(interner.rootMember("message") == message)
    #expect(interner.count == 5)
  }

  @Test func growsPastItsFirstTableAndFindsEveryPointerAgain() {
    let interner = JSONPointerInterner()
    let data = interner.rootMember("data")
    let keys = (0..<300).map { "key\($0)" }
    for key in keys { _ = interner.appending(key, to: data) }
    #expect(interner.count == 301)
    for key in keys {
      #expect(interner.appending(key, to: data) == JSONPointer(tokens: ["data", key]))
    }
    #expect(interner.count == 301, "nothing is kept twice after the table grew")
  }

  @Test func equalParentsInOtherStorageGetEqualChildren() {
    let interner = JSONPointerInterner()
    let first = JSONPointer(tokens: ["a", "b"])
    let second = JSONPointer(tokens: ["a"]).appending("b")
    #expect(interner.appending("c", to: first) == interner.appending("c", to: second))
    #expect(interner.appending("c", to: second) == JSONPointer(tokens: ["a", "b", "c"]))
  }

  @Test func keepsAtMostItsCapacity() {
    let interner = JSONPointerInterner(capacity: 2)
    for index in 0..<10 {
      #expect(interner.rootMember("k\(index)") == JSONPointer(tokens: ["k\(index)"]))
    }
    #expect(interner.count == 2)
    let single = JSONPointerInterner(messageCount: 1)
    #expect(single.appending("x", to: .root) == JSONPointer(tokens: ["x"]))
    #expect(single.count == 0, "one message: nothing to share")
  }

  @Test func tokensNeedingEscapesAndEmptyTokensAreTokensLikeAnyOther() {
    let interner = JSONPointerInterner()
    for token in ["", "a/b", "m~n", "안녕", ""] {
      #expect(interner.rootMember(token) == JSONPointer(tokens: [token]))
    }
    #expect(interner.count == 4)
    #expect(interner.rootMember("a/b").description == "/a~1b")
  }

  /// The pointers below the elements of an array share their tokens after the index: the
  /// interner keeps each path once for every element, as for the documents of NDJSON.
  @Test func elementsOfAnArrayShareTheirPaths() {
    let interner = JSONPointerInterner()
    for index in 0..<50 {
      let element = JSONPointer.root.appending(index: index)
      let message = interner.appending("message", to: element)
      let topic = Array("topic".utf8).withUnsafeBufferPointer { bytes in
        interner.appending(utf8: bytes, to: message)
      }
      #expect(topic == JSONPointer(tokens: [String(index), "message", "topic"]))
    }
    #expect(interner.count == 2, "message and message/topic, once each")
  }

  /// Tokens found by their bytes are told apart by their words up to sixteen bytes and by
  /// their bytes past that: tokens of every length that share a prefix or a suffix, and
  /// differ in one byte, each get their own pointer.
  @Test func tokensFoundByTheirBytesAreToldApartAtEveryLength() {
    let interner = JSONPointerInterner()
    let parent = interner.rootMember("data")
    var tokens: [String] = []
    for length in 0...24 {
      let plain = String(repeating: "k", count: length)
      tokens.append(plain)
      if length > 0 {
        tokens.append("x" + String(repeating: "k", count: length - 1))
        tokens.append(String(repeating: "k", count: length - 1) + "x")
      }
      if length > 2 {
        let middle = length / 2
        tokens.append(
          String(repeating: "k", count: middle) + "x"
            + String(repeating: "k", count: length - middle - 1))
      }
    }
    for token in tokens { _ = interner.appending(token, to: parent) }
    for token in tokens {
      let found = Array(token.utf8).withUnsafeBufferPointer { bytes in
        interner.appending(utf8: bytes, to: parent)
      }
      #expect(found == JSONPointer(tokens: ["data", token]), "\(token)")
    }
  }
}
