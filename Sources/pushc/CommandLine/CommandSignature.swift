/// Everything the argument scanner and the help screen need to know about one subcommand.
struct CommandSignature: Sendable {
  /// The subcommand's name, such as `fmt`.
  let name: String
  /// One line for the subcommand list and the help screen's overview.
  let abstract: String
  /// Paragraphs shown after the options on the help screen.
  let discussion: String
  /// The options, in the order the help screen lists them.
  let options: [OptionSpec]
  /// The positional arguments, in order.
  let positionals: [PositionalSpec]

  /// Creates a signature.
  init(
    name: String,
    abstract: String,
    discussion: String = "",
    options: [OptionSpec],
    positionals: [PositionalSpec]
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.positionals = positionals
  }

  /// The option `-h, --help` that every subcommand accepts.
  static let helpOption = OptionSpec.flag(
    "help",
    shortName: "h",
    help: "Show help information.",
    isShownInUsage: false
  )

  /// The declared options and `--help`.
  var allOptions: [OptionSpec] { options + [Self.helpOption] }

  /// The usage line without the `usage: ` prefix, such as
  /// `pushc fmt [--check] [<options>] <file>...`.
  var usage: String {
    var parts = [PushcCommand.toolName, name]
    for option in options where option.isShownInUsage {
      parts.append("[\(option.synopsis)]")
    }
    if options.contains(where: { !$0.isShownInUsage }) {
      parts.append("[<options>]")
    }
    parts += positionals.map(\.synopsis)
    return parts.joined(separator: " ")
  }
}
