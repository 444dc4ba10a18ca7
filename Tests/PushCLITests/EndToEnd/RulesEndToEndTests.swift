import Foundation
import Testing
import _PushPayloadTestSupport

/// Runs the built `pushc rules` and checks its output and exit codes.
@Suite struct RulesEndToEndTests {
  @Test func listsTheRules() throws {
    let result = try PushcProcess.run(["rules"])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    #expect(result.output.hasPrefix("fcm-target "))
    #expect(result.output.contains("\napns-headers "))
  }

  @Test func documentsOneRule() throws {
    let result = try PushcProcess.run(["rules", "fcm-size"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("fcm-size (fcm rule, error)\n"))
    #expect(result.output.contains("### `fcmMessageTooLarge`"))
  }

  @Test func unknownIdentifierExitsWith64() throws {
    let result = try PushcProcess.run(["rules", "fcm-sise"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.error == """
        pushc: error: unknown rule or diagnostic 'fcm-sise'; did you mean 'fcm-size'?
        usage: pushc rules [--format <format>] [<id>]
        See 'pushc help rules' for more information.

        """
    )
  }

  @Test func badFormatIsAUsageError() throws {
    let result = try PushcProcess.run(["rules", "--format", "yaml"])
    #expect(result.status == 64)
  }
}
