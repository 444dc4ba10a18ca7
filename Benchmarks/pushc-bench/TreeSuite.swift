import Foundation

/// Whole-process `pushc lint --format json` over a folder of many small files, the shape of a
/// CI job linting a repository's message definitions: the walk, one read and one compilation
/// per file, one report.
///
/// The tree holds `--tree-files` notices of the notice corpus, one JSON file each, 100 to a
/// folder, with a text file and a hidden folder in each folder for the walk to leave out. One
/// untimed warm-up run checks the summary; reported are the medians over `--rounds` runs, and,
/// when firebase-admin is installed, the median of the ratios to the Python SDK encoding the
/// same messages from one NDJSON file, run after each pushc run (a paired ratio, as in
/// ``ProcessSuite``; the SDK reads one file, where pushc reads thousands).
struct TreeSuite {
  var bench: Bench

  func run() throws {
    let count = bench.options.treeFiles
    let root = bench.temporaryPath("tree-\(count)")
    let lines = NoticeCorpus.ndjson(messages: count).split(separator: UInt8(ascii: "\n"))
    let manager = FileManager.default
    for (index, line) in lines.enumerated() {
      let folder = "\(root)/f\(index / 100)"
      if index % 100 == 0 {
        try manager.createDirectory(
          atPath: folder + "/.hidden", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: folder + "/README.txt", contents: Data("notes\n".utf8))
        _ = manager.createFile(atPath: folder + "/.hidden/x.json", contents: Data("{}".utf8))
      }
      let path = folder + String(format: "/notice-%05d.json", index)
      guard manager.createFile(atPath: path, contents: Data(line + [UInt8(ascii: "\n")])) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    }
    bench.heading(
      "Folder walk: pushc lint --format json over \(count) files in \((count + 99) / 100) folders, "
        + "\(bench.options.rounds) rounds + 1 warm-up")
    let command = Command(
      name: "pushc lint --format json <tree>",
      arguments: [bench.pushc, "lint", "--format", "json", root])
    let output = bench.temporaryPath("tree.out")
    let warmUp = try ChildRun.run(command.arguments, stdout: output, stderr: "/dev/null")
    let report = String(
      decoding: (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data(), as: UTF8.self
    )
    .filter { !$0.isWhitespace }
    guard warmUp.exitCode == 0, report.contains("\"files\":\(count),\"messages\":\(count)") else {
      throw ChildRun.LaunchError(
        description: "\(command.name): exit code \(warmUp.exitCode), summary not \(count) files")
    }
    let sdk: Command?
    if bench.sdkAvailable {
      let ndjson = try bench.write(
        Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")],
        name: "tree-\(count).ndjson")
      sdk = Command(name: "Python SDK encode", arguments: bench.sdkArguments(ndjson))
    } else {
      sdk = nil
      print(bench.sdkSkipMessage)
    }
    var runs: [ChildRun] = []
    var pairs: [(ChildRun, ChildRun)] = []
    for round in 1...bench.options.rounds {
      let run = try command.run()
      runs.append(run)
      let sdkRun = try sdk?.run()
      if let sdkRun { pairs.append((run, sdkRun)) }
      bench.progress(
        "round \(round)/\(bench.options.rounds): "
          + String(format: "%.2f s CPU / %.2f s wall", run.cpu, run.wall)
          + (sdkRun.map { String(format: ", SDK %.2f s CPU / %.2f s wall", $0.cpu, $0.wall) }
            ?? ""))
    }
    let stats = Stats(runs)
    print(
      String(
        format: "median: %.2f s CPU (%.2f user + %.2f system), %.2f s wall; %.0f files/s wall",
        stats.cpu, stats.user, stats.system, stats.wall, Double(count) / stats.wall))
    var figure = String(format: "%.2f s wall, %.2f s CPU", stats.wall, stats.cpu)
    if !pairs.isEmpty {
      let cpuRatio = median(pairs.map { $0.1.cpu / $0.0.cpu })
      let wallRatio = median(pairs.map { $0.1.wall / $0.0.wall })
      let sdkStats = Stats(pairs.map(\.1))
      print(
        String(
          format: "SDK encoding the same messages: %.2f s CPU, %.2f s wall; pushc %.2f× its "
            + "speed in CPU time, %.2f× in wall time", sdkStats.cpu, sdkStats.wall, cpuRatio,
          wallRatio))
      figure += String(
        format: "; %.2f× the SDK's speed in CPU time, %.2f× in wall time", cpuRatio, wallRatio)
    }
    bench.summary.add(
      "`pushc lint --format json` over \(count) files in folders, whole process",
      figure: figure,
      target: "well under 2 s wall",
      met: stats.wall < 2
    )
  }
}
