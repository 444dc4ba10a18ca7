import Foundation
import Testing

@testable import pushc

/// The spool gives back what it was given, in order, from memory or from its file.
@Suite struct ByteSpoolTests {
  static let runs: [[UInt8]] = (0..<200).map { index in
    Array(repeating: UInt8(truncatingIfNeeded: index), count: 1 + index % 37)
  }

  static func drained(_ spool: ByteSpool) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try spool.drain { bytes += $0 }
    return bytes
  }

  @Test(arguments: [1 << 20, 100, 1, 0])
  func bytesComeBackInOrder(memoryLimit: Int) throws {
    let spool = ByteSpool(folder: "/tmp", memoryLimit: memoryLimit)
    for run in Self.runs { spool.append(run) }
    #expect(spool.count == Self.runs.joined().count)
    if memoryLimit < 100 { #expect(spool.fileByteCount > 0, "past the limit, in the file") }
    #expect(try Self.drained(spool) == Array(Self.runs.joined()))
    #expect(spool.count == 0)
    // Drained, it serves again.
    spool.append([1, 2, 3])
    #expect(try Self.drained(spool) == [1, 2, 3])
  }

  @Test func aFileThatCannotBeMadeLeavesTheBytesInMemory() throws {
    let spool = ByteSpool(folder: "/nonexistent-folder-for-pushc-tests", memoryLimit: 10)
    for run in Self.runs { spool.append(run) }
    #expect(spool.fileByteCount == 0)
    #expect(try Self.drained(spool) == Array(Self.runs.joined()))
  }

  #if os(Linux)
  /// A file cut short behind the spool's back (another process, a full disk that lost
  /// writes) is reported when it is read back, after the bytes that were there, and the spool
  /// is emptied.
  @Test func aFileCutShortIsReportedWhenReadBack() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let spool = ByteSpool(folder: folder.url.path, memoryLimit: 1)
    spool.append([1, 2, 3, 4])
    spool.append([5, 6])
    #expect(spool.fileByteCount == 6)
    // The spool's file is removed from its folder as soon as it is made: it is found among
    // the process's open files, by the name it had.
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    let spoolDescriptors = descriptors.compactMap { name -> Int32? in
      let target = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/" + name)
      guard let target, target.hasPrefix(folder.url.path + "/pushc-spool-") else { return nil }
      return Int32(name)
    }
    try #require(spoolDescriptors.count == 1)
    #expect(ftruncate(spoolDescriptors[0], 4) == 0)
    var handedOut: [UInt8] = []
    #expect(throws: FileError.self) { try spool.drain { handedOut += $0 } }
    #expect(handedOut == [1, 2, 3, 4])
    #expect(spool.count == 0)
    spool.append([7])
    #expect(try Self.drained(spool) == [7])
  }
  #endif

  @Test func theFileLeavesNothingBehind() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let spool = ByteSpool(folder: folder.url.path, memoryLimit: 1)
    spool.append([1, 2, 3])
    #expect(spool.fileByteCount == 3)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty,
      "the file is removed as soon as it is made")
    #expect(try Self.drained(spool) == [1, 2, 3])
  }
}
