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
  private let file: OpenedFile?
  private let console: Console

  /// Opens the input `argument` names: a path as the user wrote it, or `-`.
  ///
  /// - Throws: A ``FileError`` when the file cannot be opened.
  init(_ argument: String, console: Console) throws(FileError) {
    self.console = console
    if argument == InputReader.standardInputArgument {
      file = nil
    } else {
      file = try FileIO.openForReading(atPath: argument)
    }
  }

  /// Whether the input can be read again from an earlier offset (``seek(to:)``): a regular
  /// file, not standard input or a pipe.
  var isSeekable: Bool { file?.regularFileSize != nil }

  /// Makes the next bytes those from `offset` on, in an input that ``isSeekable``.
  ///
  /// - Throws: A ``FileError`` when the file cannot be positioned there.
  func seek(to offset: Int) throws(FileError) {
    guard let file else { throw .describing(ESPIPE) }
    try file.seek(to: offset)
  }

  /// `prefix` (none by default) and then the next bytes, at most `maximumCount`, in one array
  /// (read in place after the prefix from a file); `prefix` alone at the end of the input.
  ///
  /// - Throws: A ``FileError`` when reading fails (a directory, say).
  func next(maximumCount: Int, after prefix: [UInt8] = []) throws(FileError) -> [UInt8] {
    if let file { return try file.readChunk(maximumCount: maximumCount, after: prefix) }
    let chunk = try console.readInputChunk(maximumCount)
    return prefix.isEmpty ? chunk : prefix + chunk
  }
}
