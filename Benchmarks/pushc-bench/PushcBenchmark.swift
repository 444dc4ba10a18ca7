import Foundation
import PushDiagnostics
import PushPayload

/// `pushc-bench`: measures pushc's hot paths against baselines run side by side in the same
/// process, and prints throughput and ratios.
///
/// Usage: `swift run -c release pushc-bench [--iterations N] [--size-mb N] [--python]`.
/// See Benchmarks/README.md for what each row means.
@main
struct PushcBenchmark {
  static func main() throws {
    var options = Options()
    try options.parse(Array(CommandLine.arguments.dropFirst()))
    let corpora = [
      Corpus(name: "messages", bytes: Corpus.messages(targetBytes: options.sizeMB << 20)),
      Corpus(name: "korean-text", bytes: Corpus.koreanText(targetBytes: options.sizeMB << 20)),
      Corpus(name: "numbers", bytes: Corpus.numbers(targetBytes: options.sizeMB << 20)),
    ]
    print("pushc-bench: \(options.iterations) iterations, median wall time, 1 thread")
    print("operation".padding(toLength: 44, withPad: " ", startingAt: 0) + "     input    throughput   ratio")
    for corpus in corpora {
      let file = SourceFile(name: corpus.name, bytes: corpus.bytes)
      let reader = JSONReader()
      let ours = measure(options.iterations) {
        let parsed = reader.read(file)
        precondition(!parsed.hasErrors, "benchmark corpus must be valid JSON")
        return parsed.documents.count
      }
      let data = Data(corpus.bytes)
      let foundation = measure(options.iterations) {
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return object == nil ? 0 : 1
      }
      report("JSONReader.read (\(corpus.name))", bytes: corpus.bytes.count, seconds: ours)
      report(
        "  baseline: JSONSerialization",
        bytes: corpus.bytes.count,
        seconds: foundation,
        ratio: foundation / ours
      )
      if options.python, let python = pythonJSONSeconds(corpus.bytes, iterations: options.iterations) {
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
      report("CanonicalJSONWriter.bytes (\(corpus.name))", bytes: corpus.bytes.count, seconds: written)
      report(
        "  encodedByteCount (no output)",
        bytes: corpus.bytes.count,
        seconds: counted,
        ratio: written / counted
      )
    }
  }

  /// The median wall time of `iterations` runs of `body` after one warm-up run.
  static func measure(_ iterations: Int, _ body: () -> Int) -> Double {
    var sink = body()
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<iterations {
      let start = clock.now
      sink &+= body()
      let elapsed = clock.now - start
      samples.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      )
    }
    if sink == Int.min { print("") }
    samples.sort()
    return samples[samples.count / 2]
  }

  static func report(_ name: String, bytes: Int, seconds: Double, ratio: Double? = nil) {
    let megabytes = Double(bytes) / 1_048_576
    var line = name.padding(toLength: 44, withPad: " ", startingAt: 0)
    line += String(format: "%6.1f MB", megabytes)
    line += String(format: "%10.0f MB/s", megabytes / seconds)
    if let ratio { line += String(format: "   pushc is %.2fx as fast", ratio) }
    print(line)
  }

  /// The median seconds CPython's `json.loads` takes on `bytes`, or `nil` without python3.
  static func pythonJSONSeconds(_ bytes: [UInt8], iterations: Int) -> Double? {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-bench-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: path) }
    guard (try? Data(bytes).write(to: path)) != nil else { return nil }
    let script = """
      import json, sys, time
      data = open(sys.argv[1], 'rb').read()
      samples = []
      json.loads(data)
      for _ in range(int(sys.argv[2])):
          start = time.perf_counter(); json.loads(data); samples.append(time.perf_counter() - start)
      samples.sort(); print(samples[len(samples) // 2])
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path.path, String(iterations)]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
