import Foundation
import Testing

@testable import pushc

/// The folder walk in process: patterns, order, and what it leaves out.
@Suite struct InputDiscoveryTests {
  @Test(arguments: [
    ("*.json", "a.json", "x/a.json", true),
    ("*.json", "a.yaml", "x/a.yaml", false),
    ("fixtures", "fixtures", "x/fixtures", true),
    ("x/*", "a.json", "x/y/a.json", true),
    ("y/*", "a.json", "x/y/a.json", false),
    ("*.fcm.json", "n.fcm.json", "n.fcm.json", true),
    ("[ab].json", "c.json", "c.json", false),
    ("*", "a.json", "x/a.json", true),
    ("*.JSON", "a.json", "a.json", false),
    ("*.json", "a.json.bak", "a.json.bak", false),
    ("*.json", "json", "json", false),
    ("*son", "a.json", "a.json", true),
    ("*.jso?", "a.json", "a.json", true),
    ("*[.]json", "a.json", "a.json", true),
    ("*.공지", "알림.공지", "알림.공지", true),
  ])
  func patternsMatchNamesOrPaths(pattern: String, name: String, path: String, matches: Bool) {
    #expect(InputDiscovery.pattern(pattern, matches: name, relativePath: path) == matches)
  }

  /// Names sort by their UTF-8 bytes, as `ls` in the C locale sorts them: capitals first,
  /// a prefix before what it starts, non-ASCII after ASCII.
  @Test func namesSortInByteOrder() {
    let names = ["b", "a.json", "", "é.json", "a", "B.json", "a.json5", "공지.json", "e.json", "~"]
    let sorted = names.sorted { InputDiscovery.precedesInByteOrder($0, $1) }
    #expect(sorted == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(
      sorted == ["", "B.json", "a", "a.json", "a.json5", "b", "e.json", "~", "é.json", "공지.json"])
  }

  /// An entry whose name is not UTF-8 cannot be named, so not read: a file that matches the
  /// patterns, and a folder that would be walked, are reported as such; others are left out.
  @Test func anEntryWhoseNameIsNotUTF8IsReported() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    let root = tree.path("t")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try tree.write("{}", to: "t/ok.json")
    for name: [UInt8] in [
      Array("a".utf8) + [0xFF] + Array(".json".utf8), Array("b".utf8) + [0xFE] + Array(".txt".utf8),
    ] {
      let path = Array(root.utf8) + [UInt8(ascii: "/")] + name + [0]
      let descriptor = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
      }
      try #require(descriptor >= 0)
      close(descriptor)
    }
    let folder = Array(root.utf8) + Array("/d".utf8) + [0xC3, 0x28, 0]
    let made = folder.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
    }
    try #require(made == 0)
    let inputs = InputDiscovery().inputs(for: [root])
    #expect(
      inputs.map(\.name) == [root + "/a\u{FFFD}.json", root + "/d\u{FFFD}(", root + "/ok.json"])
    #expect(inputs.map(\.problem) == [.nameIsNotUTF8, .nameIsNotUTF8, nil])
    var excluding = InputDiscovery()
    excluding.excludes = ["d*"]
    #expect(excluding.inputs(for: [root]).map(\.problem) == [.nameIsNotUTF8, nil])
  }

  @Test func walksInSortedOrderAndKeepsNamedFiles() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    for name in ["t/b.json", "t/a/z.yaml", "t/a.json", "t/C.yml", "t/.h/x.json", "t/n.txt"] {
      try FileManager.default.createDirectory(
        at: tree.url.appendingPathComponent(name).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try tree.write("{}", to: name)
    }
    let root = tree.path("t")
    let inputs = InputDiscovery().inputs(for: [root, tree.path("t/n.txt"), "-"])
    #expect(
      inputs.map(\.name) == [
        root + "/C.yml", root + "/a/z.yaml", root + "/a.json", root + "/b.json",
        tree.path("t/n.txt"), "<stdin>",
      ])
    #expect(inputs.allSatisfy { $0.problem == nil })
    var excluding = InputDiscovery()
    excluding.excludes = ["a"]
    excluding.standardInputName = "named.json"
    #expect(
      excluding.inputs(for: [root, "-"]).map(\.name) == [
        root + "/C.yml", root + "/a.json", root + "/b.json", "named.json",
      ])
  }
}
