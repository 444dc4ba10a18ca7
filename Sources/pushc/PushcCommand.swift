#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point of `pushc`: dispatches to a subcommand and turns every outcome into an exit
/// code.
@main
enum PushcCommand {
  /// The tool's version, printed by `pushc --version`; the only place it is defined.
  static let version = "0.1.0"
  /// The tool's name in messages and usage lines.
  static let toolName = "pushc"
  /// One line saying what the tool is.
  static let abstract = "Compile, validate and format FCM and APNs push payloads."
  /// The tool's usage line.
  static let usage = "\(toolName) <subcommand> [<options>] [<arguments>]"

  /// Runs the process's command line and exits.
  static func main() {
    let console = Console.process()
    AllocatorTuning.apply(environmentValue: console.environmentValue)
    let code = run(Array(CommandLine.arguments.dropFirst()), console: console)
    exit(code.rawValue)
  }

  /// Runs one command line.
  ///
  /// Every command writes its results through `console`, so a failure to write standard output
  /// is found here, whatever the command: it is reported on standard error, as plain text, and
  /// the exit code is ``ExitCode/outputFailed`` (74).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the tool's name.
  ///   - console: The standard streams.
  /// - Returns: The exit code.
  static func run(_ arguments: [String], console: Console) -> ExitCode {
    let code = runCommand(arguments, console: console)
    guard let failure = console.outputFailure() else { return code }
    console.writeError(
      "\(toolName): error: cannot write to standard output: \(failure.reason)\n")
    return max(code, .outputFailed)
  }

  /// Runs one command line, without looking at whether standard output could be written.
  private static func runCommand(_ arguments: [String], console: Console) -> ExitCode {
    guard let first = arguments.first else {
      return fail(UsageError("missing subcommand"), signature: nil, console: console)
    }
    switch first {
    case "-h", "--help":
      console.print(HelpFormatter.toolHelp(commands: CommandRegistry.signatures))
      return .success
    case "--version":
      console.print(version + "\n")
      return .success
    case "help":
      return runHelp(Array(arguments.dropFirst()), console: console)
    default:
      break
    }
    if first.hasPrefix("-") {
      let typed = String(first.drop { $0 == "-" })
      let suggestion = Suggestion.closest(to: typed, among: ["help", "version"]).map { "--" + $0 }
      return fail(.unknownOption(first, suggestion: suggestion), signature: nil, console: console)
    }
    guard let command = CommandRegistry.command(named: first) else {
      return fail(unknownSubcommand(first), signature: nil, console: console)
    }
    let signature = command.signature
    do {
      let parsed = try ArgumentScanner(signature).scan(Array(arguments.dropFirst()))
      if parsed.isHelpRequested {
        console.print(HelpFormatter.help(for: signature))
        return .success
      }
      return try command.run(parsed, console: console)
    } catch {
      return fail(error, signature: signature, console: console)
    }
  }

  /// `pushc help [<subcommand>]`, or `pushc help --man` for the manual page in roff.
  private static func runHelp(_ arguments: [String], console: Console) -> ExitCode {
    guard let name = arguments.first else {
      console.print(HelpFormatter.toolHelp(commands: CommandRegistry.signatures))
      return .success
    }
    if arguments.count > 1 {
      return fail(
        UsageError("unexpected argument '\(arguments[1])'"), signature: nil, console: console)
    }
    if name == "help" {
      console.print(HelpFormatter.toolHelp(commands: CommandRegistry.signatures))
      return .success
    }
    if name == "--man" {
      console.print(ManPage(commands: CommandRegistry.signatures).render())
      return .success
    }
    guard let command = CommandRegistry.command(named: name) else {
      return fail(unknownSubcommand(name), signature: nil, console: console)
    }
    console.print(HelpFormatter.help(for: command.signature))
    return .success
  }

  private static func unknownSubcommand(_ name: String) -> UsageError {
    var message = "unknown subcommand '\(name)'"
    if let suggestion = Suggestion.closest(to: name, among: CommandRegistry.names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return UsageError(message)
  }

  /// Prints a usage error with the usage line of `signature` (or of the tool) and returns
  /// ``ExitCode/usage``.
  private static func fail(
    _ error: UsageError,
    signature: CommandSignature?,
    console: Console
  ) -> ExitCode {
    var text = "\(toolName): error: \(error.message)\n"
    if let signature {
      text += "usage: \(signature.usage)\n"
      text += "See '\(toolName) help \(signature.name)' for more information.\n"
    } else {
      text += "usage: \(usage)\n"
      text += "See '\(toolName) --help' for the list of subcommands.\n"
    }
    console.writeError(text)
    return .usage
  }
}
