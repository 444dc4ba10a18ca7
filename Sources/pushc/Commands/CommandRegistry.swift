/// The subcommands of `pushc`, in the order `pushc --help` lists them.
enum CommandRegistry {
  /// Every subcommand; add one line per new subcommand.
  static var commands: [any Command.Type] {
    [
      LintCommand.self,
      CompileCommand.self,
      ExplainCommand.self,
      FitCommand.self,
      DecodeCommand.self,
      FmtCommand.self,
      RulesCommand.self,
      SchemaCommand.self,
      ServeCommand.self,
      CompletionsCommand.self,
    ]
  }

  /// The signatures of every subcommand.
  static var signatures: [CommandSignature] {
    commands.map { $0.signature }
  }

  /// The subcommand named `name`.
  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.commandName == name }
  }

  /// The names a user can type after `pushc`, `help` included.
  static var names: [String] {
    signatures.map { $0.name } + ["help"]
  }
}
