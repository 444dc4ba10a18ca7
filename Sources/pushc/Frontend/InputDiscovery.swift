#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the inputs named on the command line into the inputs to read, in order: files as
/// named, `-` as standard input, and every folder walked recursively for the files its
/// ``includes`` match and its ``excludes`` do not.
///
/// A folder's files come sorted by path, each subfolder's where its name sorts. Hidden files
/// and folders (names starting with `.`) and the folders ``skippedFolderNames`` lists are left
/// out of walks, as is anything an exclude matches; a file or folder named on the command line
/// is always used. A pattern without `/` is matched against the name of each file or folder, one
/// with `/` against its path under the folder named on the command line, with `*` also matching
/// `/` there (`fnmatch(3)` patterns: `*`, `?`, `[…]`).
///
/// Nothing found while walking stops the walk: a folder that cannot be opened, a symbolic link
/// that leads back to a folder being walked (a loop) or that leads nowhere, and a named folder
/// with no file to read are inputs with a ``Input/problem``, reported as unreadable inputs in
/// their place. The patterns are plain values, so a configuration file can supply them.
struct InputDiscovery: Sendable {
  /// One input to read.
  struct Input: Hashable, Sendable {
    /// What to open: a path, or `-` for standard input.
    var path: String
    /// Its name in diagnostics: the path as found, or standard input's name.
    var name: String
    /// Why the input cannot be read, when the walk found out already.
    var problem: FileError?

    /// Whether the input is standard input.
    var isStandardInput: Bool { path == InputReader.standardInputArgument }
  }

  /// The file patterns walks use when none are given.
  static let defaultIncludes = ["*.json", "*.yaml", "*.yml", "*.apns", "*.ndjson"]
  /// Folders no walk enters, besides hidden ones: build products and dependencies.
  static let skippedFolderNames: Set<String> = [".build", "node_modules"]

  /// The patterns a file found in a walk must match, one of them.
  var includes: [String] = InputDiscovery.defaultIncludes
  /// The patterns no file or folder found in a walk may match.
  var excludes: [String] = []
  /// The name standard input has in diagnostics (`--assume-filename`).
  var standardInputName: String = InputReader.standardInputName

  /// The inputs `paths` name as they are, without walking folders (for the subcommands that
  /// read files only): `-` is standard input, named `<stdin>`.
  static func inputs(named paths: [String]) -> [Input] {
    paths.map { path in
      Input(
        path: path,
        name: path == InputReader.standardInputArgument ? InputReader.standardInputName : path)
    }
  }

  /// The inputs `arguments` name, folders walked, in command-line order.
  func inputs(for arguments: [String]) -> [Input] {
    var inputs: [Input] = []
    for argument in arguments {
      if argument == InputReader.standardInputArgument {
        inputs.append(Input(path: argument, name: standardInputName))
        continue
      }
      guard let identity = FolderIdentity(atPath: argument) else {
        // A file, or something that cannot be read: reading it says which.
        inputs.append(Input(path: argument, name: argument))
        continue
      }
      let before = inputs.count
      walk(argument, relativePath: "", ancestors: [(identity, argument)], into: &inputs)
      if inputs.count == before {
        inputs.append(
          Input(
            path: argument, name: argument,
            problem: FileError(
              reason: "it holds no file to read (" + includes.joined(separator: ", ") + ")")))
      }
    }
    return inputs
  }

  // MARK: - Walking

  /// Appends the inputs of the folder at `path` (`relativePath` under the folder named on the
  /// command line), whose enclosing folders being walked are `ancestors`.
  private func walk(
    _ path: String,
    relativePath: String,
    ancestors: [(FolderIdentity, String)],
    into inputs: inout [Input]
  ) {
    let entries: [FolderEntry]
    do {
      entries = try Self.entries(ofFolderAt: path)
    } catch {
      inputs.append(Input(path: path, name: path, problem: error))
      return
    }
    // The current folder's entries are named as the shell names them, without `./`.
    let base = path == "." || path == "./" ? "" : path.hasSuffix("/") ? path : path + "/"
    for entry in entries where !entry.name.hasPrefix(".") {
      let name = entry.name
      let entryPath = base + name
      let entryRelative = relativePath.isEmpty ? name : relativePath + "/" + name
      // A name that is not UTF-8 was read with U+FFFD in place of its bytes, and names nothing:
      // a folder of that name cannot be walked, and a file of it cannot be read.
      guard entry.nameIsUTF8 else {
        let wouldBeWalked =
          entry.kind == .directory && walksFolder(name: name, relativePath: entryRelative)
        if wouldBeWalked || matches(name: name, relativePath: entryRelative) {
          inputs.append(Input(path: entryPath, name: entryPath, problem: .nameIsNotUTF8))
        }
        continue
      }
      // The folder says which entries are regular files: those need no `stat` (a third of
      // the system calls of a folder of small files).
      if entry.kind == .regularFile {
        if matches(name: name, relativePath: entryRelative) {
          inputs.append(Input(path: entryPath, name: entryPath))
        }
        continue
      }
      var info = stat()
      guard stat(entryPath, &info) == 0 else {
        // A symbolic link that leads nowhere, or into a loop: a problem when it would be read.
        let error = FileError.fromErrno()
        if matches(name: name, relativePath: entryRelative) {
          inputs.append(Input(path: entryPath, name: entryPath, problem: error))
        }
        continue
      }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        guard walksFolder(name: name, relativePath: entryRelative) else { continue }
        let identity = FolderIdentity(info)
        if let ancestor = ancestors.first(where: { $0.0 == identity }) {
          inputs.append(
            Input(
              path: entryPath, name: entryPath,
              problem: FileError(
                reason: "it is a symbolic link loop: it leads back to '\(ancestor.1)'")))
          continue
        }
        walk(
          entryPath, relativePath: entryRelative, ancestors: ancestors + [(identity, entryPath)],
          into: &inputs)
      } else if matches(name: name, relativePath: entryRelative) {
        inputs.append(Input(path: entryPath, name: entryPath))
      }
    }
  }

  /// Whether a folder found in a walk is walked: it is not one pushc always skips, and no
  /// exclude matches it.
  private func walksFolder(name: String, relativePath: String) -> Bool {
    !Self.skippedFolderNames.contains(name) && !isExcluded(name: name, relativePath: relativePath)
  }

  /// Whether a file found in a walk is read: an include matches it and no exclude does.
  private func matches(name: String, relativePath: String) -> Bool {
    includes.contains { Self.pattern($0, matches: name, relativePath: relativePath) }
      && !isExcluded(name: name, relativePath: relativePath)
  }

  /// Whether an exclude matches a file or folder found in a walk.
  private func isExcluded(name: String, relativePath: String) -> Bool {
    excludes.contains { Self.pattern($0, matches: name, relativePath: relativePath) }
  }

  /// Whether `pattern` matches an entry: its name, or for a pattern with `/` its path under
  /// the folder named on the command line.
  static func pattern(_ pattern: String, matches name: String, relativePath: String) -> Bool {
    // `*.json` and its kind, the default patterns, match the end of a name: `fnmatch` for
    // each pattern and file cost more than reading a small file.
    let bytes = pattern.utf8
    if bytes.first == UInt8(ascii: "*"),
      !bytes.dropFirst().contains(where: { Self.patternSpecialBytes.contains($0) })
    {
      return name.utf8.count >= bytes.count - 1
        && name.utf8.suffix(bytes.count - 1).elementsEqual(bytes.dropFirst())
    }
    let subject = pattern.contains("/") ? relativePath : name
    return fnmatch(pattern, subject, 0) == 0
  }

  /// The bytes that make a pattern more than `*` and a suffix: the other wildcards, the
  /// escape, and `/`, which matches against the path.
  private static let patternSpecialBytes: Set<UInt8> = Set("*?[\\/".utf8)

  /// An entry of a folder.
  struct FolderEntry: Hashable, Sendable {
    /// What the folder says an entry is.
    enum Kind: Hashable, Sendable {
      /// A regular file (not a link to one).
      case regularFile
      /// A folder (not a link to one).
      case directory
      /// Anything else, or what a file system that does not say is.
      case other
    }

    /// Its name, with U+FFFD in place of bytes that are not UTF-8.
    var name: String
    /// Whether the name is valid UTF-8, so that ``name`` names the entry.
    var nameIsUTF8: Bool
    /// What the folder says it is.
    var kind: Kind
  }

  /// The entries of the folder at `path`, without `.` and `..`, sorted by name.
  ///
  /// - Throws: A ``FileError`` when the folder cannot be opened or read.
  static func entries(ofFolderAt path: String) throws(FileError) -> [FolderEntry] {
    guard let folder = opendir(path) else { throw .fromErrno() }
    defer { closedir(folder) }
    var entries: [FolderEntry] = []
    while true {
      errno = 0
      guard let entry = readdir(folder) else { break }
      let (name, nameIsUTF8) = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(
          to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)
        ) { cName in
          String(validatingCString: cName).map { ($0, true) } ?? (String(cString: cName), false)
        }
      }
      if name != "." && name != ".." {
        let type = entry.pointee.d_type
        let kind: FolderEntry.Kind =
          type == DT_REG ? .regularFile : type == DT_DIR ? .directory : .other
        entries.append(FolderEntry(name: name, nameIsUTF8: nameIsUTF8, kind: kind))
      }
    }
    if errno != 0 { throw .fromErrno() }
    // In byte order, compared with `memcmp`: the generic comparison of two UTF-8 views cost
    // more per file than reading it.
    return entries.sorted { Self.precedesInByteOrder($0.name, $1.name) }
  }

  /// Whether `first`'s UTF-8 bytes come before `second`'s.
  static func precedesInByteOrder(_ first: String, _ second: String) -> Bool {
    // Names read from a folder are native strings, whose bytes are lent without a copy.
    let order = first.utf8.withContiguousStorageIfAvailable { a in
      second.utf8.withContiguousStorageIfAvailable { b in
        let count = min(a.count, b.count)
        guard count > 0, let first = a.baseAddress, let second = b.baseAddress else {
          return a.count < b.count
        }
        let order = memcmp(first, second, count)
        return order != 0 ? order < 0 : a.count < b.count
      }
    }
    return (order ?? nil) ?? first.utf8.lexicographicallyPrecedes(second.utf8)
  }
}

/// The device and inode of a folder, which tell a folder reached again through a symbolic link.
struct FolderIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of the folder `info` describes.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The identity of the folder at `path`, or `nil` when it is not a folder (or cannot be
  /// reached).
  init?(atPath path: String) {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
    self.init(info)
  }
}
