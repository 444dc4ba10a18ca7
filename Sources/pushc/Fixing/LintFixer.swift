import PushDiagnostics
import PushJSON
import PushPayload

/// `lint --fix`: applies the mechanical fix-its of each input to that input's file, and to
/// nothing else, before it is checked.
///
/// Each input is read, compiled whole with its settings, its suppressed diagnostics left out,
/// and the fix-its ``FixItApplier`` chooses applied; fixing and checking repeat (a few rounds at
/// most) while they find something to fix. A round whose result reads worse than its input
/// (a syntax error that was not there) is dropped. The file is then replaced all at once
/// (``FileIO/writeFile(_:atPath:)``), and only when its bytes changed.
struct LintFixer {
  /// The most rounds of fixing per input.
  static let maximumRounds = 4

  /// What fixing one input did.
  struct Outcome: Sendable {
    /// One note per fix-it applied, at the place of the diagnostic it fixed in the file as it
    /// was before that round.
    var notes: [Diagnostic] = []
    /// Why the fixed file could not be written, if it could not.
    var writeError: FileError?
  }

  /// Reads inputs.
  let reader: InputReader
  /// Chooses each input's front end.
  let loader: SourceLoader
  /// The settings of each input, by name.
  let settings: [String: InputSettings]
  /// The options of an input without settings.
  let commandLine: PushCompiler.Options

  /// Fixes the file at `path`; an unreadable file is left for the check that follows to report.
  func fix(_ path: String) -> Outcome {
    guard var file = try? reader.read(path) else { return Outcome() }
    let original = file.bytes
    let inputSettings = settings[path]
    let compiler = PushCompiler(options: inputSettings?.compiler ?? commandLine)
    var outcome = Outcome()
    for _ in 0..<Self.maximumRounds {
      let parsed = loader.load(file)
      let filter = SuppressionFilter(
        entries: inputSettings?.suppressions ?? [],
        readsComments: loader.format(of: file) == .yaml)
      let diagnostics = filter.apply(to: compiler.compile(parsed).diagnostics, in: file)
        .diagnostics
      let result = FixItApplier.apply(diagnostics, to: file)
      guard !result.applied.isEmpty else { break }
      let fixed = SourceFile(name: file.name, bytes: result.bytes)
      if loader.load(fixed).hasErrors, !parsed.hasErrors { break }
      outcome.notes += result.applied.map { applied in
        Diagnostic(
          .cliFixApplied(applied.fixIt.message, of: applied.diagnostic.id), file: file.name,
          range: applied.diagnostic.range)
      }
      file = fixed
    }
    if file.bytes != original {
      do {
        try FileIO.writeFile(file.bytes, atPath: path)
      } catch {
        outcome.writeError = error
      }
    }
    return outcome
  }
}
