/// A command line that `pushc` cannot run: an unknown option, a missing value, a bad
/// combination.
///
/// It is printed with the usage line of the command it concerns, and the tool exits with
/// ``ExitCode/usage``.
struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, lower-case, without a trailing period.
  var message: String

  /// Creates a usage error.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }

  /// An option that no command declares, with a suggestion when one is close.
  static func unknownOption(_ spelling: String, suggestion: String?) -> UsageError {
    var message = "unknown option '\(spelling)'"
    if let suggestion { message += "; did you mean '\(suggestion)'?" }
    return UsageError(message)
  }
}
