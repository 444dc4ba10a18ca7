import Foundation
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

  /// A file is read whole, with one read of its size: around the chunk size of a pipe too.
  /// A path with U+FFFD that names no file says why it most likely names none (a command line
  /// hands on a name that is not UTF-8 that way); another missing file is just missing, and a
  /// file whose name holds U+FFFD as UTF-8 is read.
  @Test func aMissingFileWithARepairedNameSaysWhy() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("bad\u{FFFD}name.json")
    #expect(throws: FileError.noFileByRepairedName) {
      try FileIO.readFile(atPath: missing, maximumSize: 100)
    }
    #expect(throws: FileError.describing(ENOENT)) {
      try FileIO.readFile(atPath: directory.path("missing.json"), maximumSize: 100)
    }
    let present = try directory.write("{}", to: "odd\u{FFFD}name.json")
    #expect(try FileIO.readFile(atPath: present, maximumSize: 100) == Array("{}".utf8))
  }

  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 200_001])
  func aFileIsReadWhole(size: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = String((0..<size).lazy.map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    let path = try directory.write(text, to: "input.json")
    #expect(try FileIO.readFile(atPath: path, maximumSize: size) == Array(text.utf8))
    #expect(try FileIO.readFile(atPath: path, maximumSize: Int.max) == Array(text.utf8))
    if size > 0 {
      #expect(throws: FileError.tooLarge(size - 1)) {
        try FileIO.readFile(atPath: path, maximumSize: size - 1)
      }
    }
  }

  /// Input of unknown size (a pipe) is read a chunk at a time, and stops one byte past the
  /// limit.
  @Test(arguments: [0, 70_000, 200_000])
  func aPipeIsReadWhole(size: Int) throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let writeEnd = ends[1]
    let writer = Thread {
      bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
          let count = write(writeEnd, buffer.baseAddress! + written, buffer.count - written)
          if count <= 0 { break }
          written += count
        }
      }
      close(writeEnd)
    }
    writer.start()
    defer { close(ends[0]) }
    if size > 100_000 {
      #expect(throws: FileError.tooLarge(100_000)) {
        try FileIO.readAll(from: ends[0], maximumSize: 100_000)
      }
      // The writer may be blocked on a full pipe: what it has not written is drained.
      var sink = [UInt8](repeating: 0, count: 1 << 16)
      while read(ends[0], &sink, sink.count) > 0 {}
    } else {
      #expect(try FileIO.readAll(from: ends[0], maximumSize: 100_000) == bytes)
    }
  }

  @Test func aFileThatCannotBeReadHoldsNothing() {
    #expect(!FileIO.contains(Array("a".utf8), atPath: "/nonexistent/pushc/file"))
  }
}
