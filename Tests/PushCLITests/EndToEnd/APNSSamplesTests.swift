import Foundation
import Testing
import _PushPayloadTestSupport

/// One run of `pushc` over a sample whose output is compared with goldens.
///
/// - `samples/compile/<stem>.fcm.<ext>` → `pushc compile --target apns` must print
///   `<stem>.apns.json` (`.apns.ndjson` for several messages), and `pushc explain` must print
///   `<stem>.explain.txt`.
/// - `samples/fit/<stem>.fcm.<ext>` → `pushc fit` must print `<stem>.fit.json`, with standard
///   error `<stem>.fit.diagnostics.txt`.
///
/// Every run passes `--now 1700000000 --bundle-id com.example.app` so output is reproducible.
struct APNSSampleRun: CustomTestStringConvertible, Sendable {
  let folder: String
  let input: String
  let command: [String]
  let goldenSuffixes: [String]
  let errorGoldenSuffix: String?

  var testDescription: String { "\(command[0]) \(folder)/\(input)" }

  static let fixedOptions = ["--now", "1700000000", "--bundle-id", "com.example.app"]

  static func inputs(in folder: String) -> [String] {
    let url = RepositoryPaths.samples.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.sorted().filter { name in
      ["json", "ndjson", "yaml"].contains { name.hasSuffix(".fcm.\($0)") }
    }
  }

  static let all: [APNSSampleRun] =
    inputs(in: "compile").flatMap { input in
      [
        APNSSampleRun(
          folder: "compile", input: input, command: ["compile", "--target", "apns"],
          goldenSuffixes: ["apns.json", "apns.ndjson"], errorGoldenSuffix: nil),
        APNSSampleRun(
          folder: "compile", input: input, command: ["explain"],
          goldenSuffixes: ["explain.txt"], errorGoldenSuffix: nil),
      ]
    }
    + inputs(in: "fit").map { input in
      APNSSampleRun(
        folder: "fit", input: input, command: ["fit", "--target", "apns"],
        goldenSuffixes: ["fit.json"], errorGoldenSuffix: "fit.diagnostics.txt")
    }

  var stem: String {
    guard let range = input.range(of: ".fcm.", options: .backwards) else { return input }
    return String(input[..<range.lowerBound])
  }

  func golden(_ suffix: String) -> URL {
    RepositoryPaths.samples.appendingPathComponent(folder).appendingPathComponent(
      "\(stem).\(suffix)")
  }

  var arguments: [String] { command + Self.fixedOptions + ["samples/\(folder)/\(input)"] }
}

/// Golden tests of `compile --target apns`, `explain` and `fit` over the samples.
/// `RECORD_GOLDENS=1 swift test` rewrites the goldens and still fails.
@Suite struct APNSSamplesTests {
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  @Test func theFoldersHaveSamples() {
    #expect(APNSSampleRun.inputs(in: "compile").count >= 6)
    #expect(!APNSSampleRun.inputs(in: "fit").isEmpty)
  }

  @Test(arguments: APNSSampleRun.all)
  func sample(_ run: APNSSampleRun) throws {
    let result = try PushcProcess.run(run.arguments)
    if Self.isRecording {
      for suffix in run.goldenSuffixes + [run.errorGoldenSuffix].compactMap({ $0 }) {
        try? FileManager.default.removeItem(at: run.golden(suffix))
      }
      let several = result.output.hasPrefix("{\"")
      let suffix = run.goldenSuffixes[several && run.goldenSuffixes.count > 1 ? 1 : 0]
      try Data(result.outputBytes).write(to: run.golden(suffix))
      if let errorSuffix = run.errorGoldenSuffix, !result.error.isEmpty {
        try Data(result.error.utf8).write(to: run.golden(errorSuffix))
      }
      Issue.record(
        "recorded the goldens of \(run.testDescription); run again without RECORD_GOLDENS")
      return
    }
    let golden = run.goldenSuffixes.map(run.golden).first {
      FileManager.default.fileExists(atPath: $0.path)
    }
    let expected = try String(
      contentsOf: try #require(golden, "no golden for \(run.testDescription)"), encoding: .utf8)
    expectSameText(result.output, expected, "standard output of \(run.testDescription)")
    if let errorSuffix = run.errorGoldenSuffix {
      let expectedErrors = (try? String(contentsOf: run.golden(errorSuffix), encoding: .utf8)) ?? ""
      expectSameText(result.error, expectedErrors, "standard error of \(run.testDescription)")
    }
    #expect(!result.output.isEmpty, "\(result)")
  }
}
