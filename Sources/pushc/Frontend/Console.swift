/// The standard streams and environment a command talks to.
///
/// The real process uses ``process``; in-process tests build one that records the output.
struct Console {
  /// Writes bytes to standard output.
  var writeOutput: ([UInt8]) -> Void
  /// Writes text to standard error.
  var writeError: (String) -> Void
  /// Reads all of standard input, at most the given number of bytes; more is an error.
  var readInput: (_ maximumSize: Int) throws(FileError) -> [UInt8]
  /// Reads the next bytes of standard input, at most the given number; none at its end.
  var readInputChunk: (_ maximumCount: Int) throws(FileError) -> [UInt8]
  /// Whether standard error is a terminal, for `--color-diagnostics auto`.
  var isErrorTerminal: Bool
  /// Looks up an environment variable.
  var environmentValue: (String) -> String?
  /// Whether standard output is a terminal, for `lint`'s report under `--color-diagnostics auto`.
  var isOutputTerminal = false
  /// Why writing to standard output failed, if it did; once it has, later writes are skipped.
  var outputFailure: () -> FileError? = { nil }

  /// The streams of this process.
  static func process() -> Console {
    let output = OutputState()
    return Console(
      writeOutput: { (bytes) in
        // A closed standard output (EPIPE) ends the process through SIGPIPE, as in other tools;
        // any other failure (a full disk, an I/O error) is kept for the exit code.
        guard output.failure == nil else { return }
        do throws(FileError) {
          try FileIO.writeAll(bytes, to: 1)
        } catch {
          output.failure = error
        }
      },
      writeError: { text in
        try? FileIO.writeAll(Array(text.utf8), to: 2)
      },
      readInput: { (maximumSize) throws(FileError) in
        try FileIO.readAll(from: 0, maximumSize: maximumSize)
      },
      readInputChunk: { (maximumCount) throws(FileError) in
        try FileIO.readChunk(from: 0, maximumCount: maximumCount)
      },
      isErrorTerminal: FileIO.isTerminal(2),
      environmentValue: FileIO.environmentValue,
      isOutputTerminal: FileIO.isTerminal(1),
      outputFailure: { output.failure }
    )
  }

  /// The first failure to write standard output. Written only on the thread that writes the
  /// output (commands write their results in input order, from one thread).
  private final class OutputState {
    var failure: FileError?
  }

  /// Writes text to standard output.
  func print(_ text: String) {
    writeOutput(Array(text.utf8))
  }
}
