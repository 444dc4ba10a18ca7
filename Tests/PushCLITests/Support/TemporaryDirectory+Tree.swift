import Foundation

extension TemporaryDirectory {
  /// Writes each file of `files` (paths relative to the folder, with their folders made as
  /// needed) and makes the folder the root of a repository (an empty `.git` folder), so that
  /// configuration files above it are never found.
  func writeTree(_ files: [String: String]) throws {
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    for (name, text) in files {
      let fileURL = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: fileURL)
    }
  }
}
