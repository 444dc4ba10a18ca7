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

  /// `--max-input-size <bytes>`.
  static let maxInputSize = Option<Int>(
    "max-input-size",
    valueName: "bytes",
    default: InputReader.defaultMaximumSize,
    in: 1...Int.max,
    expecting: "a positive number of bytes",
    help:
      "The largest input read, in bytes; reading stops with an error past it, so endless inputs "
      + "such as /dev/zero cannot exhaust memory.",
    isShownInUsage: false
  )

  /// The options of the group, for a command's signature.
  static let options: [any CommandOption] = [inputFormat, maxInputSize]

  /// The format forced with `--input-format`, or `nil` to detect it.
  var forcedFormat: SourceFormat?
  /// The largest input read, from `--max-input-size`.
  var maximumInputSize: Int

  /// Reads the group's options from parsed arguments.
  init(_ arguments: ParsedArguments) {
    forcedFormat = arguments[Self.inputFormat]
    maximumInputSize = arguments[Self.maxInputSize]
  }

  /// A reader of inputs from `console` and files, with the size limit in force.
  func reader(console: Console) -> InputReader {
    InputReader(console: console, maximumSize: maximumInputSize)
  }

  /// A loader that reads inputs as these options say.
  var loader: SourceLoader { SourceLoader(forcedFormat: forcedFormat) }
}
