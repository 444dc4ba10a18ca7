/// The options and positional arguments of one command line, as the ``ArgumentScanner`` found
/// them.
///
/// Values are looked up with the same ``OptionSpec`` constant the command declared.
struct ParsedArguments: Hashable, Sendable {
  /// The names of the flags that were given.
  var flags: Set<String> = []
  /// The values of each option that takes one, in command-line order.
  var values: [String: [String]] = [:]
  /// The values of each positional argument, by name, in command-line order.
  var positionals: [String: [String]] = [:]
  /// Whether `-h` or `--help` was given.
  var isHelpRequested = false

  /// Whether the flag `option` was given.
  func isSet(_ option: OptionSpec) -> Bool {
    flags.contains(option.name)
  }

  /// The last value given for `option`, or `nil` when it was not given.
  func value(of option: OptionSpec) -> String? {
    values[option.name]?.last
  }

  /// Every value given for `option`.
  func values(of option: OptionSpec) -> [String] {
    values[option.name] ?? []
  }

  /// The value of `option` converted by `convert`, or `nil` when it was not given.
  ///
  /// - Parameters:
  ///   - option: The option.
  ///   - expectation: What a valid value is, for the error message, such as
  ///     "an integer from 0 to 8".
  ///   - convert: Returns the converted value, or `nil` when the text is not valid.
  /// - Returns: The converted value, or `nil` when the option is absent.
  /// - Throws: A ``UsageError`` when `convert` rejects the value.
  func value<Value>(
    of option: OptionSpec,
    expecting expectation: String,
    _ convert: (String) -> Value?
  ) throws(UsageError) -> Value? {
    guard let text = value(of: option) else { return nil }
    guard let converted = convert(text) else {
      throw UsageError(
        "invalid value '\(text)' for '\(option.longSpelling)'; expected \(expectation)"
      )
    }
    return converted
  }

  /// The values of the positional argument named `name`.
  func positionals(named name: String) -> [String] {
    positionals[name] ?? []
  }

  /// The values of `positional`.
  func values(of positional: PositionalSpec) -> [String] {
    positionals(named: positional.name)
  }
}
