package import Foundation

/// Paths inside the repository, found from this file's location so tests can read `samples/`
/// and `Documentation/` without copying them into bundles.
package enum RepositoryPaths {
  /// The root of the repository checkout.
  package static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `samples/` folder.
  package static var samples: URL { root.appendingPathComponent("samples") }

  /// The `Documentation/` folder.
  package static var documentation: URL { root.appendingPathComponent("Documentation") }
}
