import PushJSON
import PushYAML

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

  /// The deepest `--max-depth` accepted. The readers are iterative, but later stages (the
  /// checks, the lowering, the writers) walk value trees recursively: a debug build runs out
  /// of an 8 MiB stack between 2,000 and 3,000 levels, so the cap leaves room to spare.
  static let deepestDepth = 1_000

  /// `--max-depth <n>`.
  static let maxDepth = Option<Int>(
    "max-depth",
    valueName: "n",
    default: JSONReader.Options.defaultMaximumDepth,
    in: 1...deepestDepth,
    expecting: "a number of levels from 1 to \(deepestDepth)",
    help:
      "The deepest nesting of arrays and objects (JSON), sequences and mappings (YAML) or "
      + "dictionaries and arrays (captures) read; deeper input is an error at the first "
      + "level past it.",
    isShownInUsage: false
  )

  /// `--max-yaml-nodes <n>`.
  static let maxYAMLNodes = Option<Int>(
    "max-yaml-nodes",
    valueName: "n",
    default: YAMLReader.Options.defaultMaximumNodeCount,
    in: 1...Int.max,
    expecting: "a positive number of nodes",
    help:
      "The most nodes a YAML stream may have, counting every node an alias expands to; "
      + "reading stops with an error past it, so a \"billion laughs\" stream stops early.",
    isShownInUsage: false
  )

  /// `--max-yaml-expansion <bytes>`.
  static let maxYAMLExpansion = Option<Int>(
    "max-yaml-expansion",
    valueName: "bytes",
    default: YAMLReader.Options.defaultMaximumExpandedByteCount,
    in: 1...Int.max,
    expecting: "a positive number of bytes",
    help:
      "The most bytes of text (keys and scalars) a YAML stream may hold once its aliases are "
      + "expanded; reading stops with an error at the alias that goes past it.",
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

  /// The limits on what reading an input may cost, for every subcommand that reads inputs.
  static let limitOptions: [any CommandOption] = [
    maxInputSize, maxDepth, maxYAMLNodes, maxYAMLExpansion,
  ]

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
  static let options: [any CommandOption] = [inputFormat] + limitOptions

  /// The options of the subcommands that take folders as inputs (`lint`, `compile`, `fmt`).
  static let discoveryOptions: [any CommandOption] = [include, exclude, assumeFilename]

  /// The format forced with `--input-format`, or `nil` to detect it.
  var forcedFormat: SourceFormat?
  /// The largest input read, from `--max-input-size`.
  var maximumInputSize: Int
  /// The deepest nesting read, from `--max-depth`.
  var maximumDepth: Int
  /// The YAML reader's limits, from `--max-depth`, `--max-yaml-nodes` and
  /// `--max-yaml-expansion`.
  var yamlOptions: YAMLReader.Options

  /// Reads the group's options from parsed arguments.
  init(_ arguments: ParsedArguments) {
    self.init(limitsFrom: arguments)
    forcedFormat = arguments[Self.inputFormat]
  }

  /// Reads ``limitOptions`` from the arguments of a command that declares them without
  /// `--input-format` (`decode`, which recognises its formats from the content).
  init(limitsFrom arguments: ParsedArguments) {
    forcedFormat = nil
    maximumInputSize = arguments[Self.maxInputSize]
    maximumDepth = arguments[Self.maxDepth]
    yamlOptions = YAMLReader.Options(
      maximumDepth: maximumDepth,
      maximumNodeCount: arguments[Self.maxYAMLNodes],
      maximumExpandedByteCount: arguments[Self.maxYAMLExpansion]
    )
  }

  /// A reader of inputs from `console` and files, with the size limit in force.
  func reader(console: Console) -> InputReader {
    InputReader(console: console, maximumSize: maximumInputSize)
  }

  /// A loader that reads inputs as these options say, with their limits.
  var loader: SourceLoader {
    SourceLoader(
      forcedFormat: forcedFormat,
      json: JSONReader.Options(maximumDepth: maximumDepth),
      yaml: yamlOptions
    )
  }

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
