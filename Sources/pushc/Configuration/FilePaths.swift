#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lexical path arithmetic and the few file-system questions configuration lookup asks, with
/// POSIX calls.
enum FilePaths {
  /// What is at a path.
  enum EntryKind: Hashable, Sendable {
    /// Nothing, or nothing readable.
    case none
    /// A folder.
    case directory
    /// Anything else: a file, a FIFO, a device.
    case file
  }

  /// The current working folder, absolute; `/` when it cannot be found.
  static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` made absolute against `directory` and normalized: no `.` components, `..` applied,
  /// no repeated or trailing slashes.
  static func absolute(_ path: String, in directory: String) -> String {
    normalized(path.hasPrefix("/") ? path : directory + "/" + path)
  }

  /// `path` with `.` components removed and `..` applied lexically; always starts with `/` for
  /// an absolute path.
  ///
  /// Works on the path's bytes, as the file system does: splitting it into `Character`s cost
  /// more per input file than reading the file.
  static func normalized(_ path: String) -> String {
    // Nearly every path (a folder's entry joined to an absolute folder) is already normal.
    if isNormalized(path) { return path }
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    let bytes = Array(path.utf8)
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count + 1)
    // Where each component kept starts in `normalized`, at its slash.
    var componentStarts: [Int] = []
    var start = 0
    while start < bytes.count {
      guard bytes[start] != slash else {
        start += 1
        continue
      }
      var end = start + 1
      while end < bytes.count && bytes[end] != slash { end += 1 }
      switch end - start {
      case 1 where bytes[start] == dot:
        break
      case 2 where bytes[start] == dot && bytes[start + 1] == dot:
        if let last = componentStarts.popLast() { normalized.removeSubrange(last...) }
      default:
        componentStarts.append(normalized.count)
        normalized.append(slash)
        normalized.append(contentsOf: bytes[start..<end])
      }
      start = end
    }
    return normalized.isEmpty ? "/" : String(decoding: normalized, as: UTF8.self)
  }

  /// Whether `path` is what ``normalized(_:)`` makes of it: absolute, without empty, `.` or
  /// `..` components, and without a trailing slash.
  static func isNormalized(_ path: String) -> Bool {
    let slash = UInt8(ascii: "/")
    let bytes = path.utf8
    guard bytes.first == slash else { return false }
    guard bytes.count > 1 else { return true }
    // The length of the component being read, and how many of its bytes are dots: one that
    // is empty or all of one or two dots makes the path not normal.
    var length = 0
    var dots = 0
    for byte in bytes.dropFirst() {
      if byte == slash {
        guard length > 0, dots != length || length > 2 else { return false }
        length = 0
        dots = 0
      } else {
        length += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return length > 0 && (dots != length || length > 2)
  }

  /// The folder holding the absolute path `path`; `/` for `/`.
  static func parent(of path: String) -> String {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash != bytes.startIndex else {
      return "/"
    }
    return String(path[..<slash])
  }

  /// `path` relative to the folder `directory` (both absolute and normalized), with `..`
  /// components when it is outside it.
  static func relative(_ path: String, to directory: String) -> String {
    let pathComponents = path.split(separator: "/")
    let directoryComponents = directory.split(separator: "/")
    var common = 0
    while common < pathComponents.count, common < directoryComponents.count,
      pathComponents[common] == directoryComponents[common]
    {
      common += 1
    }
    let ups = Array(repeating: "..", count: directoryComponents.count - common)
    let rest = pathComponents[common...].map(String.init)
    let joined = (ups + rest).joined(separator: "/")
    return joined.isEmpty ? "." : joined
  }

  /// `path` as a user reads it best: relative to `directory` when it is inside it, else
  /// absolute.
  static func display(_ path: String, from directory: String) -> String {
    let relative = relative(path, to: directory)
    return relative.hasPrefix("..") ? path : relative
  }

  /// What is at `path`, following symbolic links.
  static func kind(of path: String) -> EntryKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .none }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
  }

  /// Whether anything, even a dangling symbolic link, is at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
