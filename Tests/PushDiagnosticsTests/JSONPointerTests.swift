import PushDiagnostics
import Testing

@Suite struct JSONPointerTests {
  @Test(arguments: ["", "/a", "/a/0", "/a~1b/~0c", "/", "//x", "/한", "/공~0지/~1~1/é~01"])
  func roundTrip(_ text: String) throws {
    let pointer = try #require(JSONPointer(text))
    #expect(pointer.description == text)
  }

  @Test func tokensAreUnescaped() {
    #expect(JSONPointer("/a~1b/~0c/~01")?.tokens == ["a/b", "~c", "~1"])
  }

  @Test(arguments: ["a", "/~2", "/~"])
  func invalidPointers(_ text: String) {
    #expect(JSONPointer(text) == nil)
  }

  @Test func appending() {
    #expect(JSONPointer.root.appending("a/b").appending(index: 3).description == "/a~1b/3")
    #expect(JSONPointer("/a/b")?.parent.description == "/a")
  }

  /// A pointer that starts at an element of the document's array keeps the index apart; it is
  /// the same pointer as one built from the same tokens in every way.
  @Test func aLeadingIndexIsAnyOtherToken() {
    let element = JSONPointer.root.appending(index: 12)
    let built = element.appending("message").appending("data").appending(index: 0)
    let plain = JSONPointer(tokens: ["12", "message", "data", "0"])
    #expect(built == plain)
    #expect(built.hashValue == plain.hashValue)
    #expect(Set([built, plain]).count == 1)
    #expect(built.tokens == plain.tokens)
    #expect(built.description == "/12/message/data/0")
    #expect(!(built < plain) && !(plain < built))
    #expect(element.parent == .root)
    #expect(built.parent.parent == JSONPointer("/12/message"))
    #expect(element != JSONPointer.root.appending(index: 13))
    #expect(JSONPointer("/12") == element)
    var renumbered = built
    renumbered.tokens[0] = "7"
    #expect(renumbered.description == "/7/message/data/0")
  }
}
