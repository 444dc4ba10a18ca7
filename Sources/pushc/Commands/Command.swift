/// A `pushc` subcommand: a declared signature and a run function.
///
/// Adding a subcommand means one file with a type conforming to this protocol and one line in
/// ``CommandRegistry/commands``; parsing, `--help`, `pushc help <name>`, usage errors and the
/// subcommand list come from the signature.
protocol Command {
  /// The name of the subcommand, its signature's: kept apart so that finding a subcommand by
  /// name makes no signature but its own (a signature makes every option of the subcommand).
  static var commandName: String { get }

  /// The name, options, positionals and help of the subcommand.
  static var signature: CommandSignature { get }

  /// Runs the subcommand.
  ///
  /// - Parameters:
  ///   - arguments: The scanned command line; help requests never reach here.
  ///   - console: The standard streams.
  /// - Returns: The exit code.
  /// - Throws: A ``UsageError`` for combinations of options the scanner cannot check; it must be
  ///   thrown before any input is processed.
  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode
}
