import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What every suite shares: the options, the binaries, a temporary folder and the summary.
final class Bench {
  let options: Options
  /// The pushc binary under test.
  let pushc: String
  /// The repository's scripts folder (the SDK baseline and its REST-to-SDK translation).
  let scripts: URL
  /// Whether python3 can import firebase_admin.
  let sdkAvailable: Bool
  /// The Python interpreter itself (`sys.executable`), not a wrapper such as a pyenv shim,
  /// which would add its own start-up and hide the interpreter from valgrind.
  let python: String
  let directory: URL
  let summary = Summary()

  init(options: Options) throws {
    self.options = options
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    pushc =
      options.pushc ?? executable.deletingLastPathComponent().appendingPathComponent("pushc").path
    scripts = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts")
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The same hashing in every Python run, so that callgrind's counts repeat.
    setenv("PYTHONHASHSEED", "0", 1)
    let probeOutput = directory.appendingPathComponent("python.txt").path
    let probe = try? ChildRun.run(
      [options.python3, "-c", "import sys, firebase_admin; print(sys.executable)"],
      stdout: probeOutput)
    sdkAvailable = probe?.exitCode == 0
    python =
      ((try? String(contentsOfFile: probeOutput, encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  var needsPushc: Bool {
    options.suites.contains { [.processes, .callgrind, .memory, .tree, .serve].contains($0) }
  }

  var sdkSkipMessage: String {
    "  baseline: Python SDK skipped: '\(options.python3)' cannot import firebase_admin "
      + "(python3 -m pip install firebase-admin)"
  }

  func sdkArguments(_ file: String) -> [String] {
    [python, scripts.appendingPathComponent("sdk_encode_bench.py").path, file]
  }

  func temporaryPath(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Writes `bytes` to a file in the temporary folder and returns its path.
  func write(_ bytes: [UInt8], name: String) throws -> String {
    let path = temporaryPath(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func heading(_ text: String) {
    print("\n== \(text)")
    print("   load average: \(Machine.loadAverage())")
  }

  func progress(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data(("  " + text + "\n").utf8))
  }
}

/// The figures of the run beside the targets, printed at the end as a Markdown table.
final class Summary {
  struct Row {
    var name: String
    var figure: String
    var target: String
    var met: Bool?
  }

  var rows: [Row] = []

  func add(_ name: String, figure: String, target: String, met: Bool?) {
    rows.append(Row(name: name, figure: figure, target: target, met: met))
  }

  func markdown() -> String {
    var text = "| row | measured | target (issue 9) | met |\n| --- | --- | --- | --- |\n"
    for row in rows {
      let met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
      text += "| \(row.name) | \(row.figure) | \(row.target) | \(met) |\n"
    }
    return text
  }
}

/// The machine the numbers come from.
enum Machine {
  static func description() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .map {
        $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
          ?? ""
      }
      ?? "unknown CPU"
    let memory = ProcessInfo.processInfo.physicalMemory
    return "\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores (nproc), \(model), "
      + String(format: "%.0f GiB", Double(memory) / 1_073_741_824)
  }

  /// The 1-, 5- and 15-minute load averages.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }
}
