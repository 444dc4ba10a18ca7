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

  /// `--jobs <n>`, for the subcommands that check several inputs, and NDJSON inputs in parts, at
  /// once (`lint`, `compile`).
  static let jobs = Option<Int>(
    "jobs",
    valueName: "n",
    default: FileIO.processorCount,
    in: 1...256,
    showsDefault: false,
    expecting: "a number of threads from 1 to 256",
    help:
      "How many inputs, or parts of a large NDJSON input, are checked at once. Defaults to the "
      + "number of processors; output keeps the input order either way."
  )

  /// `--part-size <bytes>`, for the subcommands that read NDJSON inputs in parts: a tuning
  /// knob, hidden from the usage line.
  static let partSize = Option<Int>(
    "part-size",
    valueName: "bytes",
    default: CompilationRunner.defaultPartSize,
    in: 1...Int.max,
    expecting: "a positive number of bytes",
    help:
      "The size from which an NDJSON input is cut into a new part at the next line that starts "
      + "a document; each part is checked on its own, with the input's lines and offsets.",
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
