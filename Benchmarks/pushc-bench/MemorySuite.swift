import Foundation

/// Peak RSS of `pushc lint --format json` on a large NDJSON file of the notice corpus, with its
/// CPU and wall time: CPU / wall is the number of cores it keeps busy.
struct MemorySuite {
  var bench: Bench

  func run() throws {
    let count = bench.options.memoryMessages
    let corpus = NoticeCorpus.ndjson(messages: count)
    let file = try bench.write(corpus, name: "memory-\(count).ndjson")
    let megabytes = Double(corpus.count) / 1_000_000
    bench.heading(
      "Memory: pushc lint --format json on \(count) messages, "
        + String(format: "%.0f MB", megabytes) + " NDJSON, one run")
    let run = try ChildRun.runInFreshProcess([bench.pushc, "lint", "--format", "json", file])
    let cores = run.cpu / run.wall
    print(
      "peak RSS \(mebibytes(run.peakRSS)), "
        + String(
          format: "CPU %.2f s (user %.2f, system %.2f), wall %.2f s, CPU/wall %.2f, exit code %d",
          run.cpu, run.user, run.system, run.wall, cores, run.exitCode))
    bench.summary.add(
      "`pushc lint --format json`, \(count) msgs (" + String(format: "%.0f MB", megabytes)
        + "), peak RSS",
      figure: mebibytes(run.peakRSS),
      target: "≤ 256 MiB",
      met: run.peakRSS <= 256 << 20
    )
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
