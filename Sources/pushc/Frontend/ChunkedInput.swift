#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input named on the command line, read a chunk at a time: a file, or standard input for
/// `-`.
final class ChunkedInput {
  private let descriptor: Int32?
  private let console: Console

  /// Opens the input `argument` names: a path as the user wrote it, or `-`.
  ///
  /// - Throws: A ``FileError`` when the file cannot be opened.
  init(_ argument: String, console: Console) throws(FileError) {
    self.console = console
    if argument == InputReader.standardInputArgument {
      descriptor = nil
    } else {
      descriptor = try FileIO.openForReading(atPath: argument).descriptor
    }
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// The next bytes, at most `maximumCount`; none at the end of the input.
  ///
  /// - Throws: A ``FileError`` when reading fails (a directory, say).
  func next(maximumCount: Int) throws(FileError) -> [UInt8] {
    if let descriptor {
      return try FileIO.readChunk(from: descriptor, maximumCount: maximumCount)
    }
    return try console.readInputChunk(maximumCount)
  }
}
