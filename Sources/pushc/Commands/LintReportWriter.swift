import PushDiagnostics
import PushJSON
import PushPayload

/// Writes `pushc lint`'s report while the inputs are checked: the diagnostics in presentation
/// order (``Diagnostic/presentationOrder(_:_:)``: by file, then offset), each written as soon as
/// no diagnostic still to come can sort before it, so that the report of an input with a
/// million findings is written holding a few parts' worth of them, not all of them.
///
/// What can still come is known from where checking is (``PresentationBound``): the parts of
/// an input come in order, and a part's diagnostics are at or after the part's first byte; the
/// inputs come in the order given; and the unused-suppression warnings, made at the end, are
/// those of the configuration files that have suppressions. A diagnostic without a place sorts
/// after every placed one of its file, and waits for the file to end.
///
/// The output is the same, byte for byte, as sorting every diagnostic first and rendering the
/// report whole. SARIF lists its rules before its results, so its results are kept as bytes
/// until the end: in memory up to a few megabytes, then in a temporary file (``ByteSpool``).
struct LintReportWriter {
  typealias Entry = LintCommand.ReportEntry

  private let format: LintCommand.Format
  private let console: Console
  private let options: DiagnosticOptions
  /// The renderers of the text and annotated formats, made once for the whole report.
  private let textRenderer: TextDiagnosticRenderer
  private let annotatedRenderer: AnnotatedSourceRenderer

  /// The diagnostics not written yet.
  private var pending = PresentationQueue<Entry>()
  /// How many diagnostics wait to be written.
  var pendingCount: Int { pending.count }

  /// Where the report can be written up to.
  private var bound: PresentationBound
  /// What each file showed so far, for the text and annotated formats' cap per file.
  private var budgets: [String?: DiagnosticLimit.Budget] = [:]
  /// The files in the order their first diagnostic was written, for the omission notes.
  private var fileOrder: [String?] = []
  /// How many diagnostics were written (the annotated format separates them with blank lines).
  private var writtenCount = 0
  /// The JSON document.
  private var json: DiagnosticJSONStream
  /// The SARIF log's results, and the bytes written for them, kept until the end (in memory up
  /// to a limit, then in a temporary file).
  private var sarif: SARIFResultStream?
  private let sarifResults: ByteSpool

  /// A writer of the report in `format` to `console`'s standard output, for the inputs named
  /// `inputNames`, checked in that order; `lateFiles` are the configuration files that may
  /// report unused suppressions at the end.
  init(
    format: LintCommand.Format, console: Console, usesColor: Bool, options: DiagnosticOptions,
    inputNames: [String], lateFiles: [String], spool: ByteSpool = ByteSpool(folder: "/tmp")
  ) {
    self.sarifResults = spool
    self.format = format
    self.console = console
    self.options = options
    self.textRenderer = TextDiagnosticRenderer(usesColor: usesColor)
    self.annotatedRenderer = options.annotatedRenderer(usesColor: usesColor, excerpting: nil)
    self.bound = PresentationBound(inputNames: inputNames, lateFiles: lateFiles)
    self.json = DiagnosticJSONStream(
      renderer: DiagnosticJSONRenderer(style: .pretty, columnUnit: format.columnUnit))
    if format == .sarif {
      sarif = SARIFResultStream(
        renderer: SARIFRenderer(
          toolName: PushcCommand.toolName, toolVersion: PushcCommand.version,
          domains: RulesCommand.domains))
    }
  }

  /// Adds diagnostics to the report; they are written once nothing still to come sorts before
  /// them.
  mutating func add(_ entries: [Entry]) {
    pending.add(entries)
  }

  /// Writes what can be written now that a part of the input `name`, whose first byte is at
  /// `origin` in it, has been delivered (after its diagnostics were added).
  mutating func partDelivered(ofInput name: String, origin: Int) {
    guard let bound = bound.afterPart(ofInput: name, origin: origin) else { return }
    write(before: bound)
  }

  /// Writes every diagnostic left and ends the report with `summary`.
  ///
  /// - Throws: A ``FileError`` when the SARIF results kept in a temporary file cannot be read
  ///   back: the report is then incomplete.
  mutating func finish(summary: LintSummary) throws(FileError) {
    write(before: nil)
    var output: [UInt8] = []
    switch format {
    case .text, .annotated:
      for file in fileOrder {
        guard let note = budgets[file]?.omissionNote(file: file) else { continue }
        append(Entry(diagnostic: note, rendered: nil), to: &output)
      }
      if format == .annotated, writtenCount > 0 { output.append(UInt8(ascii: "\n")) }
      output += Array((LintCommand.summaryLine(summary) + "\n").utf8)
    case .github:
      output += Array((LintCommand.summaryLine(summary) + "\n").utf8)
    case .json:
      json.close(appending: [(key: "summary", value: summary.jsonValue)], into: &output)
    case .sarif:
      guard let sarif else { break }
      console.writeOutput(sarif.opening())
      try sarifResults.drain { console.writeOutput($0) }
      output = sarif.closing()
    }
    console.writeOutput(output)
  }

  /// Writes, in presentation order, the pending diagnostics that sort before `bound` (all of
  /// them when it is `nil`).
  private mutating func write(before bound: PresentationPlace?) {
    let entries = pending.removeAll(before: bound)
    guard !entries.isEmpty else { return }
    var output: [UInt8] = []
    var results: [UInt8] = []
    for entry in entries {
      switch format {
      case .text, .annotated:
        let file = entry.diagnostic.file
        if budgets[file] == nil {
          budgets[file] = DiagnosticLimit.Budget(limit: options.maximumDiagnosticsPerFile)
          fileOrder.append(file)
        }
        if budgets[file]?.admits() == true { append(entry, to: &output) }
      case .github:
        output += Array(GitHubAnnotationRenderer().render(entry.diagnostic).utf8)
      case .json:
        json.write(entry.diagnostic, into: &output)
      case .sarif:
        sarif?.write(entry.diagnostic, into: &results)
      }
    }
    sarifResults.append(results)
    if !output.isEmpty { console.writeOutput(output) }
  }

  /// Appends the text or annotated rendering of `entry` to `output`.
  private mutating func append(_ entry: Entry, to output: inout [UInt8]) {
    if format == .text {
      output += Array(textRenderer.render(entry.diagnostic).utf8)
    } else {
      if writtenCount > 0 { output.append(UInt8(ascii: "\n")) }
      output += Array((entry.rendered ?? annotatedRenderer.render(entry.diagnostic)).utf8)
    }
    writtenCount += 1
  }
}
