/// The command-line options of `pushc-bench`.
struct Options {
  /// The groups of rows; see Benchmarks/README.md.
  enum Suite: String, CaseIterable {
    /// Whole-process `pushc lint` and `pushc compile` against the Python SDK, A/B interleaved.
    case processes
    /// Parse-only MB/s of the JSON reader (and the canonical writer), one core, in process.
    case parse
    /// The compile and lint pipelines in process, against the SDK timed inside Python.
    case library
    /// Instructions per message under callgrind, for lint, compile and the SDK.
    case callgrind
    /// Peak RSS, CPU and wall time of `pushc lint` on a large NDJSON file.
    case memory
    /// Whole-process `pushc lint` over a folder of many small files.
    case tree
    /// `pushc serve` under `h2load -c 10 -m 100` over h2c, and its memory afterwards.
    case serve
  }

  var suites: [Suite] = []
  /// Messages in the whole-process corpus.
  var messages = 20_000
  /// A/B rounds of the whole-process suite (after one warm-up round).
  var rounds = 7
  /// Messages in the callgrind corpus.
  var callgrindMessages = 1_000
  /// Messages in the memory row's NDJSON file.
  var memoryMessages = 100_000
  /// Files in the folder tree of the tree suite.
  var treeFiles = 10_000
  /// Requests h2load sends in the serve suite's measured run.
  var serveRequests = 1_000_000
  /// Size of each generated in-process corpus, and timed runs per in-process row.
  var sizeMB = 8
  var iterations = 9
  /// CPython's `json.loads` as a second parse baseline.
  var python = false
  /// The pushc binary; by default the one next to pushc-bench.
  var pushc: String?
  /// The Python interpreter for the SDK baseline.
  var python3 = "python3"
  /// Where to write the notice corpus of `--messages` messages instead of running any suite,
  /// for profiling by hand.
  var corpusPath: String?
  /// `--measure-child COMMAND…`: runs the command as this (small, fresh) process's child and
  /// prints its figures, for ``ChildRun/runInFreshProcess(_:)``.
  var measuredCommand: [String]?

  static let usage = """
    usage: pushc-bench [processes|parse|library|callgrind|memory|tree|serve ...] [--quick]
                       [--messages N] [--rounds N] [--callgrind-messages N] [--memory-messages N]
                       [--tree-files N] [--serve-requests N]
                       [--size-mb N] [--iterations N] [--python] [--pushc PATH] [--python3 PATH]
           pushc-bench --write-corpus PATH [--messages N]
    With no suite, runs every suite. --write-corpus writes the notice corpus as NDJSON and
    runs nothing. See Benchmarks/README.md.
    """

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  mutating func parse(_ arguments: [String]) throws {
    if arguments.first == "--measure-child" {
      guard arguments.count > 1 else {
        throw UsageError(description: "--measure-child needs a command\n\(Self.usage)")
      }
      measuredCommand = Array(arguments.dropFirst())
      return
    }
    var remaining = arguments[...]
    var quick = false
    var given: Set<String> = []
    func positive(_ name: String) throws -> Int {
      guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
        throw UsageError(description: "\(name) needs a positive integer\n\(Self.usage)")
      }
      given.insert(name)
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--messages": messages = try positive(argument)
      case "--rounds": rounds = try positive(argument)
      case "--callgrind-messages": callgrindMessages = try positive(argument)
      case "--memory-messages": memoryMessages = try positive(argument)
      case "--tree-files": treeFiles = try positive(argument)
      case "--serve-requests": serveRequests = try positive(argument)
      case "--iterations": iterations = try positive(argument)
      case "--size-mb": sizeMB = try positive(argument)
      case "--python": python = true
      case "--quick": quick = true
      case "--pushc", "--python3", "--write-corpus":
        guard let value = remaining.popFirst() else {
          throw UsageError(description: "\(argument) needs a path\n\(Self.usage)")
        }
        switch argument {
        case "--pushc": pushc = value
        case "--python3": python3 = value
        default: corpusPath = value
        }
      case "-h", "--help":
        throw UsageError(description: Self.usage)
      default:
        guard let suite = Suite(rawValue: argument) else {
          throw UsageError(description: "unknown argument '\(argument)'\n\(Self.usage)")
        }
        if !suites.contains(suite) { suites.append(suite) }
      }
    }
    if suites.isEmpty { suites = Suite.allCases }
    if quick {
      // Small sizes for a check while developing, on a machine shared with builds.
      if !given.contains("--messages") { messages = 1_000 }
      if !given.contains("--rounds") { rounds = 3 }
      if !given.contains("--callgrind-messages") { callgrindMessages = 50 }
      if !given.contains("--memory-messages") { memoryMessages = 2_000 }
      if !given.contains("--tree-files") { treeFiles = 500 }
      if !given.contains("--serve-requests") { serveRequests = 20_000 }
      if !given.contains("--size-mb") { sizeMB = 1 }
      if !given.contains("--iterations") { iterations = 3 }
    }
  }
}
