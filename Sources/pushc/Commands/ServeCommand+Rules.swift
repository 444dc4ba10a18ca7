import PushDiagnostics
import PushJSON
import PushServer

extension ServeCommand {
  /// `--rules <file>`.
  static let rules = Option<String?>(
    "rules", valueName: "file",
    help:
      "Script answers from this YAML or JSON rules file: APNs faults and devices, FCM tokens "
      + "and faults (see Documentation/Serve.md).")

  /// The rules document at `path` (both sides' rules), read with pushc's loader (YAML or JSON
  /// by the name, or by the content), after its diagnostics are printed as `pushc lint` prints
  /// them; `nil` with the exit code when it cannot be read (66) or has errors (78).
  static func loadRules(_ path: String, console: Console) -> (
    document: RulesDocument?, failure: ExitCode
  ) {
    let printer = DiagnosticPrinter(options: DiagnosticOptions(), console: console)
    let file: SourceFile
    do {
      file = try InputReader(console: console).read(path)
    } catch {
      printer.reportCannotRead(path, error)
      return (nil, .cannotRead)
    }
    let document = RulesDocument(SourceLoader().load(file))
    if !document.diagnostics.isEmpty { printer.report(document.diagnostics, in: file) }
    return document.isValid ? (document, .success) : (nil, .configuration)
  }
}
