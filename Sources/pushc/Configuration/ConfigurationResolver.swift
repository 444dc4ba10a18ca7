import PushDiagnostics
import PushPayload

/// Finds and loads the configuration that applies to each input, and answers, for a path,
/// whether it is checked and as which kind.
///
/// Without `--config`, the configuration of an input is the nearest `.pushc.yaml` found by
/// searching its folder and then each parent folder in turn. The search stops after the first
/// folder that holds `.git` (the root of the repository, or of a worktree, where `.git` is a
/// file) or at the filesystem root, so a stray file above a checkout never applies to it.
/// Configurations are not merged: the nearest one is the whole configuration. With `--config`,
/// that file applies to every input and nothing is searched; with `--no-config`, nothing
/// applies.
///
/// Each folder is searched and each file loaded once, however many inputs share them, so a tree
/// of 10,000 files costs a few `stat` calls per folder.
final class ConfigurationResolver {
  /// Where configurations come from.
  enum Mode: Hashable, Sendable {
    /// The nearest `.pushc.yaml` of each input.
    case search
    /// This file, for every input.
    case file(String)
    /// None.
    case disabled
  }

  /// What applies to one input.
  struct Decision: Sendable {
    /// The configuration, if any.
    var configuration: PushcConfiguration?
    /// The input's absolute path, or `nil` for standard input.
    var absolutePath: String?
    /// Whether the configuration's `include` and `exclude` let the input be checked.
    var isIncluded: Bool
    /// The kind the configuration's `kinds` give the input.
    var kind: APNSInputKind?
  }

  /// Where configurations come from.
  let mode: Mode
  /// The folder relative paths start from, absolute.
  let currentDirectory: String
  /// Every diagnostic of every configuration loaded so far, in load order.
  private(set) var diagnostics: [Diagnostic] = []
  /// The configuration files that could not be read, with why.
  private(set) var unreadable: [(path: String, error: FileError)] = []

  private var nearestByDirectory: [String: String?] = [:]
  private var loaded: [String: PushcConfiguration?] = [:]

  /// Creates a resolver.
  init(mode: Mode, currentDirectory: String = FilePaths.currentDirectory()) {
    self.mode = mode
    self.currentDirectory = currentDirectory
  }

  /// Whether any configuration loaded so far has an error, or could not be read.
  var hasErrors: Bool { diagnostics.containsErrors || !unreadable.isEmpty }

  /// What applies to the input named `path` on the command line (`-` for standard input, which
  /// is searched for from the current folder and always included).
  func decision(for path: String) -> Decision {
    guard path != InputReader.standardInputArgument else {
      return Decision(
        configuration: configuration(searchingFrom: currentDirectory), absolutePath: nil,
        isIncluded: true, kind: nil)
    }
    let absolute = FilePaths.absolute(path, in: currentDirectory)
    let configuration = configuration(searchingFrom: FilePaths.parent(of: absolute))
    return Decision(
      configuration: configuration,
      absolutePath: absolute,
      isIncluded: configuration?.includes(absolute) ?? true,
      kind: configuration?.kind(of: absolute)
    )
  }

  /// The configuration that applies in the absolute folder `directory`.
  func configuration(searchingFrom directory: String) -> PushcConfiguration? {
    switch mode {
    case .disabled:
      return nil
    case .file(let path):
      return load(FilePaths.absolute(path, in: currentDirectory))
    case .search:
      return nearest(from: directory).flatMap(load)
    }
  }

  /// The path of the nearest `.pushc.yaml` from `directory` upward, if any.
  private func nearest(from directory: String) -> String? {
    if let known = nearestByDirectory[directory] { return known }
    let candidate =
      directory == "/"
      ? "/" + ConfigurationLoader.fileName : directory + "/" + ConfigurationLoader.fileName
    let found: String?
    if FilePaths.exists(candidate) {
      found = candidate
    } else if directory == "/" || FilePaths.exists(directory + "/.git") {
      found = nil
    } else {
      found = nearest(from: FilePaths.parent(of: directory))
    }
    nearestByDirectory[directory] = .some(found)
    return found
  }

  /// The configuration at the absolute `path`, loaded once; `nil` when it cannot be read.
  private func load(_ path: String) -> PushcConfiguration? {
    if let known = loaded[path] { return known }
    let displayName = FilePaths.display(path, from: currentDirectory)
    let configuration: PushcConfiguration?
    do {
      let result = try ConfigurationLoader().load(path: path, displayName: displayName)
      diagnostics += result.diagnostics
      configuration = result.configuration
    } catch {
      unreadable.append((displayName, error))
      configuration = nil
    }
    loaded[path] = .some(configuration)
    return configuration
  }
}
