/// An option a command does not accept although other commands do, and the option to use
/// instead, so that the usage error says what to type.
///
/// `pushc lint --diagnostics-format json` says:
/// `'--diagnostics-format' does not apply to 'pushc lint' (its report on standard output is its
/// diagnostics); use '--format' instead`.
struct OptionRedirect: Sendable {
  /// The long name of the option that is not accepted, without dashes.
  let name: String
  /// The option to use instead.
  let replacement: OptionSpec
  /// Why the option does not apply, shown in parentheses.
  let reason: String

  /// Redirects `option` to `replacement`, for the reason given.
  init(_ option: some CommandOption, to replacement: some CommandOption, because reason: String) {
    self.name = option.spec.name
    self.replacement = replacement.spec
    self.reason = reason
  }

  /// The usage error for the command named `command`.
  func error(command: String) -> UsageError {
    UsageError(
      "'--\(name)' does not apply to '\(PushcCommand.toolName) \(command)' (\(reason)); "
        + "use '\(replacement.longSpelling)' instead"
    )
  }
}
