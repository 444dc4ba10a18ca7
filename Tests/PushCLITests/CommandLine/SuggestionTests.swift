import Testing

@testable import pushc

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("", "", 0), ("a", "", 1), ("", "abc", 3), ("check", "check", 0), ("chek", "check", 1),
    ("indnet", "indent", 1), ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "ca", 3),
  ])
  func editDistance(_ a: String, _ b: String, _ distance: Int) {
    #expect(Suggestion.editDistance(a, b) == distance)
    #expect(Suggestion.editDistance(b, a) == distance)
  }

  @Test func closestCandidate() {
    let names = ["check", "write", "indent", "input-format", "help"]
    #expect(Suggestion.closest(to: "chekc", among: names) == "check")
    #expect(Suggestion.closest(to: "wirte", among: names) == "write")
    #expect(Suggestion.closest(to: "input", among: names) == "input-format")
    #expect(Suggestion.closest(to: "in", among: names) == nil)
    #expect(Suggestion.closest(to: "verbose", among: names) == nil)
    #expect(Suggestion.closest(to: "x", among: ["y"]) == nil)
  }
}
