import Foundation

/// Whole-process `pushc lint --format json` and `pushc compile --target apns-payload` against
/// the Firebase Admin Python SDK encoding the same NDJSON messages, interleaved A/B.
///
/// Every round runs `lint, SDK, compile, SDK`: each pushc run is followed by an SDK run, and
/// its ratio is taken against that neighbour (a paired ratio), so load that comes and goes on a
/// shared machine hits both sides of a pair alike. One untimed warm-up round first fills the
/// page cache and checks every output (one payload per message, a lint summary without
/// errors). Reported: the median over the rounds of each command's CPU time (user + system of
/// the child, from `wait4`), wall time and peak RSS, and the median of the paired ratios.
struct ProcessSuite {
  var bench: Bench

  func run() throws {
    let options = bench.options
    let corpus = NoticeCorpus.ndjson(messages: options.messages)
    let file = try bench.write(corpus, name: "notices-\(options.messages).ndjson")
    let megabytes = Double(corpus.count) / 1_048_576
    bench.heading(
      "Whole process: \(options.messages) messages, \(String(format: "%.1f", megabytes)) MB NDJSON "
        + "(\(corpus.count / options.messages) bytes each), \(options.rounds) rounds + 1 warm-up, "
        + "interleaved lint, SDK, compile, SDK"
    )

    let lint = Command(
      name: "pushc lint --format json", arguments: [bench.pushc, "lint", "--format", "json", file])
    let compile = Command(
      name: "pushc compile --target apns-payload",
      arguments: [bench.pushc, "compile", "--target", "apns-payload", file]
    )
    let sdk =
      bench.sdkAvailable
      ? Command(name: "Python SDK encode", arguments: bench.sdkArguments(file)) : nil
    if sdk == nil { print(bench.sdkSkipMessage) }

    // Warm-up round, with every output checked.
    try check(lint, expecting: options.messages)
    try check(compile, expecting: options.messages)
    if let sdk { try check(sdk, expecting: options.messages) }

    var lintRuns: [ChildRun] = []
    var compileRuns: [ChildRun] = []
    var sdkRuns: [ChildRun] = []
    var lintPairs: [(ChildRun, ChildRun)] = []
    var compilePairs: [(ChildRun, ChildRun)] = []
    for round in 1...options.rounds {
      let lintRun = try lint.run()
      lintRuns.append(lintRun)
      if let sdk {
        let sdkRun = try sdk.run()
        sdkRuns.append(sdkRun)
        lintPairs.append((lintRun, sdkRun))
      }
      let compileRun = try compile.run()
      compileRuns.append(compileRun)
      if let sdk {
        let sdkRun = try sdk.run()
        sdkRuns.append(sdkRun)
        compilePairs.append((compileRun, sdkRun))
      }
      bench.progress(
        "round \(round)/\(options.rounds): lint \(format(lintRun)), compile \(format(compileRun))"
          + (sdkRuns.isEmpty ? "" : ", SDK \(format(sdkRuns[sdkRuns.count - 1]))")
      )
    }

    print(
      "command".padding(toLength: 38, withPad: " ", startingAt: 0)
        + "  CPU s (user+sys)     wall s   peak RSS   msgs/CPU-s   vs SDK: CPU    wall"
    )
    // Peak RSS from one more run of each command, spawned from a fresh small process: spawned
    // from here, a child's peak RSS is at least this process's own (see
    // ChildRun.runInFreshProcess).
    func peakRSS(_ command: Command) throws -> Int {
      try ChildRun.runInFreshProcess(command.arguments).peakRSS
    }
    var sdkStats = sdkRuns.isEmpty ? nil : Stats(sdkRuns)
    if let sdk { sdkStats?.peakRSS = try peakRSS(sdk) }
    for (command, runs, pairs) in [
      (lint, lintRuns, lintPairs), (compile, compileRuns, compilePairs),
    ] {
      var stats = Stats(runs)
      stats.peakRSS = try peakRSS(command)
      var line = row(command.name, stats)
      if !pairs.isEmpty {
        let cpuRatio = median(pairs.map { $0.1.cpu / $0.0.cpu })
        let wallRatio = median(pairs.map { $0.1.wall / $0.0.wall })
        line += String(format: "   %6.2f×  %6.2f×", cpuRatio, wallRatio)
        bench.summary.add(
          "`\(command.name)`, \(options.messages) msgs, whole process",
          figure: String(format: "%.2f s CPU, %.2f s wall, ", stats.cpu, stats.wall)
            + mebibytes(stats.peakRSS)
            + String(
              format: " peak; %.2f× the SDK's speed in CPU time, %.2f× in wall time", cpuRatio,
              wallRatio),
          target: "≥ 10× the SDK (aim 30×)",
          met: cpuRatio >= 10 && wallRatio >= 10
        )
      } else {
        bench.summary.add(
          "`\(command.name)`, \(options.messages) msgs, whole process",
          figure: String(format: "%.2f s CPU, %.2f s wall, ", stats.cpu, stats.wall)
            + mebibytes(stats.peakRSS) + " peak",
          target: "≥ 10× the SDK (aim 30×)", met: nil
        )
      }
      print(line)
    }
    if let sdkStats {
      print(row("  baseline: Python SDK (\(sdkRuns.count) runs)", sdkStats))
      bench.summary.add(
        "Firebase Admin Python SDK encoding the same messages, whole process",
        figure: String(format: "%.2f s CPU, %.2f s wall, ", sdkStats.cpu, sdkStats.wall)
          + mebibytes(sdkStats.peakRSS) + " peak",
        target: "(baseline)", met: nil
      )
    }
    print(
      "  (ratios: median over rounds of SDK time / pushc time in the same round; > 1 means pushc is faster)"
    )
  }

  func row(_ name: String, _ stats: Stats) -> String {
    name.padding(toLength: 38, withPad: " ", startingAt: 0)
      + String(format: "  %6.2f (%5.2f+%4.2f)", stats.cpu, stats.user, stats.system)
      + String(format: "  %8.2f", stats.wall)
      + "  " + leftPad(mebibytes(stats.peakRSS), 9)
      + String(format: "  %11.0f", Double(bench.options.messages) / stats.cpu)
  }

  func format(_ run: ChildRun) -> String {
    String(format: "%.2f s CPU / %.2f s wall", run.cpu, run.wall)
  }

  /// Runs `command` once, writing its output to a file, and checks that it succeeded and
  /// handled `count` messages.
  func check(_ command: Command, expecting count: Int) throws {
    let output = bench.temporaryPath("check.out")
    let errors = bench.temporaryPath("check.err")
    let run = try ChildRun.run(command.arguments, stdout: output, stderr: errors)
    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
    let problem: String?
    if run.exitCode != 0 {
      problem = "exit code \(run.exitCode)"
    } else if command.arguments.contains("lint") {
      let text = String(decoding: bytes, as: UTF8.self)
      let compact = text.filter { !$0.isWhitespace }
      problem =
        compact.contains("\"messages\":\(count)") && compact.contains("\"errors\":0")
          && compact.contains("\"warnings\":0")
        ? nil : "the lint summary does not say \(count) messages without errors or warnings"
    } else {
      let lines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      problem = lines == count ? nil : "\(lines) output lines for \(count) messages"
    }
    if let problem {
      let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      throw ChildRun.LaunchError(
        description: "\(command.name): \(problem)\n\(message.prefix(2_000))")
    }
  }
}

/// A command of the whole-process suites.
struct Command {
  var name: String
  var arguments: [String]

  func run() throws -> ChildRun { try ChildRun.run(arguments) }
}

/// Medians over runs of one command.
struct Stats {
  var cpu: Double
  var user: Double
  var system: Double
  var wall: Double
  var peakRSS: Int

  init(_ runs: [ChildRun]) {
    cpu = median(runs.map(\.cpu))
    user = median(runs.map(\.user))
    system = median(runs.map(\.system))
    wall = median(runs.map(\.wall))
    peakRSS = Int(median(runs.map { Double($0.peakRSS) }))
  }
}

/// The median (the mean of the two middle values for an even count).
func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty)
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func mebibytes(_ bytes: Int) -> String {
  String(format: "%.0f MiB", Double(bytes) / 1_048_576)
}

func leftPad(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}
