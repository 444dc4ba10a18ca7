import Foundation

/// Peak RSS of `pushc lint --format json` on a large file of the notice corpus, with its CPU
/// and wall time (CPU / wall is the number of cores it keeps busy): NDJSON, then the same
/// messages as one JSON array (pretty, and on one line after a blank line) and as a YAML
/// stream, which are streamed in parts as well; then the NDJSON file with a finding in every
/// message, whose report is written as the parts are checked (lint's JSON, compile's JSON
/// diagnostics) or kept in a temporary file until the end (SARIF's results).
struct MemorySuite {
  var bench: Bench

  func run() throws {
    try runForms()
    try runFindings()
  }

  /// Every message of the NDJSON notice corpus with `priority` at the top of the message, which
  /// belongs in `android` (`fcmMisplacedField`, an error): a report as long as the input.
  func runFindings() throws {
    let count = bench.options.memoryMessages
    let text = String(decoding: NoticeCorpus.messages(count, as: .ndjson), as: UTF8.self)
    let corpus = Array(
      text.replacingOccurrences(of: #"{"message":{"#, with: #"{"message":{"priority":"high","#)
        .utf8)
    let file = try bench.write(corpus, name: "memory-findings-\(count).ndjson")
    let size = String(format: "%.0f MB", Double(corpus.count) / 1_000_000)
    let commands = [
      "lint --format json", "lint --format sarif",
      "compile --target apns-payload --diagnostics-format json",
    ]
    for command in commands {
      bench.heading(
        "Memory: pushc \(command) on \(count) messages with a finding each, \(size) NDJSON, "
          + "one run")
      let arguments = command.split(separator: " ").map(String.init)
      let run = try ChildRun.runInFreshProcess([bench.pushc] + arguments + [file])
      print(
        "peak RSS \(mebibytes(run.peakRSS)), "
          + String(
            format: "CPU %.2f s, wall %.2f s, exit code %d (1: the findings are errors)",
            run.cpu, run.wall, run.exitCode))
      let row = "`pushc \(command)`, \(count) msgs with a finding each, peak RSS"
      bench.summary.add(
        row, figure: mebibytes(run.peakRSS), target: "≤ 256 MiB",
        met: run.peakRSS <= 256 << 20 && run.exitCode == 1)
    }
  }

  /// The corpus in each form, without findings.
  func runForms() throws {
    let count = bench.options.memoryMessages
    for form in NoticeCorpus.Form.allCases {
      let corpus = NoticeCorpus.messages(count, as: form)
      let file = try bench.write(corpus, name: "memory-\(count).\(form.rawValue)")
      let megabytes = Double(corpus.count) / 1_000_000
      let size = String(format: "%.0f MB", megabytes)
      let name =
        switch form {
        case .ndjson: "NDJSON"
        case .jsonArray: "JSON array"
        case .oneLineJSONArray: "JSON array on one line after a blank line"
        case .yamlStream: "YAML stream"
        }
      bench.heading(
        "Memory: pushc lint --format json on \(count) messages, \(size) \(name), one run")
      let run = try ChildRun.runInFreshProcess([bench.pushc, "lint", "--format", "json", file])
      let cores = run.cpu / run.wall
      print(
        "peak RSS \(mebibytes(run.peakRSS)), "
          + String(
            format: "CPU %.2f s (user %.2f, system %.2f), wall %.2f s, CPU/wall %.2f, exit code %d",
            run.cpu, run.user, run.system, run.wall, cores, run.exitCode))
      bench.summary.add(
        "`pushc lint --format json`, \(count) msgs (\(size) \(name)), peak RSS",
        figure: mebibytes(run.peakRSS),
        target: "≤ 256 MiB",
        met: run.peakRSS <= 256 << 20 && run.exitCode == 0
      )
      guard form == .ndjson else { continue }
      bench.summary.add(
        "the same run, CPU / wall",
        figure: String(
          format: "%.2f (%.2f s CPU, %.0f%% system; %.2f s wall)",
          cores, run.cpu, 100 * run.system / run.cpu, run.wall),
        target: "≥ 1.5",
        met: cores >= 1.5
      )
    }
  }
}
