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
  /// Options of other commands this one does not accept, with the option to use instead.
  let redirects: [OptionRedirect]

  /// Creates a signature.
  ///
  /// - Parameters:
  ///   - name: The subcommand's name.
  ///   - abstract: One line for the subcommand list.
  ///   - discussion: Paragraphs for the end of the help screen.
  ///   - options: Every option the command accepts, in help order: its own, then those of the
  ///     option groups it takes (`CompileOptions.options`, …).
  ///   - positionals: The positional arguments, in order.
  ///   - redirects: Options of other commands that would be mistaken for one of these.
  init(
    name: String,
    abstract: String,
    discussion: String = "",
    options: [any CommandOption],
    positionals: [PositionalSpec],
    redirects: [OptionRedirect] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options.map(\.spec)
    self.positionals = positionals
    self.redirects = redirects
  }

  /// The option `-h, --help` that every subcommand accepts.
  static let helpOption = Option<Bool>.flag(
    "help",
    shortName: "h",
    help: "Show help information.",
    isShownInUsage: false
  )

  /// The declared options and `--help`.
  var allOptions: [OptionSpec] { options + [Self.helpOption.spec] }

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
