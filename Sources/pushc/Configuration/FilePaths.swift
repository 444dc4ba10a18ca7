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
  static func normalized(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": if !components.isEmpty { components.removeLast() }
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// The folder holding the absolute path `path`; `/` for `/`.
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
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
