#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path pattern of a configuration file, matched against paths relative to the file's folder.
///
/// The syntax is a small subset of `.gitignore`'s, which users know:
/// - `*` matches any run of characters within one path component, `?` one character, `[abc]` one
///   of a set (as `fnmatch(3)` does);
/// - `**` as a whole component matches any number of components, none included
///   (`samples/**/*.json`);
/// - `{json,yaml}` is either alternative (no nesting);
/// - a pattern without a `/` matches a name at any depth (`*.apns` is `**/*.apns`), and a leading
///   `/` anchors a pattern at the folder of the configuration file;
/// - a pattern that matches a folder matches everything inside it (`fixtures` excludes
///   `a/fixtures/b.json`).
struct PathGlob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  let pattern: String
  /// The alternatives after expanding braces, each split into components.
  private let alternatives: [[String]]

  /// Parses `pattern`; `nil` when it is empty or has an unbalanced brace.
  init?(_ pattern: String) {
    guard !pattern.isEmpty, let expanded = Self.expandBraces(pattern) else { return nil }
    self.pattern = pattern
    alternatives = expanded.map { alternative in
      var text = Substring(alternative)
      let isAnchored = text.hasPrefix("/")
      if isAnchored { text = text.dropFirst() }
      while text.hasSuffix("/") { text = text.dropLast() }
      var components = text.split(separator: "/").map(String.init)
      if !isAnchored, !text.contains("/") { components.insert("**", at: 0) }
      return components
    }
  }

  var description: String { pattern }

  /// Whether the relative path `path` (components separated by `/`), or one of the folders it
  /// is in, matches.
  func matches(_ path: String) -> Bool {
    let components = path.split(separator: "/").map(String.init)
    return alternatives.contains { Self.matches($0[...], components[...], prefixes: true) }
  }

  /// Whether `pattern` matches all of `path`, or, when `prefixes` is set, a leading part of it.
  private static func matches(
    _ pattern: ArraySlice<String>, _ path: ArraySlice<String>, prefixes: Bool
  ) -> Bool {
    guard let first = pattern.first else { return path.isEmpty || prefixes }
    if first == "**" {
      let rest = pattern.dropFirst()
      var remaining = path
      while true {
        if matches(rest, remaining, prefixes: prefixes) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    }
    guard let component = path.first, fnmatch(first, component, 0) == 0 else { return false }
    return matches(pattern.dropFirst(), path.dropFirst(), prefixes: prefixes)
  }

  /// The alternatives of `pattern`'s braces, or `nil` for an unbalanced brace.
  private static func expandBraces(_ pattern: String) -> [String]? {
    guard let open = pattern.firstIndex(of: "{") else {
      return pattern.contains("}") ? nil : [pattern]
    }
    guard let close = pattern[open...].firstIndex(of: "}") else { return nil }
    let head = pattern[..<open]
    let tail = String(pattern[pattern.index(after: close)...])
    let choices = pattern[pattern.index(after: open)..<close].split(
      separator: ",", omittingEmptySubsequences: false)
    guard !choices.contains(where: { $0.contains("{") }), let tails = expandBraces(tail) else {
      return nil
    }
    return choices.flatMap { choice in tails.map { head + choice + $0 } }
  }
}
