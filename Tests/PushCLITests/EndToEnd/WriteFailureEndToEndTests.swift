import Foundation
import Testing
import _PushPayloadTestSupport

/// A standard output that cannot be written (`/dev/full`: "no space left on device") is never
/// ignored: every command reports it on standard error and exits with 74 (`EX_IOERR`).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
struct WriteFailureEndToEndTests {
  static let message = "samples/compile/kuring-notice.fcm.json"
  static let expectedError =
    "pushc: error: cannot write to standard output: no space left on device\n"

  @Test(arguments: [
    ["compile", message],
    ["compile", "--target", "apns-payload", message],
    ["lint", message],
    ["lint", "--format", "sarif", message],
    ["explain", "--now", "1700000000", message],
    ["fit", message],
    ["fmt", message],
    ["decode", "samples/decode/notice.json"],
    ["rules"],
    ["--version"],
    ["--help"],
  ])
  func everyCommandExitsWith74(arguments: [String]) throws {
    let result = try PushcProcess.run(arguments, outputPath: "/dev/full")
    #expect(result.status == 74, "\(result)")
    #expect(result.error.hasSuffix(Self.expectedError), "\(result)")
    #expect(result.error.components(separatedBy: "cannot write to standard output").count == 2)
  }

  @Test func theWorseCodeWins() throws {
    // Errors in the input (1) are worse than nothing, a write failure (74) is worse still.
    let result = try PushcProcess.run(
      ["lint", "samples/lint/typos.fcm.json"], outputPath: "/dev/full")
    #expect(result.status == 74)
    #expect(result.error == Self.expectedError)
  }

  @Test func writingToATerminalOrPipeIsUnchanged() throws {
    let result = try PushcProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
  }
}
