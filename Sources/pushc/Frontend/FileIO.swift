#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written: the system's explanation, such as
/// "no such file or directory".
struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The explanation, lower-case.
  let reason: String

  /// Creates an error with an explanation.
  init(reason: String) {
    self.reason = reason
  }

  /// The explanation of the current `errno`.
  static func fromErrno() -> FileError {
    describing(errno)
  }

  /// The explanation of `code`.
  static func describing(_ code: Int32) -> FileError {
    guard let text = strerror(code) else { return FileError(reason: "error \(code)") }
    let message = String(cString: text)
    return FileError(reason: message.prefix(1).lowercased() + message.dropFirst())
  }

  /// The error of an input larger than `limit` bytes.
  static func tooLarge(_ limit: Int) -> FileError {
    FileError(reason: "it is larger than \(limit) bytes (raise the limit with --max-input-size)")
  }

  /// The error of a folder entry whose name is not valid UTF-8: the name pushc would use for
  /// it (with U+FFFD in place of the bytes) names no file.
  static let nameIsNotUTF8 = FileError(
    reason: "its name is not valid UTF-8, and pushc cannot open it by that name (rename it)")

  /// The error of a path with U+FFFD in it that names no file: most likely a name that is not
  /// valid UTF-8, which the command line hands on with U+FFFD in place of its bytes.
  static let noFileByRepairedName = FileError(
    reason:
      "no such file or directory (a name that is not valid UTF-8 reaches pushc with U+FFFD in "
      + "place of its bytes, and pushc cannot open it by that name: rename it)")

  /// The error of an NDJSON input with a document (or a run of bytes with no place to cut)
  /// larger than `limit` bytes.
  static func documentTooLarge(_ limit: Int) -> FileError {
    FileError(
      reason:
        "it has a document larger than \(limit) bytes (raise the limit with --max-input-size)")
  }

  /// The error of a JSON array read in parts with more than `limit` bytes between two places
  /// to cut (commas followed by a line break).
  static func elementsTooLarge(_ limit: Int) -> FileError {
    FileError(
      reason:
        "its array has more than \(limit) bytes of elements without a line break between two of "
        + "them (raise the limit with --max-input-size)")
  }

  var description: String { reason }
}

/// Reads and writes whole files as bytes with POSIX calls, so failures carry the system's
/// reason.
enum FileIO {
  /// Reads the whole file at `path`, at most `maximumSize` bytes.
  ///
  /// The file is opened without blocking, then read with blocking reads: a FIFO that no
  /// process is writing to reads as empty instead of waiting forever for a writer, while a pipe
  /// that has a writer (`<(command)`) is read to its end as usual.
  ///
  /// - Parameters:
  ///   - path: The path as the user wrote it.
  ///   - maximumSize: The most bytes accepted; a larger file (or an endless device such as
  ///     `/dev/zero`) is an error once that many bytes are read.
  /// - Returns: The bytes.
  /// - Throws: A ``FileError`` when the file cannot be opened or read (a directory, say), or is
  ///   larger than `maximumSize`.
  static func readFile(atPath path: String, maximumSize: Int) throws(FileError) -> [UInt8] {
    try openForReading(atPath: path).readAll(maximumSize: maximumSize)
  }

  /// Opens the file at `path` for blocking reads, as ``readFile(atPath:maximumSize:)`` does:
  /// a FIFO with no writer reads as empty instead of blocking the open.
  ///
  /// - Returns: The open file, with its size when it is a regular file.
  static func openForReading(atPath path: String) throws(FileError) -> OpenedFile {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      // A name that is not UTF-8 reaches pushc with U+FFFD in place of its bytes, as a folder
      // walk finds it (``FileError/nameIsNotUTF8``), and names no file.
      if code == ENOENT, path.unicodeScalars.contains("\u{FFFD}") { throw .noFileByRepairedName }
      throw .describing(code)
    }
    if let size = regularFileSize(ofDescriptor: descriptor) {
      // Reading a regular file never waits: the flag changes nothing, and is left.
      return OpenedFile(descriptor: descriptor, regularFileSize: size)
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return OpenedFile(descriptor: descriptor, regularFileSize: nil)
  }

  /// Reads the next bytes from `descriptor`, at most `maximumCount`, into one array after
  /// `prefix`: the array is `prefix` alone at the end of the file.
  static func readChunk(
    from descriptor: Int32, maximumCount: Int, after prefix: [UInt8] = []
  ) throws(FileError) -> [UInt8] {
    // Read into uninitialised storage: filling a megabyte with zeros first cost as much as
    // scanning it for the places to cut.
    var failure: Int32 = 0
    let maximumCount = max(0, maximumCount)
    let chunk = [UInt8](unsafeUninitializedCapacity: prefix.count + maximumCount) {
      buffer, initializedCount in
      initializedCount = 0
      guard let base = buffer.baseAddress else { return }
      prefix.withUnsafeBufferPointer { prefix in
        if let start = prefix.baseAddress { base.initialize(from: start, count: prefix.count) }
      }
      initializedCount = prefix.count
      while true {
        let count = read(descriptor, base + prefix.count, maximumCount)
        if count >= 0 {
          initializedCount = prefix.count + count
          return
        }
        if errno != EINTR {
          failure = errno
          return
        }
      }
    }
    if failure != 0 { throw .describing(failure) }
    return chunk
  }

  /// Reads from `descriptor` until the end of the file, at most `maximumSize` bytes.
  ///
  /// - Throws: A ``FileError`` when reading fails, or when there are more than `maximumSize`
  ///   bytes; reading stops there, so an endless input costs at most that much memory.
  static func readAll(from descriptor: Int32, maximumSize: Int) throws(FileError) -> [UInt8] {
    try readAll(
      from: descriptor, size: regularFileSize(ofDescriptor: descriptor), maximumSize: maximumSize)
  }

  /// Reads from `descriptor`, whose size is `size` when it is known (a regular file), as
  /// ``readAll(from:maximumSize:)`` does.
  static func readAll(from descriptor: Int32, size: Int?, maximumSize: Int)
    throws(FileError) -> [UInt8]
  {
    let size = max(size ?? 0, 0)
    guard size <= maximumSize else { throw .tooLarge(maximumSize) }
    // A file of known size is read with one call into an array that size and a byte more (the
    // next call finds the end); a pipe, or a file that grew, a chunk at a time. A zeroed chunk
    // copied into the array cost more than reading a small file.
    var bytes: [UInt8] = []
    var chunkSize = size > 0 ? size + 1 : 1 << 16
    while true {
      // One byte past the limit at most, which tells a file over it.
      let room = maximumSize - bytes.count
      let chunk = try readChunk(
        from: descriptor, maximumCount: room < chunkSize ? room + 1 : chunkSize)
      if chunk.isEmpty { return bytes }
      guard chunk.count <= maximumSize - bytes.count else { throw .tooLarge(maximumSize) }
      if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
      chunkSize = 1 << 16
    }
  }

  /// Whether the file at `path` holds `needle` (not empty), read a megabyte at a time; `false`
  /// when it cannot be read (reading it for its use reports why).
  static func contains(_ needle: [UInt8], atPath path: String) -> Bool {
    guard !needle.isEmpty, let file = try? openForReading(atPath: path) else { return false }
    // The last bytes of a chunk, fewer than the needle, come before the next one: a needle
    // across two chunks is found.
    var carried: [UInt8] = []
    while let chunk = try? file.readChunk(maximumCount: 1 << 20), !chunk.isEmpty {
      let window = carried + chunk
      if window.withUnsafeBufferPointer({ contains(needle, in: $0) }) { return true }
      carried = Array(window.suffix(needle.count - 1))
    }
    return false
  }

  /// Whether `bytes` holds `needle`, which is not empty.
  private static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, bytes.count >= needle.count else { return false }
    let first = needle[0]
    var start = 0
    let last = bytes.count - needle.count
    while start <= last {
      // `memchr` jumps to the next candidate first byte.
      guard let found = memchr(base + start, Int32(first), last - start + 1) else { return false }
      let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + offset, needle, needle.count) == 0 { return true }
      start = offset + 1
    }
    return false
  }

  /// The size of the regular file at `path`, or `nil` when there is none there (or it is a
  /// device, a pipe or a folder, whose size says nothing).
  static func regularFileSize(atPath path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// The size of the open file `descriptor` when it is a regular file; `nil` for a pipe, a
  /// device or a folder, whose size says nothing, or when it cannot be told.
  static func regularFileSize(ofDescriptor descriptor: Int32) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Replaces the file at `path` with one holding `bytes`, creating it when needed, atomically:
  /// the bytes go to a temporary file in the same folder, which is flushed to disk and renamed
  /// over the file, so a crash leaves the old file or the new one, never half of one.
  ///
  /// A symbolic link is followed (its target is replaced, the link stays). The new file gets the
  /// old one's permissions (and owner, where allowed); a new file gets the usual ones (`0666`
  /// less the umask). Hard links to the old file keep the old content.
  static func writeFile(_ bytes: [UInt8], atPath path: String) throws(FileError) {
    var target = path
    if let resolved = realpath(path, nil) {
      target = String(cString: resolved)
      free(resolved)
    }
    let folderEnd = target.lastIndex(of: "/")
    let folder = folderEnd.map { String(target[...$0]) } ?? ""
    let (descriptor, temporary) = try makeTemporaryFile(pathPrefix: folder + ".pushc-write-")
    var isOpen = true
    do throws(FileError) {
      var info = stat()
      if stat(target, &info) == 0 {
        _ = fchown(descriptor, info.st_uid, info.st_gid)
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw FileError.fromErrno() }
      } else {
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, 0o666 & ~mask) == 0 else { throw FileError.fromErrno() }
      }
      try writeAll(bytes, to: descriptor)
      guard fsync(descriptor) == 0 else { throw FileError.fromErrno() }
      isOpen = false
      guard close(descriptor) == 0 else { throw FileError.fromErrno() }
      guard rename(temporary, target) == 0 else { throw FileError.fromErrno() }
    } catch {
      if isOpen { close(descriptor) }
      unlink(temporary)
      throw error
    }
  }

  /// Creates and opens a new file whose path is `pathPrefix` and six characters that make it
  /// unique (`mkstemp`), readable and writable by the user alone.
  ///
  /// - Returns: Its descriptor, which the caller closes, and its path.
  /// - Throws: A ``FileError`` when the file cannot be made.
  static func makeTemporaryFile(pathPrefix: String) throws(FileError)
    -> (descriptor: Int32, path: String)
  {
    var template = Array((pathPrefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw .fromErrno() }
    let path = template.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { String(cString: $0) } ?? ""
    }
    return (descriptor, path)
  }

  /// Writes all of `bytes` to `descriptor`, retrying after interruptions and short writes.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .fromErrno()
      }
      written += count
    }
  }

  /// The number of processors online, at least 1.
  static var processorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Whether `descriptor` is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) != 0
  }

  /// The value of the environment variable `name`.
  static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
