#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for blocking reads (``FileIO/openForReading(atPath:)``), closed when the last
/// reference goes.
final class OpenedFile {
  /// The file descriptor.
  let descriptor: Int32
  /// The size of a regular file when it was opened; `nil` for a pipe, a device or a folder,
  /// whose size says nothing.
  let regularFileSize: Int?

  /// Takes over `descriptor`, which it closes.
  init(descriptor: Int32, regularFileSize: Int?) {
    self.descriptor = descriptor
    self.regularFileSize = regularFileSize
  }

  deinit {
    close(descriptor)
  }

  /// Reads the file from where it is to its end, at most `maximumSize` bytes.
  ///
  /// - Throws: A ``FileError`` when reading fails or there are more than `maximumSize` bytes.
  func readAll(maximumSize: Int) throws(FileError) -> [UInt8] {
    try FileIO.readAll(from: descriptor, size: regularFileSize, maximumSize: maximumSize)
  }

  /// Makes the next bytes read those from `offset` on.
  ///
  /// - Throws: A ``FileError`` when the file cannot be positioned (a pipe, say).
  func seek(to offset: Int) throws(FileError) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw .describing(errno) }
  }

  /// `prefix` (none by default) and then the next bytes, at most `maximumCount`, read in place
  /// after it in one array; `prefix` alone at the end of the file.
  ///
  /// - Throws: A ``FileError`` when reading fails (a folder, say).
  func readChunk(maximumCount: Int, after prefix: [UInt8] = []) throws(FileError) -> [UInt8] {
    try FileIO.readChunk(from: descriptor, maximumCount: maximumCount, after: prefix)
  }
}
