/// The declaration of one option a command accepts: its name, whether it takes a value, and
/// its help.
///
/// Commands declare options as static constants and read them back from ``ParsedArguments``
/// with the same constant, so a name is spelled once:
///
/// ```swift
/// static let check = OptionSpec.flag("check", help: "Write nothing; list files that would change.")
/// ...
/// if arguments.isSet(Self.check) { ... }
/// ```
struct OptionSpec: Hashable, Sendable {
  /// Whether the option is a flag or takes a value.
  enum Kind: Hashable, Sendable {
    /// `--name`, present or not.
    case flag
    /// `--name value` or `--name=value`; `valueName` is shown as `<valueName>` in help, and a
    /// non-empty `choices` restricts the values.
    case value(valueName: String, choices: [String])
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
  /// The value used when the option is absent, shown in help.
  let defaultValue: String?
  /// Whether the usage line names the option; options shared by many commands are folded into
  /// `[<options>]`.
  let isShownInUsage: Bool

  /// Declares a flag.
  static func flag(
    _ name: String,
    shortName: Character? = nil,
    help: String,
    isShownInUsage: Bool = true
  ) -> OptionSpec {
    OptionSpec(
      name: name,
      shortName: shortName,
      kind: .flag,
      isRepeatable: false,
      help: help,
      defaultValue: nil,
      isShownInUsage: isShownInUsage
    )
  }

  /// Declares an option that takes a value.
  static func value(
    _ name: String,
    shortName: Character? = nil,
    valueName: String,
    choices: [String] = [],
    defaultValue: String? = nil,
    isRepeatable: Bool = false,
    help: String,
    isShownInUsage: Bool = true
  ) -> OptionSpec {
    OptionSpec(
      name: name,
      shortName: shortName,
      kind: .value(valueName: valueName, choices: choices),
      isRepeatable: isRepeatable,
      help: help,
      defaultValue: defaultValue,
      isShownInUsage: isShownInUsage
    )
  }

  /// `--name`.
  var longSpelling: String { "--" + name }

  /// Whether the option takes a value.
  var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }

  /// The allowed values, or an empty array when any value is allowed.
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
