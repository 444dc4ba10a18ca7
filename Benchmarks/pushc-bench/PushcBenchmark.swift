import Foundation
import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc-bench`: measures pushc as a whole process against the Firebase Admin Python SDK
/// (interleaved A/B runs), its instructions per message under callgrind, its peak memory on a
/// large file, and its hot paths in process against baselines run side by side.
///
/// Usage: `Benchmarks/run.sh [suites] [options]` (builds pushc and pushc-bench in release mode,
/// then runs `.build/release/pushc-bench`). See Benchmarks/README.md for what each row means.
@main
struct PushcBenchmark {
  static func main() throws {
    var options = Options()
    do {
      try options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(64)
    }
    do {
      try run(options)
    } catch {
      fflush(nil)
      FileHandle.standardError.write(Data("pushc-bench: \(error)\n".utf8))
      exit(1)
    }
  }

  static func run(_ options: Options) throws {
    if let command = options.measuredCommand {
      print(try ChildRun.run(command).report)
      return
    }
    if let path = options.corpusPath {
      let bytes = NoticeCorpus.ndjson(messages: options.messages)
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
      print("pushc-bench: wrote \(options.messages) notices (\(bytes.count) bytes) to \(path)")
      return
    }
    let bench = try Bench(options: options)
    if bench.needsPushc && !FileManager.default.isExecutableFile(atPath: bench.pushc) {
      FileHandle.standardError.write(
        Data(
          "pushc-bench: no pushc binary at \(bench.pushc); build it first "
            .appending("(swift build -c release --product pushc) or pass --pushc PATH\n").utf8))
      exit(66)
    }
    print("pushc-bench on \(Machine.description())")
    print("load average at the start: \(Machine.loadAverage())")
    if bench.needsPushc { print("pushc: \(bench.pushc)") }
    for suite in options.suites {
      switch suite {
      case .processes: try ProcessSuite(bench: bench).run()
      case .parse: parseRows(bench)
      case .library: try libraryRows(bench)
      case .callgrind: try CallgrindSuite(bench: bench).run()
      case .memory: try MemorySuite(bench: bench).run()
      case .tree: try TreeSuite(bench: bench).run()
      case .serve: try ServeSuite(bench: bench).run()
      }
    }
    print("\nload average at the end: \(Machine.loadAverage())")
    print("\nSummary (Markdown):\n")
    print(bench.summary.markdown())
  }

  /// Parse-only throughput of the JSON reader, and the canonical writer, on one core.
  /// The summary row of `operation` on `corpus` against the parse targets: 400 MB/s
  /// on the key-heavy corpus, 1 GB/s on the string-heavy one; no row for other corpora.
  static func addParseSummary(
    _ bench: Bench, _ operation: String, corpus: Corpus, seconds: Double
  ) {
    let throughput = Double(corpus.bytes.count) / 1_048_576 / seconds
    let (shape, target): (String, Double)
    switch corpus.name {
    case "messages": (shape, target) = ("key-heavy", 400)
    case "korean-text": (shape, target) = ("string-heavy", 1_024)
    default: return
    }
    bench.summary.add(
      "`\(operation)`, \(shape) (`\(corpus.name)`), one core",
      figure: String(format: "%.0f MB/s", throughput),
      target: target >= 1_024 ? "≥ 1 GB/s" : "≥ \(Int(target)) MB/s",
      met: throughput >= target)
  }

  static func parseRows(_ bench: Bench) {
    let options = bench.options
    let corpora = [
      Corpus(name: "messages", bytes: Corpus.messages(targetBytes: options.sizeMB << 20)),
      Corpus(name: "korean-text", bytes: Corpus.koreanText(targetBytes: options.sizeMB << 20)),
      Corpus(name: "numbers", bytes: Corpus.numbers(targetBytes: options.sizeMB << 20)),
    ]
    bench.heading(
      "In process, one thread: \(options.iterations) iterations, median thread CPU time (MB = 2^20 bytes)"
    )
    print(
      "operation".padding(toLength: 44, withPad: " ", startingAt: 0)
        + "     input    throughput   ratio")
    for corpus in corpora {
      let file = SourceFile(name: corpus.name, bytes: corpus.bytes)
      let reader = JSONReader()
      precondition(reader.readTree(file).isTree, "the tree fast path must read the corpus")
      // `read` and `readTree` alternate, so that both see the same machine load.
      let (ours, tree) = measurePair(options.iterations) {
        let parsed = reader.read(file)
        precondition(!parsed.hasErrors, "benchmark corpus must be valid JSON")
        return parsed.documents.count
      } _: {
        reader.readTree(file).documentCount
      }
      let data = Data(corpus.bytes)
      let foundation = measure(options.iterations) {
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return object == nil ? 0 : 1
      }
      report("JSONReader.read (\(corpus.name))", bytes: corpus.bytes.count, seconds: ours)
      report(
        "JSONReader.readTree (\(corpus.name))", bytes: corpus.bytes.count, seconds: tree,
        ratio: ours / tree, versus: "read")
      addParseSummary(bench, "JSONReader.read", corpus: corpus, seconds: ours)
      addParseSummary(bench, "JSONReader.readTree", corpus: corpus, seconds: tree)
      report(
        "  baseline: JSONSerialization",
        bytes: corpus.bytes.count,
        seconds: foundation,
        ratio: foundation / ours
      )
      if options.python,
        let python = pythonJSONSeconds(corpus.bytes, iterations: options.iterations)
      {
        report(
          "  baseline: python json.loads",
          bytes: corpus.bytes.count,
          seconds: python,
          ratio: python / ours
        )
      }
      guard let document = reader.read(file).documents.first else { continue }
      let writer = CanonicalJSONWriter(style: .compact)
      let written = measure(options.iterations) { writer.bytes(for: document).count }
      let counted = measure(options.iterations) { writer.encodedByteCount(of: document) }
      report(
        "CanonicalJSONWriter.bytes (\(corpus.name))", bytes: corpus.bytes.count, seconds: written)
      report(
        "  encodedByteCount (no output)",
        bytes: corpus.bytes.count,
        seconds: counted,
        ratio: written / counted
      )
    }
  }

  /// Compiling and linting FCM messages, against the Firebase Admin Python SDK encoding the
  /// same messages (its `MessageEncoder`, which is all the SDK does before sending).
  static func libraryRows(_ bench: Bench) throws {
    let options = bench.options
    bench.heading(
      "In process, one thread: the compile and lint pipelines, \(options.iterations) iterations, median thread CPU time"
    )
    print(
      "operation".padding(toLength: 44, withPad: " ", startingAt: 0)
        + "     input    throughput   ratio")
    let bytes = Corpus.messages(targetBytes: max(1, options.sizeMB / 4) << 20)
    let file = SourceFile(name: "messages", bytes: bytes)
    let compiler = PushCompiler(options: .init(lowering: .init(now: 1_700_000_000)))
    var messageCount = 0
    let compile = measure(options.iterations) {
      let compilation = compiler.compile(JSONReader.read(file))
      precondition(!compilation.hasErrors, "benchmark messages must compile cleanly")
      messageCount = compilation.messages.count
      return compilation.messages.count
    }
    let lint = measure(options.iterations) {
      FCMLinter().lint(JSONReader.read(file)).messages.count
    }
    // The CLI's way: the arena tree (`readTree`), from which the model reader makes strings
    // only for what it keeps and measures string maps from their source.
    let compileTree = measure(options.iterations) {
      compiler.compile(JSONReader.readTree(file)).messages.count
    }
    report(
      "PushCompiler.compile (FCM + APNs, \(messageCount) msgs)", bytes: bytes.count,
      seconds: compile)
    report("  FCMLinter.lint (FCM only)", bytes: bytes.count, seconds: lint)
    report(
      "  PushCompiler.compile, read with readTree", bytes: bytes.count, seconds: compileTree,
      ratio: compile / compileTree, versus: "read")
    if let python = pythonSDKSeconds(bytes, iterations: options.iterations) {
      report(
        "  baseline: firebase-admin encode", bytes: bytes.count, seconds: python,
        ratio: python / compile)
      report(
        "  the same baseline, against readTree", bytes: bytes.count, seconds: python,
        ratio: python / compileTree)
    } else {
      print("  baseline: firebase-admin encode            skipped (pip install firebase-admin)")
    }
  }

  /// The median seconds the Firebase Admin Python SDK takes to turn the messages in `bytes`
  /// (a JSON array of send requests) into request bodies: `json.loads`, building its
  /// `messaging.Message` objects (with the translation of scripts/fcm_oracle.py) and encoding
  /// them with its `MessageEncoder`. `nil` when python3 or firebase-admin is missing.
  static func pythonSDKSeconds(_ bytes: [UInt8], iterations: Int) -> Double? {
    let scripts = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts")
    let script = """
      import json, sys, time
      sys.path.insert(0, sys.argv[3])
      import fcm_oracle
      from firebase_admin import _messaging_encoder
      data = open(sys.argv[1], 'rb').read()
      def run():
          for request in json.loads(data):
              json.dumps(fcm_oracle.message(request["message"]), cls=_messaging_encoder.MessageEncoder)
      run()
      samples = []
      for _ in range(int(sys.argv[2])):
          start = time.thread_time(); run(); samples.append(time.thread_time() - start)
      samples.sort(); print(samples[len(samples) // 2])
      """
    return pythonSeconds(
      script: script, bytes: bytes, arguments: [String(iterations), scripts.path])
  }

  /// Runs a Python timing `script` on a temporary file holding `bytes` and returns the number
  /// it prints, or `nil` when it fails.
  static func pythonSeconds(script: String, bytes: [UInt8], arguments: [String]) -> Double? {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-bench-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: path) }
    guard (try? Data(bytes).write(to: path)) != nil else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path.path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(
      String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The median CPU time of this thread over `iterations` runs of `body` after one warm-up
  /// run. The rows are single-threaded, so on an idle machine this is their wall time; on a
  /// shared one it leaves out the time the thread waited for a core.
  static func measure(_ iterations: Int, _ body: () -> Int) -> Double {
    var sink = body()
    var samples: [Double] = []
    for _ in 0..<iterations {
      let start = threadCPUSeconds()
      sink &+= body()
      samples.append(threadCPUSeconds() - start)
    }
    if sink == Int.min { print("") }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// The median thread CPU seconds of `first` and of `second`, run alternately, one of each a
  /// round, after one warm-up run of each.
  static func measurePair(
    _ iterations: Int, _ first: () -> Int, _ second: () -> Int
  ) -> (Double, Double) {
    var sink = first() &+ second()
    var firstSamples: [Double] = []
    var secondSamples: [Double] = []
    for _ in 0..<iterations {
      var start = threadCPUSeconds()
      sink &+= first()
      firstSamples.append(threadCPUSeconds() - start)
      start = threadCPUSeconds()
      sink &+= second()
      secondSamples.append(threadCPUSeconds() - start)
    }
    if sink == Int.min { print("") }
    firstSamples.sort()
    secondSamples.sort()
    return (firstSamples[iterations / 2], secondSamples[iterations / 2])
  }

  static func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Prints a row: `ratio` is how many times as fast as the baseline, named `versus` when it
  /// is another pushc row.
  static func report(
    _ name: String, bytes: Int, seconds: Double, ratio: Double? = nil, versus: String? = nil
  ) {
    let megabytes = Double(bytes) / 1_048_576
    var line = name.padding(toLength: 44, withPad: " ", startingAt: 0)
    line += String(format: "%6.1f MB", megabytes)
    line += String(format: "%10.0f MB/s", megabytes / seconds)
    if let ratio, let versus {
      line += String(format: "   %.2fx as fast as \(versus)", ratio)
    } else if let ratio {
      line += String(format: "   pushc is %.2fx as fast", ratio)
    }
    print(line)
  }

  /// The median seconds CPython's `json.loads` takes on `bytes`, or `nil` without python3.
  static func pythonJSONSeconds(_ bytes: [UInt8], iterations: Int) -> Double? {
    let script = """
      import json, sys, time
      data = open(sys.argv[1], 'rb').read()
      samples = []
      json.loads(data)
      for _ in range(int(sys.argv[2])):
          start = time.thread_time(); json.loads(data); samples.append(time.thread_time() - start)
      samples.sort(); print(samples[len(samples) // 2])
      """
    return pythonSeconds(script: script, bytes: bytes, arguments: [String(iterations)])
  }
}
