/// The options that say which configuration file applies (`lint`): `--config`, `--no-config`
/// and `--print-config`.
struct ConfigurationOptions: OptionGroup {
  /// `--config <file>`.
  static let config = Option<String?>(
    "config",
    valueName: "file",
    help:
      "Use this configuration file for every input instead of the nearest .pushc.yaml above "
      + "each input.",
    isShownInUsage: false
  )

  /// `--no-config`.
  static let noConfig = Option<Bool>.flag(
    "no-config",
    help: "Use no configuration file, not even the nearest .pushc.yaml.",
    isShownInUsage: false
  )

  /// `--print-config`.
  static let printConfig = Option<Bool>.flag(
    "print-config",
    help:
      "Print the settings that apply to the one path given (a file or folder; the current "
      + "folder when none is), and the file they come from, instead of checking anything.",
    isShownInUsage: false
  )

  /// The options of the group, for a command's signature.
  static let options: [any CommandOption] = [config, noConfig, printConfig]

  /// `--config`, if given.
  let file: String?
  /// Whether `--no-config` was given.
  let isDisabled: Bool
  /// Whether `--print-config` was given.
  let printsConfiguration: Bool

  /// Reads the group's options.
  init(_ arguments: ParsedArguments) {
    file = arguments[Self.config]
    isDisabled = arguments[Self.noConfig]
    printsConfiguration = arguments[Self.printConfig]
  }

  /// Where configurations come from.
  ///
  /// - Throws: A ``UsageError`` when both `--config` and `--no-config` are given.
  func mode() throws(UsageError) -> ConfigurationResolver.Mode {
    if let file {
      if isDisabled { throw UsageError("'--config' and '--no-config' cannot be used together") }
      return .file(file)
    }
    return isDisabled ? .disabled : .search
  }
}
