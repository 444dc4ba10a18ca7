import Testing

@testable import pushc

@Suite struct PathGlobTests {
  @Test(arguments: [
    ("*.json", "a.json", true),
    ("*.json", "samples/deep/a.json", true),
    ("*.json", "a.yaml", false),
    ("samples/*.json", "samples/a.json", true),
    ("samples/*.json", "samples/deep/a.json", false),
    ("samples/**/*.json", "samples/a.json", true),
    ("samples/**/*.json", "samples/x/y/a.json", true),
    ("/a.json", "a.json", true),
    ("/a.json", "x/a.json", false),
    ("drafts", "drafts/b.json", true),
    ("drafts", "x/drafts/b.json", true),
    ("drafts/", "drafts/b.json", true),
    ("samples/wrong", "samples/wrong/b.json", true),
    ("samples/wrong", "other/samples/wrong/b.json", false),
    ("*.{json,yaml}", "x/a.yaml", true),
    ("*.{json,yaml}", "x/a.apns", false),
    ("a?.json", "ab.json", true),
    ("[ab].json", "c.json", false),
  ])
  func matches(pattern: String, path: String, expected: Bool) throws {
    let glob = try #require(PathGlob(pattern))
    #expect(glob.matches(path) == expected, "\(pattern) vs \(path)")
  }

  @Test func emptyAndUnbalancedPatternsAreRejected() {
    #expect(PathGlob("") == nil)
    #expect(PathGlob("*.{json") == nil)
    #expect(PathGlob("a}") == nil)
    #expect(PathGlob("{a,{b}}") == nil)
  }
}
