#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes kept for later in order, in memory up to ``memoryLimit`` and past it in a temporary
/// file (made in `folder` and removed at once, so nothing is left behind whatever happens), so
/// that what a report must hold until its end (SARIF's results, which follow its rules) costs
/// bounded memory. When the file cannot be made or written, the bytes stay in memory.
final class ByteSpool {
  /// The most bytes held in memory before they go to the file.
  let memoryLimit: Int
  /// Where the file is made.
  private let folder: String
  /// The bytes in memory, after those of the file, a run per append.
  private var runs: [[UInt8]] = []
  /// How many bytes ``runs`` hold.
  private var runsByteCount = 0
  /// The file, once made; `nil` before, or for good once making or writing it failed.
  private var descriptor: Int32?
  /// Whether the file failed: the bytes then stay in memory.
  private var fileFailed = false
  /// How many bytes the file holds: those of whole runs written, whatever a failed write left.
  private(set) var fileByteCount = 0

  /// An empty spool whose file, if one is needed, is made in `folder`.
  init(folder: String, memoryLimit: Int = 8 << 20) {
    self.folder = folder
    self.memoryLimit = memoryLimit
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// How many bytes the spool holds.
  var count: Int { fileByteCount + runsByteCount }

  /// Adds `bytes` after those held.
  func append(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    runs.append(bytes)
    runsByteCount += bytes.count
    if runsByteCount > memoryLimit, !fileFailed { moveRunsToFile() }
  }

  /// Hands the bytes held, in order, to `body` a piece at a time, and empties the spool.
  ///
  /// - Throws: A ``FileError`` when the file cannot be read back; the bytes after what was
  ///   handed out are then lost, and the spool is emptied.
  func drain(_ body: ([UInt8]) -> Void) throws(FileError) {
    defer {
      fileByteCount = 0
      runs = []
      runsByteCount = 0
      if let descriptor {
        _ = ftruncate(descriptor, 0)
        _ = lseek(descriptor, 0, SEEK_SET)
      }
    }
    if let descriptor, fileByteCount > 0 {
      guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .fromErrno() }
      var remaining = fileByteCount
      while remaining > 0 {
        let chunk = try FileIO.readChunk(from: descriptor, maximumCount: min(remaining, 1 << 20))
        guard !chunk.isEmpty else { throw FileError(reason: "the temporary file was cut short") }
        body(chunk)
        remaining -= chunk.count
      }
    }
    for run in runs { body(run) }
  }

  /// Writes the runs in memory to the file, making it first; leaves them in memory when that
  /// fails, and stops using the file.
  private func moveRunsToFile() {
    if descriptor == nil {
      guard let made = try? FileIO.makeTemporaryFile(pathPrefix: folder + "/pushc-spool-") else {
        fileFailed = true
        return
      }
      unlink(made.path)
      descriptor = made.descriptor
    }
    guard let descriptor else { return }
    var written = 0
    for run in runs {
      do {
        try FileIO.writeAll(run, to: descriptor)
      } catch {
        // What a failed write left past the whole runs is never read back.
        fileFailed = true
        break
      }
      fileByteCount += run.count
      written += 1
    }
    runs.removeFirst(written)
    runsByteCount = runs.reduce(0) { $0 + $1.count }
  }
}
