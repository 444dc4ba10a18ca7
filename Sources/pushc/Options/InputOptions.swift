import PushJSON

/// The options that say how inputs are read, shared by every subcommand that reads messages.
struct InputOptions: OptionGroup {
  /// `--input-format json|ndjson|yaml`.
  static let inputFormat = Option<SourceFormat?>(
    "input-format",
    valueName: "format",
    help:
      "Read every input in this format instead of choosing by file extension or, for standard "
      + "input and unknown extensions, by content."
  )

  /// The options of the group, for a command's signature.
  static let options: [any CommandOption] = [inputFormat]

  /// The format forced with `--input-format`, or `nil` to detect it.
  var forcedFormat: SourceFormat?

  /// Reads the group's options from parsed arguments.
  init(_ arguments: ParsedArguments) {
    forcedFormat = arguments[Self.inputFormat]
  }

  /// A loader that reads inputs as these options say.
  var loader: SourceLoader { SourceLoader(forcedFormat: forcedFormat) }
}
