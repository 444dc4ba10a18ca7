import Testing

@testable import pushc

/// Lexical path arithmetic, on the bytes of paths.
@Suite struct FilePathsTests {
  @Test(
    arguments: [
      ("/", "/"), ("", "/"), ("/a/b/c.json", "/a/b/c.json"), ("/a//b///c/", "/a/b/c"),
      ("/a/./b/.", "/a/b"), ("/a/b/../c", "/a/c"), ("/../a", "/a"), ("/a/../..", "/"),
      ("a/b", "/a/b"), ("/a/.b/..c/.../d", "/a/.b/..c/.../d"), ("/공지/./알림.yaml", "/공지/알림.yaml"),
      ("/a/b/c/../../d/./e/..", "/a/d"), ("/...", "/..."), ("/a/..b/.c", "/a/..b/.c"),
      ("/a/.", "/a"), ("/a/..", "/"), ("//", "/"), ("/a/", "/a"),
    ])
  func aPathIsNormalized(path: String, normalized: String) {
    #expect(FilePaths.normalized(path) == normalized)
    #expect(FilePaths.isNormalized(path) == (path == normalized))
    #expect(FilePaths.isNormalized(normalized))
  }

  @Test(arguments: [("/", "/"), ("/a", "/"), ("/a/b", "/a"), ("/공지/알림.json", "/공지")])
  func theParentOfAPathIsItsFolder(path: String, parent: String) {
    #expect(FilePaths.parent(of: path) == parent)
  }

  @Test func aRelativePathIsMadeAbsoluteInItsFolder() {
    #expect(FilePaths.absolute("samples/../m.json", in: "/work/main") == "/work/main/m.json")
    #expect(FilePaths.absolute("/etc/./x", in: "/work") == "/etc/x")
    #expect(FilePaths.absolute(".", in: "/work/main/") == "/work/main")
  }
}
