import PushDiagnostics
import PushPayload

/// Runs the compile pipeline over the inputs named on the command line, reporting each input's
/// diagnostics, for the subcommands built on ``PushCompiler``.
struct CompilationRunner {
  let reader: InputReader
  let loader: SourceLoader
  let printer: DiagnosticPrinter
  let options: PushCompiler.Options

  /// Reads and compiles every input in `paths`, reports its diagnostics, and hands the
  /// compilation to `body`, which returns the exit code for that input's output.
  ///
  /// - Returns: The worst exit code: 66 for an unreadable input, 1 when an input has errors.
  func run(
    _ paths: [String],
    reportsDiagnostics: Bool = true,
    _ body: (PushCompilation) -> ExitCode
  ) -> ExitCode {
    var code = ExitCode.success
    for path in paths {
      let file: SourceFile
      do {
        file = try reader.read(path)
      } catch {
        let name = path == InputReader.standardInputArgument ? InputReader.standardInputName : path
        printer.reportCannotRead(name, error)
        code.escalate(to: .cannotRead)
        continue
      }
      let compilation = PushCompiler(options: options).compile(loader.load(file))
      if reportsDiagnostics, printer.report(compilation.diagnostics, in: file) {
        code.escalate(to: .failure)
      }
      code.escalate(to: body(compilation))
    }
    printer.finish()
    return code
  }

  /// Throws a usage error when standard input is named more than once.
  static func checkStandardInput(_ paths: [String]) throws(UsageError) {
    if paths.filter({ $0 == InputReader.standardInputArgument }).count > 1 {
      throw UsageError("'-' (standard input) can be given only once")
    }
  }
}
