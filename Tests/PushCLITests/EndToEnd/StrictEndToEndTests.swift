import Foundation
import Testing
import _PushPayloadTestSupport

/// `--strict` fails the run on warnings, as `--warnings-as-errors` does: they are reported as
/// errors, the exit code is 1, and `compile` prints nothing for a message with one. Notes never
/// fail a run.
@Suite struct StrictEndToEndTests {
  /// A payload with two warnings (no `apns-push-type`, no `apns-topic`) and no error.
  static let warned = Array(#"{"aps": {"alert": "hi"}}"#.utf8)
  /// An FCM message whose only finding is the lowerCamelCase note of `--strict`.
  static let camelCase = Array(
    #"{"token": "t", "notification": {"title": "x"}, "fcmOptions": {"analytics_label": "a"}}"#
      .utf8)

  @Test(arguments: [["--strict"], ["--warnings-as-errors"]])
  func lintFailsOnWarnings(option: [String]) throws {
    let plain = try PushcProcess.run(["lint", "-"], input: Self.warned)
    #expect(plain.status == 0)
    #expect(plain.output.hasSuffix("1 file, 1 message: 0 errors, 2 warnings\n"))
    let strict = try PushcProcess.run(["lint"] + option + ["-"], input: Self.warned)
    #expect(strict.status == 1, "\(strict)")
    #expect(strict.output.contains("<stdin>:1:1: error: 'apns-topic' is missing"))
    #expect(strict.output.hasSuffix("1 file, 1 message: 2 errors, 0 warnings\n"))
  }

  @Test func compileWithholdsAMessageWithAWarning() throws {
    let plain = try PushcProcess.run(
      ["compile", "--target", "apns-payload", "-"], input: Self.warned)
    #expect(plain.status == 0)
    #expect(plain.output == #"{"aps": {"alert": "hi"}}"#)
    let strict = try PushcProcess.run(
      ["compile", "--strict", "--target", "apns-payload", "-"], input: Self.warned)
    #expect(strict.status == 1)
    #expect(strict.output.isEmpty)
    #expect(strict.error.contains("<stdin>:1:1: error: 'apns-topic' is missing"))
  }

  @Test func notesNeverFail() throws {
    let strict = try PushcProcess.run(["lint", "--strict", "-"], input: Self.camelCase)
    #expect(strict.status == 0, "\(strict)")
    #expect(strict.output.contains("note: 'fcmOptions' is the lowerCamelCase spelling"))
    let plain = try PushcProcess.run(["lint", "-"], input: Self.camelCase)
    #expect(!plain.output.contains("lowerCamelCase"))
  }
}
