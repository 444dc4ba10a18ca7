import PushDiagnostics
import PushPayload

/// `pushc explain`: shows, for every header and payload key of the APNs request, where it came
/// from and how many bytes it adds.
struct ExplainCommand: Command {
  /// The input files.
  static let files = PositionalSpec(
    "file",
    arity: .oneOrMore,
    help: "An FCM message definition or APNs payload (JSON, NDJSON or YAML), or '-'.",
    missingMessage: "missing input file; pass a file, or '-' to read standard input"
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "explain"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Show where each APNs header and payload key comes from, and its size.",
    discussion: """
      For each message, lists the request headers and the payload keys (top level, 'aps' \
      members and 'aps.alert' members) with their values, their origin (the input place as \
      pointer and file:line:column, or the FCM default or inference rule that produced them) \
      and the bytes each adds to the payload, against the limit for the push type. Messages \
      with errors are explained too; their diagnostics go to standard error and the exit code \
      is 1.
      """,
    options: CompileOptions.options + InputOptions.options + DiagnosticOptions.options,
    positionals: [files]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let paths = arguments.values(of: files)
    try CompilationRunner.checkStandardInput(paths)
    let runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: DiagnosticPrinter(options: DiagnosticOptions(arguments), console: console),
      options: CompileOptions(arguments).compiler
    )
    var first = true
    return runner.run(paths) { compilation in
      let explainer = RequestExplainer(file: compilation.file)
      for message in compilation.messages {
        guard let request = message.apnsRequest else { continue }
        var heading = compilation.file.name
        if compilation.messages.count > 1 {
          heading +=
            " "
            + (message.pointer.tokens.isEmpty
              ? "document \(message.documentIndex + 1)" : "\(message.pointer)")
        }
        let state = message.hasErrors ? " (has errors, see standard error)" : ""
        console.print(
          (first ? "" : "\n") + "== \(heading)\(state)\n\n" + explainer.explain(request))
        first = false
      }
      return .success
    }
  }
}
