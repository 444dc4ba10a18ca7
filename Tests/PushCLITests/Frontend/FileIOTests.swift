import Testing

@testable import pushc

@Suite struct FileIOTests {
  /// The file is read a megabyte at a time: a needle is found wherever it lies, across the
  /// boundary between two chunks too.
  @Test(arguments: [0, 1_048_570, 1_048_576 - 13, 1_048_576 - 1, 2_097_152 - 6, 2_500_000 - 13])
  func aNeedleIsFoundWhereverItLies(offset: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let needle = "pushc-disable"
    var text = String(repeating: "p", count: 2_500_000)
    let start = text.index(text.startIndex, offsetBy: offset)
    text.replaceSubrange(start..<text.index(start, offsetBy: needle.count), with: needle)
    let path = try directory.write(text, to: "large.yaml")
    #expect(FileIO.contains(Array(needle.utf8), atPath: path))
    #expect(!FileIO.contains(Array("pushc-disablf".utf8), atPath: path))
  }

  @Test func aFileThatCannotBeReadHoldsNothing() {
    #expect(!FileIO.contains(Array("a".utf8), atPath: "/nonexistent/pushc/file"))
  }
}
