/// The options and positional arguments of one command line, as the ``ArgumentScanner`` found
/// them.
///
/// Options are read with the same ``Option`` constant the command declared, which gives the
/// typed value: `arguments[Self.target]`. The scanner has checked every value, so reading never
/// fails.
struct ParsedArguments: Hashable, Sendable {
  /// The names of the flags that were given.
  var flags: Set<String> = []
  /// The values of each option that takes one, in command-line order, as written.
  var values: [String: [String]] = [:]
  /// The values of each positional argument, by name, in command-line order.
  var positionals: [String: [String]] = [:]
  /// Whether `-h` or `--help` was given.
  var isHelpRequested = false
  /// The names of the options the command declares; reading any other one is a programming
  /// error.
  var declaredOptions: Set<String> = []

  /// The value of `option`: the last one given, every one given for a repeatable option,
  /// whether a flag was given, or the option's default when it is absent.
  subscript<Value>(option: Option<Value>) -> Value {
    assert(
      declaredOptions.contains(option.spec.name),
      "'\(option.spec.longSpelling)' is read but not declared by the command"
    )
    return option.value(in: self)
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
