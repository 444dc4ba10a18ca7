@testable import pushc

/// A ``Console`` for in-process runs that records what a command writes.
final class ConsoleRecorder {
  /// What was written to standard output.
  var output: [UInt8] = []
  /// What was written to standard error.
  var error = ""
  /// What standard input holds, or `nil` to fail reading it like a closed descriptor.
  var input: [UInt8]?
  /// How much of ``input`` has been read a chunk at a time.
  var inputPosition = 0
  /// Whether standard error claims to be a terminal.
  var isErrorTerminal = false
  /// Whether standard output claims to be a terminal.
  var isOutputTerminal = false
  /// The environment.
  var environment: [String: String] = [:]

  /// Creates a recorder with the given standard input.
  init(input: [UInt8]? = nil) {
    self.input = input
  }

  /// Standard output as text.
  var outputText: String { String(decoding: output, as: UTF8.self) }

  /// A console writing into this recorder.
  var console: Console {
    Console(
      writeOutput: { self.output += $0 },
      writeError: { self.error += $0 },
      readInput: { (maximumSize) throws(FileError) in
        guard let input = self.input else { throw FileError(reason: "bad file descriptor") }
        guard input.count <= maximumSize else { throw .tooLarge(maximumSize) }
        return input
      },
      readInputChunk: { (maximumCount) throws(FileError) in
        guard let input = self.input else { throw FileError(reason: "bad file descriptor") }
        let end = min(input.count, self.inputPosition + maximumCount)
        defer { self.inputPosition = end }
        return Array(input[self.inputPosition..<end])
      },
      isErrorTerminal: isErrorTerminal,
      environmentValue: { self.environment[$0] },
      isOutputTerminal: isOutputTerminal
    )
  }

  /// Runs `pushc` in-process with `arguments`.
  func run(_ arguments: [String]) -> ExitCode {
    PushcCommand.run(arguments, console: console)
  }
}
