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

  /// `--include <glob>`, repeatable, for the subcommands that walk folders.
  static let include = Option<[String]>(
    "include",
    valueName: "glob",
    help:
      "The files a folder's walk reads, by name (or by path under the folder, for a pattern with "
      + "'/'); repeatable. Replaces the default: *.json, *.yaml, *.yml, *.apns, *.ndjson.",
    isShownInUsage: false
  )

  /// `--exclude <glob>`, repeatable, for the subcommands that walk folders.
  static let exclude = Option<[String]>(
    "exclude",
    valueName: "glob",
    help:
      "Files and folders a folder's walk leaves out, by name or path as for --include; "
      + "repeatable. Hidden ones, .build and node_modules are always left out.",
    isShownInUsage: false
  )

  /// `--assume-filename <name>`, for the subcommands that walk folders.
  static let assumeFilename = Option<String?>(
    "assume-filename",
    valueName: "name",
    help:
      "The name of standard input ('-'): its extension chooses the format, and diagnostics "
      + "show it instead of <stdin>.",
    isShownInUsage: false
  )

  /// The options of the group, for a command's signature.
  static let options: [any CommandOption] = [inputFormat, maxInputSize]

  /// The options of the subcommands that take folders as inputs (`lint`, `compile`, `fmt`).
  static let discoveryOptions: [any CommandOption] = [include, exclude, assumeFilename]

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

  /// The inputs `paths` name, folders walked with `--include` and `--exclude`, standard input
  /// named by `--assume-filename`.
  ///
  /// - Throws: A usage error when `-` is named more than once, or `--assume-filename` is given
  ///   without `-`.
  static func discoveredInputs(_ paths: [String], _ arguments: ParsedArguments) throws(UsageError)
    -> [InputDiscovery.Input]
  {
    try CompilationRunner.checkStandardInput(paths)
    var discovery = InputDiscovery()
    let includes = arguments[include]
    if !includes.isEmpty { discovery.includes = includes }
    discovery.excludes = arguments[exclude]
    if let name = arguments[assumeFilename] {
      guard paths.contains(InputReader.standardInputArgument) else {
        throw UsageError("'--assume-filename' names standard input; pass '-' as an input too")
      }
      discovery.standardInputName = name
    }
    return discovery.inputs(for: paths)
  }
}
