import Foundation

/// A fresh folder under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  /// The folder.
  let url: URL

  /// Creates the folder.
  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The text of `name`, or `nil` when there is no such file.
  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Deletes the folder.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
