public import PushDiagnostics
package import PushJSON

/// The counts a lint run reports: files and messages read, errors and warnings found.
///
/// This is the `summary` object of `pushc lint --format json`:
/// `{"files": 1, "messages": 3, "errors": 0, "warnings": 2}`.
public struct LintSummary: Hashable, Sendable, Codable {
  /// The number of input files.
  public var files: Int
  /// The number of message definitions read.
  public var messages: Int
  /// The number of error diagnostics.
  public var errors: Int
  /// The number of warning diagnostics.
  public var warnings: Int

  /// Creates a summary.
  public init(files: Int = 0, messages: Int = 0, errors: Int = 0, warnings: Int = 0) {
    self.files = files
    self.messages = messages
    self.errors = errors
    self.warnings = warnings
  }

  /// Creates the summary of one file with `messages` definitions and `diagnostics`.
  public init(messages: Int, diagnostics: [Diagnostic]) {
    self.init(
      files: 1,
      messages: messages,
      errors: diagnostics.count(of: .error),
      warnings: diagnostics.count(of: .warning)
    )
  }

  /// The sum of two summaries.
  public static func + (lhs: LintSummary, rhs: LintSummary) -> LintSummary {
    LintSummary(
      files: lhs.files + rhs.files,
      messages: lhs.messages + rhs.messages,
      errors: lhs.errors + rhs.errors,
      warnings: lhs.warnings + rhs.warnings
    )
  }

  /// Adds `other` to this summary.
  public static func += (lhs: inout LintSummary, rhs: LintSummary) {
    lhs = lhs + rhs
  }

  /// The summary as a JSON object, keys in the documented order.
  package var jsonValue: ValueNode {
    ValueNode(
      .object(
        JSONObject([
          .init(key: "files", value: ValueNode(.number(JSONNumber(files)))),
          .init(key: "messages", value: ValueNode(.number(JSONNumber(messages)))),
          .init(key: "errors", value: ValueNode(.number(JSONNumber(errors)))),
          .init(key: "warnings", value: ValueNode(.number(JSONNumber(warnings)))),
        ])))
  }
}
