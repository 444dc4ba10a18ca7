import Foundation

/// Whole-process `pushc lint --format json` over a folder of many small files, the shape of a
/// CI job linting a repository's message definitions: the walk, one read and one compilation
/// per file, one report.
///
/// The tree holds `--tree-files` notices of the notice corpus, one JSON file each, 100 to a
/// folder, with a text file and a hidden folder in each folder for the walk to leave out. One
/// untimed warm-up run checks the summary; reported are the medians over `--rounds` runs.
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
    var runs: [ChildRun] = []
    for round in 1...bench.options.rounds {
      let run = try command.run()
      runs.append(run)
      bench.progress(
        "round \(round)/\(bench.options.rounds): "
          + String(format: "%.2f s CPU / %.2f s wall", run.cpu, run.wall))
    }
    let stats = Stats(runs)
    print(
      String(
        format: "median: %.2f s CPU (%.2f user + %.2f system), %.2f s wall; %.0f files/s wall",
        stats.cpu, stats.user, stats.system, stats.wall, Double(count) / stats.wall))
    bench.summary.add(
      "`pushc lint --format json` over \(count) files in folders, whole process",
      figure: String(format: "%.2f s wall, %.2f s CPU", stats.wall, stats.cpu),
      target: "well under 2 s wall",
      met: stats.wall < 2
    )
  }
}
