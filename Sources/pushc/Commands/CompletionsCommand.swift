/// `pushc completions bash|zsh|fish`: prints a completion script for the shell, generated from
/// the same command signatures as `--help`.
struct CompletionsCommand: Command {
  /// The shell.
  static let shell = PositionalSpec(
    "shell",
    help: "The shell to complete for: bash, zsh or fish.",
    missingMessage: "missing shell; pass bash, zsh or fish",
    completions: CompletionScript.Shell.allCases.map(\.rawValue)
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "completions"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Print a shell completion script.",
    discussion: """
      Completes subcommands, options, the values of options with a fixed set of values, rule \
      identifiers for 'pushc rules', and file names. Install it with, for bash: \
      'pushc completions bash > ~/.local/share/bash-completion/completions/pushc'; zsh: \
      'pushc completions zsh > "${fpath[1]}/_pushc"'; fish: \
      'pushc completions fish > ~/.config/fish/completions/pushc.fish'.
      """,
    options: [],
    positionals: [shell]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let name = arguments.values(of: shell).first ?? ""
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      var message = "unknown shell '\(name)'; expected bash, zsh or fish"
      let names = CompletionScript.Shell.allCases.map(\.rawValue)
      if let suggestion = Suggestion.closest(to: name, among: names) {
        message = "unknown shell '\(name)'; did you mean '\(suggestion)'?"
      }
      throw UsageError(message)
    }
    console.print(CompletionScript(commands: CommandRegistry.signatures).script(for: shell))
    return .success
  }
}
