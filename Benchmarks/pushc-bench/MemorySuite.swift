import Foundation

/// Peak RSS of `pushc lint --format json` on a large file of the notice corpus, with its CPU
/// and wall time (CPU / wall is the number of cores it keeps busy): NDJSON, then the same
/// messages as one JSON array (pretty, and on one line after a blank line) and as a YAML
/// stream, which are streamed in parts as well.
struct MemorySuite {
  var bench: Bench

  func run() throws {
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
