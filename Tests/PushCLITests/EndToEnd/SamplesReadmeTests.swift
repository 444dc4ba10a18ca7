import Foundation
import Testing
import _PushPayloadTestSupport

/// `samples/README.md` has one line for every input of `compile/`, `lint-apns/` and
/// `invalid/`, saying what it shows, and no line for a sample that is gone.
@Suite struct SamplesReadmeTests {
  static let folders = ["compile", "lint-apns", "invalid"]

  /// The inputs of `folder`: what is neither a golden nor a compiled output.
  static func inputs(in folder: String) -> [String] {
    let url = RepositoryPaths.samples.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { name in
      !name.hasSuffix(".txt") && !name.hasSuffix(".md") && !name.hasPrefix(".")
        && !name.contains(".fcm-request.") && !name.contains(".apns.json")
        && !name.contains(".apns.ndjson")
    }.sorted()
  }

  @Test(arguments: folders)
  func everySampleHasALine(_ folder: String) throws {
    let readme = try String(
      contentsOf: RepositoryPaths.samples.appendingPathComponent("README.md"), encoding: .utf8)
    guard let start = readme.range(of: "## `\(folder)/`") else {
      Issue.record("samples/README.md has no section for \(folder)/")
      return
    }
    let section = readme[start.upperBound...]
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    let lines = section[..<end].split(separator: "\n").filter { $0.hasPrefix("| `") }
    let listed = lines.compactMap { line in
      line.dropFirst(3).split(separator: "`").first.map(String.init)
    }
    #expect(listed == Self.inputs(in: folder), "samples/README.md, \(folder)/")
  }
}
