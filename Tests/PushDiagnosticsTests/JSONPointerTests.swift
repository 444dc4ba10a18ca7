import PushDiagnostics
import Testing

@Suite struct JSONPointerTests {
  @Test(arguments: ["", "/a", "/a/0", "/a~1b/~0c", "/", "//x", "/한"])
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
}
