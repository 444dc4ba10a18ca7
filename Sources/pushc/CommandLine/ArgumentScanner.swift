/// Turns the arguments of one subcommand into ``ParsedArguments`` following its declared
/// ``CommandSignature``, or reports a ``UsageError``.
///
/// Accepted forms:
/// - `--name` for flags; `--name value` and `--name=value` for options with a value;
/// - `-x` for options with a one-letter name (only `-h` so far);
/// - `-` as a positional argument (standard input);
/// - `--` to end the options: everything after it is positional.
///
/// Each value is checked by its option's value type as it is read, so a bad value is reported
/// before the command runs.
///
/// `-h` or `--help` anywhere before `--` asks for help, whatever else is wrong. A value option
/// takes the next argument even when it starts with a dash, so `--indent -1` reports the bad
/// number rather than an unknown option.
struct ArgumentScanner: Sendable {
  /// The options and positionals accepted.
  let signature: CommandSignature

  /// Creates a scanner for `signature`.
  init(_ signature: CommandSignature) {
    self.signature = signature
  }

  /// Scans `arguments`, the command line after the subcommand's name.
  ///
  /// - Parameter arguments: The arguments, in order.
  /// - Returns: The parsed options and positionals; when ``ParsedArguments/isHelpRequested`` is
  ///   set, nothing else is filled in.
  /// - Throws: A ``UsageError`` describing the first problem.
  func scan(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    parsed.declaredOptions = Set(signature.allOptions.map(\.name))
    if requestsHelp(arguments) {
      parsed.isHelpRequested = true
      return parsed
    }
    var positionals: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      let (option, inlineValue) = try resolve(argument)
      guard option.takesValue else {
        if inlineValue != nil {
          throw UsageError("option '\(option.longSpelling)' does not take a value")
        }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("missing value for '\(option.synopsis)'")
      }
      try option.validate(value)
      if !option.isRepeatable, parsed.values[option.name] != nil {
        throw UsageError("option '\(option.longSpelling)' given more than once")
      }
      parsed.values[option.name, default: []].append(value)
    }
    parsed.positionals = try assign(positionals)
    return parsed
  }

  // MARK: - Implementation

  private func requestsHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "--help" || argument == "-h" { return true }
    }
    return false
  }

  /// The option `argument` names and the value written after `=`, if any.
  private func resolve(_ argument: String) throws(UsageError) -> (OptionSpec, String?) {
    let options = signature.allOptions
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name: Substring
      var inlineValue: String?
      if let equals = body.firstIndex(of: "=") {
        name = body[..<equals]
        inlineValue = String(body[body.index(after: equals)...])
      } else {
        name = body
      }
      if let option = options.first(where: { $0.name == name }) {
        return (option, inlineValue)
      }
      throw unknownOption("--" + name, typedName: String(name))
    }
    let body = argument.dropFirst()
    if body.count == 1, let option = options.first(where: { $0.shortName == body.first }) {
      return (option, nil)
    }
    let typedName = String(body.prefix { $0 != "=" })
    throw unknownOption("-" + typedName, typedName: typedName)
  }

  private func unknownOption(_ spelling: String, typedName: String) -> UsageError {
    if let redirect = signature.redirects.first(where: { $0.name == typedName }) {
      return redirect.error(command: signature.name)
    }
    let names = signature.allOptions.map(\.name)
    let suggestion = Suggestion.closest(to: typedName, among: names).map { "--" + $0 }
    return .unknownOption(spelling, suggestion: suggestion)
  }

  /// Distributes the positional values over the declared positionals, in order.
  private func assign(_ values: [String]) throws(UsageError) -> [String: [String]] {
    var assigned: [String: [String]] = [:]
    var remaining = values[...]
    let specs = signature.positionals
    for (position, spec) in specs.enumerated() {
      let neededLater = specs[(position + 1)...].reduce(0) { $0 + $1.minimumCount }
      let available = max(0, remaining.count - neededLater)
      let count: Int
      switch spec.arity {
      case .one: count = min(1, available)
      case .optional: count = min(1, available)
      case .oneOrMore, .zeroOrMore: count = available
      }
      guard count >= spec.minimumCount else {
        throw UsageError(spec.missingMessage ?? "missing argument '<\(spec.name)>'")
      }
      assigned[spec.name] = Array(remaining.prefix(count))
      remaining = remaining.dropFirst(count)
    }
    if let extra = remaining.first {
      throw UsageError("unexpected argument '\(extra)'")
    }
    return assigned
  }
}
