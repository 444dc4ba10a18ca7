import Foundation
import Testing
import _PushPayloadTestSupport

/// Golden tests over `samples/real-world/`: payloads written as people write them, linted by
/// the built `pushc` (`lint --now 1700000000 --bundle-id com.example.app FILE`). Standard output
/// must equal `<name>.lint.txt`, standard error must be empty, and the exit code is 1 exactly
/// when the golden reports an error. `RECORD_GOLDENS=1 swift test` rewrites the goldens and
/// still fails.
@Suite struct RealWorldSamplesTests {
  static let folder = RepositoryPaths.samples.appendingPathComponent("real-world")

  static func sampleNames() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasSuffix(".lint.txt") && !$0.hasSuffix(".md") && !$0.hasPrefix(".") }
      .sorted()
  }

  @Test func thereAreSamples() {
    let names = Self.sampleNames()
    #expect(names.count >= 11)
    let stems = names.map { $0.split(separator: ".").first.map(String.init) ?? $0 }
    #expect(Set(stems).count == stems.count, "two samples would share a golden: \(stems)")
  }

  @Test(arguments: sampleNames())
  func sampleMatchesItsGolden(_ name: String) throws {
    let result = try PushcProcess.run([
      "lint", "--now", "1700000000", "--bundle-id", "com.example.app",
      "samples/real-world/\(name)",
    ])
    let stem = name.split(separator: ".").first.map(String.init) ?? name
    let golden = GoldenFile(Self.folder.appendingPathComponent("\(stem).lint.txt"))
    try expectGolden(result.output, golden, "pushc lint \(name)")
    #expect(result.error.isEmpty, "\(result)")
    #expect(result.status == (result.output.contains(": error: ") ? 1 : 0), "\(result)")
  }

  /// A recovered document is checked but never compiled.
  @Test func compileOutputsNothingForARecoveredDocument() throws {
    let result = try PushcProcess.run([
      "compile", "--now", "1700000000", "--target", "apns-payload",
      "samples/real-world/missing-comma.apns",
    ])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("[jsonUnexpectedToken]"))
  }

  /// `fmt --check` reads strict JSON: a trailing comma is an error there.
  @Test func fmtKeepsATrailingCommaAnError() throws {
    let result = try PushcProcess.run([
      "fmt", "--check", "samples/real-world/simulator-trailing-commas.apns",
    ])
    #expect(result.status == 1)
    #expect(result.error.contains("error: JSON does not allow a comma before '}' or ']'"))
  }
}
