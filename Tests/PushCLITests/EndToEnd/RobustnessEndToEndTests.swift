import Foundation
import Testing
import _PushPayloadTestSupport

/// Issue 12's findings that only the built binary shows: endless inputs, FIFOs, traps on
/// extreme numbers and forged diagnostic lines.
@Suite struct RobustnessEndToEndTests {
  /// Runs `pushc` with standard input read from `inputPath` (such as `/dev/zero`).
  static func run(_ arguments: [String], stdinPath: String) throws -> (status: Int32, error: String)
  {
    let process = Process()
    process.executableURL = try PushcProcess.executableURL()
    process.arguments = arguments
    let errorURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-robust-\(UUID().uuidString)")
    try Data().write(to: errorURL)
    defer { try? FileManager.default.removeItem(at: errorURL) }
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinPath))
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorHandle
    try process.run()
    process.waitUntilExit()
    try errorHandle.close()
    #expect(process.terminationReason == .exit)
    return (
      process.terminationStatus,
      String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
    )
  }

  /// Finding 4: `/dev/zero` as a file and on standard input stops at `--max-input-size`.
  @Test(arguments: [["lint"], ["compile"], ["fmt"], ["explain"], ["fit"], ["decode"]])
  func devZeroStopsAtTheInputLimit(command: [String]) throws {
    let file = try PushcProcess.run(command + ["--max-input-size", "1000000", "/dev/zero"])
    #expect(file.status == 66, "\(file)")  // EX_NOINPUT, as for any unreadable input
    let problem =
      "cannot read '/dev/zero': it is larger than 1000000 bytes (raise the limit with "
      + "--max-input-size)"
    // lint's report holds the unreadable input; the other commands write it to standard error.
    if command == ["lint"] {
      #expect(
        file.output
          == "/dev/zero: error: \(problem) [cliCannotReadFile]\n"
          + "1 file, 0 messages: 1 error, 0 warnings\n")
      #expect(file.error.isEmpty)
    } else {
      #expect(file.error == "pushc: error: \(problem)\n")
    }
    let standardInput = try Self.run(
      command + ["--max-input-size", "1000000", "-"], stdinPath: "/dev/zero")
    #expect(standardInput.status == 66)
    if command != ["lint"] {
      #expect(
        standardInput.error.contains("cannot read '<stdin>': it is larger than 1000000 bytes"))
    }
  }

  @Test func theDefaultLimitStopsEndlessInputs() throws {
    let file = try PushcProcess.run(["lint", "/dev/zero"])
    #expect(file.status == 66)
    #expect(file.output.contains("it is larger than 16777216 bytes"))
    let decode = try PushcProcess.run([
      "decode", "--contract", "contracts/kuring.contract.json", "/dev/zero",
    ])
    #expect(decode.status != 0)
    #expect(decode.error.contains("larger than 16777216 bytes"), "\(decode)")
  }

  @Test func aFileOfExactlyTheLimitIsRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = #"{"message": {"topic": "news", "notification": {"title": "t"}}}"#
    let path = try directory.write(text, to: "m.json")
    let atLimit = try PushcProcess.run(["lint", "--max-input-size", String(text.utf8.count), path])
    #expect(atLimit.status == 0, "\(atLimit)")
    let below = try PushcProcess.run([
      "lint", "--max-input-size", String(text.utf8.count - 1), path,
    ])
    #expect(below.status == 66)
  }

  /// `--max-depth` accepts at most 1,000: input that deep goes through every later stage,
  /// which walks trees recursively, without running out of stack.
  @Test(arguments: [
    ["lint", "--now", "1"], ["compile", "--now", "1"], ["explain", "--now", "1"],
    ["fit", "--now", "1"], ["fmt"], ["decode"],
  ])
  func inputAsDeepAsTheCapPassesEveryStage(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 1,000 levels in all: the arrays inside one object (a capture) or four (a message).
    let count = command == ["decode"] ? 999 : 996
    let arrays = String(repeating: "[", count: count) + String(repeating: "]", count: count)
    let payload = #"{"aps": {"alert": "a"}, "x": \#(arrays)}"#
    let path = try directory.write(
      command == ["decode"]
        ? payload
        : #"{"message": {"topic": "t", "apns": {"payload": "#
          + payload + "}}}",
      to: "deep.json")
    let atCap = try PushcProcess.run(command + ["--max-depth", "1000", path])
    #expect(atCap.status == 0, "\(atCap.error.prefix(300))")
    let below = try PushcProcess.run(command + ["--max-depth", "999", path])
    #expect(below.status == 1)
    #expect(below.error.contains("nest deeper than 999 levels") || below.output.contains("999"))
  }

  /// Finding 6: a FIFO nobody writes to reads as empty instead of blocking forever.
  @Test func aFIFOWithoutAWriterDoesNotBlock() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("pipe.json")
    #expect(mkfifo(path, 0o600) == 0)
    let clock = ContinuousClock()
    var result: PushcProcess.Result?
    let elapsed = try clock.measure { result = try PushcProcess.run(["lint", path]) }
    #expect(elapsed < .seconds(20))
    #expect(result?.status == 1, "\(String(describing: result))")
  }

  /// Finding 2: `--now` near the integer limits is a usage error, not a trap.
  @Test func nowAtTheIntegerLimitIsAUsageError() throws {
    let result = try PushcProcess.run([
      "compile", "--now", "9223372036854775807", "samples/compile/kuring-notice.fcm.json",
    ])
    #expect(result.status == 64, "\(result)")
    #expect(result.error.contains("invalid value '9223372036854775807' for '--now'"))
  }

  /// Finding 5: a key cannot print a line that looks like another diagnostic, nor reach the
  /// terminal with an escape sequence.
  @Test(arguments: ["text", "annotated"])
  func aKeyCannotForgeADiagnostic(format: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      #"{"message": {"topic": "t", "bogus\nfield:1:1: error: fake\u001b[2J": 1}}"#, to: "m.json")
    let result = try PushcProcess.run(["lint", "--format", format, path])
    let all = result.output + result.error
    #expect(result.status == 1)
    #expect(!all.split(separator: "\n").contains { $0.hasPrefix("field:") }, "\(result)")
    #expect(!all.unicodeScalars.contains("\u{1B}"))
    #expect(all.contains(#"bogus\nfield:1:1: error: fake\u{1B}[2J"#), "\(result)")
  }
}
