#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents all at once: the new bytes go to a temporary file in the same
/// folder, which is then renamed over the file, so a reader (or a crash) sees the old contents
/// or the new ones, never a mix. The file keeps its permissions; a symbolic link is followed,
/// so the file it names is replaced and the link stays.
enum AtomicFileWriter {
  /// Replaces the contents of the existing file at `path` with `bytes`.
  ///
  /// - Throws: A ``FileError`` when the file cannot be resolved, or the temporary file cannot be
  ///   made, written or renamed; the file is then unchanged.
  static func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
    guard let resolved = realpath(path, nil) else { throw .fromErrno() }
    let target = String(cString: resolved)
    free(resolved)
    var info = stat()
    guard stat(target, &info) == 0 else { throw .fromErrno() }
    let folder = FilePaths.parent(of: target)
    let name = String(
      target[target.index(after: target.lastIndex(of: "/") ?? target.startIndex)...])
    var template = Array((folder + "/." + name + ".pushc-fix-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw .fromErrno() }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var isOpen = true
    do throws(FileError) {
      try FileIO.writeAll(bytes, to: descriptor)
      guard fchmod(descriptor, info.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
        throw FileError.fromErrno()
      }
      isOpen = false
      guard close(descriptor) == 0 else { throw FileError.fromErrno() }
      guard rename(temporary, target) == 0 else { throw FileError.fromErrno() }
    } catch {
      if isOpen { close(descriptor) }
      unlink(temporary)
      throw error
    }
  }
}
