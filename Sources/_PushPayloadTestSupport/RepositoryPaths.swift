public import Foundation

/// Paths inside the repository, found from this file's location so tests can read `samples/`
/// and `Documentation/` without copying them into bundles.
public enum RepositoryPaths {
  /// The root of the repository checkout.
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `samples/` folder.
  public static var samples: URL { root.appendingPathComponent("samples") }

  /// The `Documentation/` folder.
  public static var documentation: URL { root.appendingPathComponent("Documentation") }
}
