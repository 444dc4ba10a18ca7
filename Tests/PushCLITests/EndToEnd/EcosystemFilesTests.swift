import Foundation
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// `.pre-commit-hooks.yaml` and the GitHub Actions workflow of Documentation/CI: read with
/// PyYAML as an independent YAML reader, and run as pre-commit would.
@Suite struct EcosystemFilesTests {
  /// Whether `python3` can import `yaml`.
  static let hasPyYAML: Bool = (try? yamlAsJSON(path: "/dev/null")) != nil

  /// The YAML file at `path` read by PyYAML and turned into Foundation values.
  static func yamlAsJSON(path: String) throws -> Any {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
    return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
  }

  static func matches(_ pattern: String, _ path: String) -> Bool {
    path.range(of: pattern, options: .regularExpression) != nil
  }

  @Test(.enabled(if: hasPyYAML, "PyYAML is not installed; the hooks file is not read"))
  func thePreCommitHooksRunPushcLintOnMessageFilesOnly() throws {
    let path = RepositoryPaths.root.appendingPathComponent(".pre-commit-hooks.yaml").path
    let hooks = try #require(try Self.yamlAsJSON(path: path) as? [[String: Any]])
    #expect(hooks.compactMap { $0["id"] as? String } == ["pushc-lint", "pushc-lint-system"])
    for hook in hooks {
      #expect(hook["entry"] as? String == "pushc lint")
      #expect(["swift", "system"].contains(hook["language"] as? String ?? ""))
      let files = try #require(hook["files"] as? String)
      let exclude = try #require(hook["exclude"] as? String)
      for name in ["m.json", "a/b.yaml", "c.yml", "d.apns", "e.ndjson"] {
        #expect(Self.matches(files, name) && !Self.matches(exclude, name), "\(name)")
      }
      for name in [
        ".pushc.yaml", "sub/.pushc.yaml", ".pre-commit-config.yaml", ".github/workflows/ci.yml",
      ] {
        #expect(!Self.matches(files, name) || Self.matches(exclude, name), "\(name)")
      }
      #expect(!Self.matches(files, "README.md"))
    }
  }

  @Test(.enabled(if: hasPyYAML, "PyYAML is not installed; the workflow is not read"))
  func theWorkflowBuildsWithACacheAndUploadsSARIF() throws {
    let path = RepositoryPaths.documentation.appendingPathComponent("CI/pushc-lint.yml").path
    let workflow = try #require(try Self.yamlAsJSON(path: path) as? [String: Any])
    let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
    let steps = try #require(jobs["lint"]?["steps"] as? [[String: Any]])
    let uses = steps.compactMap { $0["uses"] as? String }
    #expect(uses.contains { $0.hasPrefix("actions/cache@") })
    #expect(uses.contains { $0.hasPrefix("github/codeql-action/upload-sarif@") })
    let runs = steps.compactMap { $0["run"] as? String }
    #expect(runs.contains { $0.contains("swift build -c release") })
    let lint = try #require(steps.first { $0["id"] as? String == "lint" })
    #expect((lint["run"] as? String)?.contains("pushc lint --format sarif") == true)
    #expect(lint["continue-on-error"] as? Bool == true)
    let permissions = try #require(workflow["permissions"] as? [String: String])
    #expect(permissions["security-events"] == "write")
  }

  /// What pre-commit does with the hook: `pushc lint` with the staged files that match, from the
  /// repository root; the configuration decides for each of them.
  @Test func theHookEntryLintsTheStagedFilesWithTheConfiguration() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": "exclude: [fixtures]\nrules:\n  apns-push-type: disabled\n",
      "messages/ok.json": #"{"aps":{"alert":"hi"}}"# + "\n",
      "fixtures/broken.json": "{",
      "messages/bad.yaml": "aps:\n  alert: 1\n",
    ])
    let staged = ["fixtures/broken.json", "messages/bad.yaml", "messages/ok.json"]
    let result = try PushcProcess.run(["lint"] + staged, directory: directory.url)
    #expect(result.status == 1, "\(result)")
    #expect(result.output.hasPrefix("fixtures/broken.json: note: not checked"))
    #expect(result.output.hasSuffix("2 files, 2 messages: 1 error, 0 warnings\n"), "\(result)")
  }
}
