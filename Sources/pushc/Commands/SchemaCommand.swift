import PushPayload

/// `pushc schema NAME` and `pushc schema --list`: prints one of the JSON Schemas of
/// `schemas/`, generated from the library's key and limit tables, or lists them.
struct SchemaCommand: Command {
  /// `--list`.
  static let list = Option<Bool>.flag(
    "list",
    help: "List the schemas, one per line: name and what it describes."
  )
  /// The schema to print.
  static let name = PositionalSpec(
    "name",
    arity: .optional,
    help: "The schema to print: \(names), with or without '.schema.json'.",
    completions: PushSchema.allCases.map(\.rawValue)
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "schema"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Print a JSON Schema of pushc's input formats, for editors and CI.",
    discussion: """
      Prints the JSON Schema (draft 2020-12) named NAME to standard output, exactly as \
      committed in the repository's schemas/ folder: 'pushc schema fcm-message > \
      schemas/fcm-message.schema.json' regenerates it. The schemas are built from the same key \
      tables, enumerations and limits pushc checks with, and check shape, types, enumerations \
      and limits; rules between fields stay in 'pushc lint'.
      """,
    options: [list],
    positionals: [name]
  )

  /// The schema names, for help and messages.
  static var names: String {
    PushSchema.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let given = arguments.values(of: name).first
    if arguments[list] {
      guard given == nil else { throw UsageError("pass either a schema name or '--list'") }
      let width = PushSchema.allCases.map(\.rawValue.count).max() ?? 0
      console.print(
        PushSchema.allCases.map { schema in
          schema.rawValue + String(repeating: " ", count: width - schema.rawValue.count + 2)
            + schema.summary + "\n"
        }.joined())
      return .success
    }
    guard let given else {
      throw UsageError("missing schema name; pass one of \(names), or '--list'")
    }
    guard let schema = PushSchema(named: given) else {
      var message = "unknown schema '\(given)'; the schemas are \(names)"
      let candidates = PushSchema.allCases.map(\.rawValue)
      if let suggestion = Suggestion.closest(to: given, among: candidates) {
        message = "unknown schema '\(given)'; did you mean '\(suggestion)'?"
      }
      throw UsageError(message)
    }
    console.print(schema.text)
    return .success
  }
}
