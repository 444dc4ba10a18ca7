import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// Lint's report, written as the parts are delivered, is the report of every diagnostic sorted
/// first and rendered whole, and holds only the diagnostics a later one could precede.
@Suite struct LintReportWriterTests {
  typealias Entry = LintCommand.ReportEntry

  /// A part of an input, delivered with its diagnostics.
  struct Part {
    var input: String
    var index: Int
    var origin: Int
    var entries: [Entry]
  }

  /// The text every diagnostic's range is resolved in: lines of one byte, long enough for the
  /// offsets of the tests.
  static let source = SourceFile(name: "", text: String(repeating: "x\n", count: 40_000))

  /// A diagnostic of `file` at `offset` (or without a place), with an identifier chosen by
  /// `kind` so that equal places sort by identifier.
  static func entry(_ file: String?, at offset: Int?, kind: Int = 0) -> Entry {
    let range = offset.map { source.range(of: SourceSpan(start: $0, end: $0 + 1)) }
    let message: DiagnosticMessage =
      kind % 3 == 0
      ? .jsonTrailingComma()
      : kind % 3 == 1 ? .apnsMissingTopic() : .apnsMissingAPS(pushType: "alert")
    return Entry(
      diagnostic: Diagnostic(message, file: file, range: range), rendered: nil)
  }

  /// Inputs named out of order, each in parts, with diagnostics at and after each part's
  /// start, some without a place; a configuration's diagnostic first and its unused
  /// suppressions last.
  static func scenario(seed: UInt64) -> (
    upfront: [Entry], parts: [Part], late: [Entry], inputs: [String], lateFiles: [String]
  ) {
    var generator = SplitMix64(seed: seed)
    let inputs = ["m/b.ndjson", "a.json", "z.ndjson", "m/b.ndjson2", "c.yaml"]
    var parts: [Part] = []
    for input in inputs {
      let partCount = Int.random(in: 1...4, using: &generator)
      var origin = 0
      for index in 0..<partCount {
        var entries: [Entry] = []
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
          let offset =
            Int.random(in: 0...9, using: &generator) == 0
            ? nil : origin + Int.random(in: 0...300, using: &generator)
          entries.append(entry(input, at: offset, kind: Int.random(in: 0...2, using: &generator)))
        }
        parts.append(Part(input: input, index: index, origin: origin, entries: entries))
        origin += Int.random(in: 0...400, using: &generator)
      }
    }
    let configuration = ".pushc.yaml"
    return (
      [entry(configuration, at: 3), entry(nil, at: nil)], parts,
      [entry(configuration, at: 40), entry(configuration, at: 2, kind: 1)], inputs,
      [configuration]
    )
  }

  /// The report of `entries` as lint wrote it before it streamed: sorted, then rendered.
  static func wholeReport(
    _ entries: [Entry], format: LintCommand.Format, summary: LintSummary, limit: Int
  ) -> [UInt8] {
    let all = entries.sorted { Diagnostic.presentationOrder($0.diagnostic, $1.diagnostic) }
    let diagnostics = all.map(\.diagnostic)
    let line = LintCommand.summaryLine(summary) + "\n"
    // The first `limit` of each file, then a note for each file that had more, in the order
    // the files first appear.
    var shown: [String?: Int] = [:]
    var files: [String?] = []
    var limited: [Diagnostic] = []
    for diagnostic in diagnostics {
      let count = shown[diagnostic.file, default: 0] + 1
      if count == 1 { files.append(diagnostic.file) }
      shown[diagnostic.file] = count
      if count <= limit { limited.append(diagnostic) }
    }
    for file in files {
      let count = shown[file, default: 0]
      guard count > limit else { continue }
      limited.append(Diagnostic(.cliDiagnosticsOmitted(count - limit, limit: limit), file: file))
    }
    switch format {
    case .json:
      var document = DiagnosticJSONRenderer(style: .pretty, columnUnit: format.columnUnit)
        .document(for: diagnostics)
      if case .object(var object) = document.kind {
        object.members.append(.init(key: "summary", value: summary.jsonValue))
        document = ValueNode(.object(object))
      }
      return CanonicalJSONWriter(style: .pretty).bytes(for: document) + [UInt8(ascii: "\n")]
    case .text:
      return Array((TextDiagnosticRenderer().render(limited) + line).utf8)
    case .annotated:
      let renderer = DiagnosticOptions(maximumDiagnosticsPerFile: limit).annotatedRenderer(
        usesColor: false, excerpting: nil)
      let text =
        limited.map { renderer.render($0) }.joined(separator: "\n") + (limited.isEmpty ? "" : "\n")
      return Array((text + line).utf8)
    case .github:
      return Array((GitHubAnnotationRenderer().render(diagnostics) + line).utf8)
    case .sarif:
      return SARIFRenderer(
        toolName: PushcCommand.toolName, toolVersion: PushcCommand.version,
        domains: RulesCommand.domains
      ).bytes(for: diagnostics)
    }
  }

  /// The spools the report is written with: in memory, in a file from the first bytes, and
  /// with a file that cannot be made (the bytes stay in memory).
  static func spools() -> [ByteSpool] {
    [
      ByteSpool(folder: "/tmp"), ByteSpool(folder: "/tmp", memoryLimit: 64),
      ByteSpool(folder: "/nonexistent-folder-for-pushc-tests", memoryLimit: 64),
    ]
  }

  @Test(arguments: LintCommand.Format.allCases, [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func streamedReportIsTheSortedReport(format: LintCommand.Format, seed: UInt64) throws {
    let (upfront, parts, late, inputs, lateFiles) = Self.scenario(seed: seed)
    let summary = LintSummary(files: 5, messages: 9, errors: 4, warnings: 2)
    let limit = 3
    let all = upfront + parts.flatMap(\.entries) + late
    let expected = Self.wholeReport(all, format: format, summary: summary, limit: limit)
    for spool in Self.spools() {
      let recorder = ConsoleRecorder()
      var writer = LintReportWriter(
        format: format, console: recorder.console, usesColor: false,
        options: DiagnosticOptions(maximumDiagnosticsPerFile: limit), inputNames: inputs,
        lateFiles: lateFiles, spool: spool)
      writer.add(upfront)
      for part in parts {
        writer.add(part.entries)
        writer.partDelivered(ofInput: part.input, origin: part.origin)
      }
      writer.add(late)
      try writer.finish(summary: summary)
      #expect(recorder.output == expected, "memory limit \(spool.memoryLimit)")
    }
  }

  @Test func aLongInputIsWrittenAsItsPartsArrive() {
    let recorder = ConsoleRecorder()
    var writer = LintReportWriter(
      format: .json, console: recorder.console, usesColor: false, options: DiagnosticOptions(),
      inputNames: ["big.ndjson"], lateFiles: [])
    var written: [Int] = []
    for index in 0..<50 {
      let origin = index * 1_000
      writer.add((0..<10).map { Self.entry("big.ndjson", at: origin + 90 * $0) })
      writer.partDelivered(ofInput: "big.ndjson", origin: origin)
      // Only the part just delivered waits: a later part may have diagnostics at its start.
      #expect(writer.pendingCount == 10)
      written.append(recorder.output.count)
    }
    // The first part waits for the second; from then on, each part writes the one before.
    #expect(written[0] == 0 && written[1] > 0)
    #expect(zip(written.dropFirst(), written.dropFirst(2)).allSatisfy { $0 < $1 })
  }

  @Test func anInputBeforeInOrderHoldsBackTheInputsAfterIt() throws {
    let recorder = ConsoleRecorder()
    var writer = LintReportWriter(
      format: .text, console: recorder.console, usesColor: false, options: DiagnosticOptions(),
      inputNames: ["b.json", "a.json"], lateFiles: [])
    writer.add([Self.entry("b.json", at: 0)])
    writer.partDelivered(ofInput: "b.json", origin: 0)
    writer.add([Self.entry("b.json", at: 10)])
    writer.partDelivered(ofInput: "b.json", origin: 5)
    // `a.json` is still to come and sorts first.
    #expect(recorder.output.isEmpty && writer.pendingCount == 2)
    writer.add([Self.entry("a.json", at: 0)])
    writer.partDelivered(ofInput: "a.json", origin: 0)
    #expect(recorder.outputText.isEmpty)
    try writer.finish(summary: LintSummary())
    #expect(recorder.outputText.hasPrefix("a.json:1:1: "))
  }
}
