/// What the argument scanner and the help screen know about one option, whatever its value
/// type: its names, whether it takes a value, how a value is checked, and its help.
///
/// Commands don't build these directly: they declare an ``Option``, whose ``Option/spec`` this
/// is.
struct OptionSpec: Sendable {
  /// Whether the option is a flag or takes a value.
  enum Kind: Hashable, Sendable {
    /// `--name`, present or not.
    case flag
    /// `--name value` or `--name=value`; `valueName` is shown as `<valueName>` in help, and a
    /// non-empty `choices` lists the values.
    case value(valueName: String, choices: [String])
  }

  /// What an option that chooses an output format formats.
  enum FormattedOutput: Hashable, Sendable {
    /// The diagnostics: `--diagnostics-format`, and `lint --format`, whose report is its
    /// diagnostics.
    case diagnostics
    /// The command's result on standard output, such as `decode --format`.
    case result
  }

  /// The long name in kebab case, without the leading dashes.
  let name: String
  /// The one-letter name used with a single dash, if any.
  let shortName: Character?
  /// Whether the option is a flag or takes a value.
  let kind: Kind
  /// Whether the option may be given more than once; otherwise a repeat is a usage error.
  let isRepeatable: Bool
  /// One or two sentences for the help screen.
  let help: String
  /// The value used when the option is absent, as help shows it; `nil` to show none.
  let defaultValue: String?
  /// Whether the usage line names the option; options shared by many commands are folded into
  /// `[<options>]`.
  let isShownInUsage: Bool
  /// The output whose format the option chooses, if it chooses one; a command has at most one
  /// option for each.
  let formats: FormattedOutput?
  /// Throws the usage error for a value the option does not accept.
  let validate: @Sendable (String) throws(UsageError) -> Void

  /// `--name`.
  var longSpelling: String { "--" + name }

  /// Whether the option takes a value.
  var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }

  /// The allowed values, or an empty array when the values are not a closed set.
  var choices: [String] {
    if case .value(_, let choices) = kind { return choices }
    return []
  }

  /// `--name` or `--name <value>`, as the usage line and help show it.
  var synopsis: String {
    switch kind {
    case .flag: longSpelling
    case .value(let valueName, _): "\(longSpelling) <\(valueName)>"
    }
  }

  /// The left column of the help screen: `-h, --help` or `--indent <n>`.
  var helpLabel: String {
    guard let shortName else { return synopsis }
    return "-\(shortName), \(synopsis)"
  }

  /// The help text followed by the allowed values and the default.
  var fullHelp: String {
    var extras: [String] = []
    if !choices.isEmpty { extras.append("values: " + choices.joined(separator: ", ")) }
    if let defaultValue { extras.append("default: " + defaultValue) }
    guard !extras.isEmpty else { return help }
    let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
    return sentence + " (" + extras.joined(separator: "; ") + ")."
  }
}
