import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc fit`: makes over-limit messages fit by shortening the alert body, then prints them
/// like `pushc compile`.
struct FitCommand: Command {
  /// `--policy`.
  static let policy = Option<PayloadFitter.Policy>(
    "policy",
    valueName: "policy",
    default: .truncateBody,
    help:
      "Cut at the last grapheme cluster that fits (truncate-body) or at the last word boundary "
      + "(truncate-word)."
  )
  /// `--max-bytes`.
  static let maxBytes = Option<Int?>(
    "max-bytes",
    valueName: "n",
    in: 1...Int.max,
    expecting: "a positive number of bytes",
    help:
      "A budget below the APNs limit, for example to leave room for the keys FCM adds on "
      + "delivery. Defaults to the limit of the push type (4096, or 5120 for voip)."
  )
  /// `--truncate-key`.
  static let truncateKey = Option<PayloadFitter.Target>(
    "truncate-key",
    valueName: "key",
    default: .alertBody,
    showsDefault: false,
    help: "Shorten this top-level string key (such as a data key) instead of the alert body."
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "fit"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Shorten the alert body of over-limit messages so they fit.",
    discussion: """
      The body is cut so that the compact payload is as large as possible but within the \
      budget, never inside a character (emoji and Hangul syllables stay whole), accounting for \
      JSON escaping, and '…' is appended. What was cut is reported on standard error. Data \
      keys are never touched unless named with --truncate-key. Output options are those of \
      'pushc compile'; with --target fcm the shortened text goes back into the field it came \
      from (notification.body or apns.payload).
      """,
    options: [policy, maxBytes, truncateKey, CompileCommand.target, CompileCommand.environment]
      + CompileOptions.options + InputOptions.options + DiagnosticOptions.options,
    positionals: [CompileCommand.files]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let paths = arguments.values(of: CompileCommand.files)
    try CompilationRunner.checkStandardInput(paths)
    let target = arguments[CompileCommand.target]
    let environment = arguments[CompileCommand.environment]
    let maximum = arguments[maxBytes]
    let policy = arguments[Self.policy]
    let fitTarget = arguments[truncateKey]
    let compileOptions = CompileOptions(arguments).compiler
    let printer = DiagnosticPrinter(options: DiagnosticOptions(arguments), console: console)
    let runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: printer,
      options: compileOptions
    )
    let fitter = PushFitter(
      options: .init(
        policy: policy,
        maximumBytes: maximum,
        target: fitTarget,
        bundleID: compileOptions.lowering.bundleID,
        now: compileOptions.lowering.now
      )
    )
    return runner.run(paths, reportsDiagnostics: false) { compilation in
      var code = ExitCode.success
      let fitted = fitter.fit(compilation)
      if printer.report(fitted.diagnostics, in: fitted.file) { code.escalate(to: .failure) }
      code.escalate(
        to: CompileCommand.writeOutputs(
          of: fitted.messages,
          diagnostics: fitted.diagnostics,
          in: fitted.file,
          severalInputs: paths.count > 1,
          target: target,
          environment: environment,
          bundleID: compileOptions.lowering.bundleID,
          console: console,
          printer: printer
        )
      )
      return code
    }
  }
}
