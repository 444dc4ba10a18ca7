package import Foundation

/// Runs a Python interpreter for the tests that use a PyPI package as an oracle (the Firebase
/// Admin SDK, `jsonschema`).
///
/// The interpreter is `python3` from `PATH`, or the one `PUSHC_PYTHON` names (for a virtual
/// environment: `PUSHC_PYTHON=.venv/bin/python3 swift test`).
package enum PythonProcess {
  /// The Python interpreter: `PUSHC_PYTHON`, or `python3` from `PATH`.
  package static var python: String {
    ProcessInfo.processInfo.environment["PUSHC_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "python3"
  }

  /// Whether the tests run under CI, where a missing oracle is a failure rather than a skip.
  package static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"] == "true"
  }

  /// Whether the interpreter can import `module`.
  package static func canImport(_ module: String) -> Bool {
    guard let status = try? run(["-c", "import \(module)"], input: Data()) else { return false }
    return status.status == 0
  }

  /// Runs the interpreter with `arguments`, writing `input` to its standard input.
  ///
  /// - Returns: The exit status, standard output and standard error.
  /// - Throws: When the interpreter cannot be started.
  package static func run(_ arguments: [String], input: Data) throws
    -> (status: Int32, output: Data, error: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Write stdin and drain stderr on other threads so full pipes cannot deadlock.
    let input = input
    let inputHandle = stdin.fileHandleForWriting
    let errorHandle = stderr.fileHandleForReading
    let errorBox = ErrorBox()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      inputHandle.write(input)
      try? inputHandle.close()
    }
    DispatchQueue.global().async {
      errorBox.data = errorHandle.readDataToEndOfFile()
      done.signal()
    }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return (process.terminationStatus, output, String(decoding: errorBox.data, as: UTF8.self))
  }

  /// Standard error, filled by another thread.
  private final class ErrorBox: @unchecked Sendable {
    var data = Data()
  }
}
