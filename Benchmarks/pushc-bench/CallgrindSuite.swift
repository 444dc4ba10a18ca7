import Foundation

/// Instructions per message, the load-independent figure: each command runs as a whole process
/// under `valgrind --tool=callgrind`, once on an empty NDJSON file and once on N messages of the
/// notice corpus; (instructions(N) − instructions(0)) / N is the cost of a message without the
/// start-up. Instruction counts do not depend on what else the machine is doing, so two builds
/// can be compared on a busy machine.
struct CallgrindSuite {
  var bench: Bench

  func run() throws {
    let count = bench.options.callgrindMessages
    bench.heading(
      "Instructions per message under callgrind (\(count) messages minus an empty file)")
    guard (try? ChildRun.run(["valgrind", "--version"]))?.exitCode == 0 else {
      print("  skipped: valgrind is not installed (apt-get install valgrind)")
      return
    }
    // Swift seeds its hashing per process; fixed seeds make the counts repeat exactly.
    setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
    defer { unsetenv("SWIFT_DETERMINISTIC_HASHING") }
    let empty = try bench.write([], name: "empty.ndjson")
    let corpus = try bench.write(
      NoticeCorpus.ndjson(messages: count), name: "callgrind-\(count).ndjson")
    var commands = [
      (
        "pushc lint --format json",
        { (file: String) in [bench.pushc, "lint", "--format", "json", file] }
      ),
      (
        "pushc compile --target apns-payload",
        { (file: String) in
          [bench.pushc, "compile", "--target", "apns-payload", file]
        }
      ),
    ]
    if bench.sdkAvailable {
      commands.append(("Python SDK encode", { (file: String) in bench.sdkArguments(file) }))
    } else {
      print(bench.sdkSkipMessage)
    }
    print(
      "command".padding(toLength: 38, withPad: " ", startingAt: 0)
        + "     start-up Ir         total Ir   Ir/message")
    for (name, arguments) in commands {
      let startUp = try instructions(arguments(empty))
      let total = try instructions(arguments(corpus))
      let perMessage = Double(total - startUp) / Double(count)
      print(
        name.padding(toLength: 38, withPad: " ", startingAt: 0)
          + leftPad(grouped(startUp), 16) + leftPad(grouped(total), 17)
          + leftPad(grouped(Int(perMessage.rounded())), 13))
      let isSDK = name.hasPrefix("Python")
      bench.summary.add(
        "`\(name)`, instructions per message (callgrind, \(count) msgs)",
        figure: "\(grouped(Int(perMessage.rounded()))) (start-up \(grouped(startUp)))",
        target: isSDK
          ? "(baseline)"
          : (name.contains("lint") ? "≤ 60,000" : "(lint's target covers the pipeline)"),
        met: isSDK || !name.contains("lint") ? nil : perMessage <= 60_000
      )
    }
  }

  /// The instructions callgrind counts for the whole process.
  func instructions(_ arguments: [String]) throws -> Int {
    let log = bench.temporaryPath("callgrind.log")
    let run = try ChildRun.run(
      [
        "valgrind", "--tool=callgrind",
        "--callgrind-out-file=" + bench.temporaryPath("callgrind.out"),
        "--log-file=" + log,
      ] + arguments
    )
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    // "==123== Collected : 123456789"
    guard
      let line = text.split(separator: "\n").last(where: { $0.contains("Collected :") }),
      let value = line.split(separator: ":").last.flatMap({
        Int($0.trimmingCharacters(in: .whitespaces))
      })
    else {
      throw ChildRun.LaunchError(
        description: "callgrind gave no count for \(arguments.joined(separator: " ")) "
          + "(exit code \(run.exitCode)):\n\(text.suffix(2_000))")
    }
    return value
  }
}

/// `1234567` as `1,234,567`.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
    result.append(digit)
  }
  return (value < 0 ? "-" : "") + result
}
