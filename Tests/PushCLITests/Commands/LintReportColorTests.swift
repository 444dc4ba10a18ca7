import Foundation
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// `lint`'s report is coloured under `--color-diagnostics auto` exactly when standard output is
/// a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`; `always` colours anyway and `never`
/// never; the machine formats are never coloured.
@Suite struct LintReportColorTests {
  static let sample = "samples/lint/typos.fcm.json"
  static let escape = "\u{1B}["

  static func run(
    _ options: [String], terminal: Bool, environment: [String: String] = [:]
  ) -> String {
    let recorder = ConsoleRecorder()
    recorder.isOutputTerminal = terminal
    recorder.environment = environment
    let path = RepositoryPaths.samples.appendingPathComponent("lint/typos.fcm.json").path
    _ = recorder.run(["lint"] + options + [path])
    return recorder.outputText
  }

  @Test func autoColoursATerminal() {
    #expect(Self.run([], terminal: true).contains(Self.escape))
    #expect(Self.run(["--format", "annotated"], terminal: true).contains(Self.escape))
    #expect(!Self.run([], terminal: false).contains(Self.escape))
  }

  @Test func noColorAndDumbTerminalsTurnAutoOff() {
    #expect(!Self.run([], terminal: true, environment: ["NO_COLOR": "1"]).contains(Self.escape))
    #expect(!Self.run([], terminal: true, environment: ["TERM": "dumb"]).contains(Self.escape))
    // An empty NO_COLOR is not set (https://no-color.org).
    #expect(Self.run([], terminal: true, environment: ["NO_COLOR": ""]).contains(Self.escape))
  }

  @Test func explicitOptionsWin() {
    #expect(
      Self.run(["--color-diagnostics", "always"], terminal: false, environment: ["NO_COLOR": "1"])
        .contains(Self.escape))
    #expect(!Self.run(["--color-diagnostics", "never"], terminal: true).contains(Self.escape))
  }

  @Test(arguments: ["json", "sarif", "github"])
  func machineFormatsAreNeverColoured(format: String) {
    #expect(
      !Self.run(["--format", format, "--color-diagnostics", "always"], terminal: true)
        .contains(Self.escape))
  }
}
