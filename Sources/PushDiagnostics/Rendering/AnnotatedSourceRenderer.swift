/// Renders diagnostics with an excerpt of the source and a caret under the problem, in the style
/// of the Swift compiler:
///
/// ```
/// message.json:4:5: error: duplicate key 'title' [jsonDuplicateKey]
///   3 |     "title": "a",
///   4 |     "title": "b"
///     |     ^~~~~~~
///     = note: message.json:3:5: first defined here
/// ```
///
/// Each excerpt line shows at most ``maximumLineWidth`` bytes of the source, a window around
/// the caret marked with `…` where it cuts, so that rendering stays linear in the number of
/// diagnostics even when thousands of them fall on one long line of minified JSON. Control
/// characters and bidirectional overrides in the excerpt and the messages are escaped with
/// ``TerminalText``.
public struct AnnotatedSourceRenderer: Sendable {
  /// How many lines before the problem line are shown.
  public var contextLines: Int
  /// Whether ANSI colours are used.
  public var usesColor: Bool
  /// The most bytes of a source line an excerpt shows.
  public var maximumLineWidth: Int
  /// Looks up the text of a file by its diagnostic name.
  public var sourceFile: @Sendable (String) -> SourceFile?

  /// The default ``maximumLineWidth``: 200 bytes.
  public static let defaultMaximumLineWidth = 200

  /// The default ``contextLines``: the line before the problem line.
  public static let defaultContextLines = 1

  /// Creates a renderer that finds file texts with `sourceFile`.
  public init(
    contextLines: Int = AnnotatedSourceRenderer.defaultContextLines,
    usesColor: Bool = false,
    maximumLineWidth: Int = AnnotatedSourceRenderer.defaultMaximumLineWidth,
    sourceFile: @escaping @Sendable (String) -> SourceFile?
  ) {
    self.contextLines = contextLines
    self.usesColor = usesColor
    self.maximumLineWidth = max(1, maximumLineWidth)
    self.sourceFile = sourceFile
  }

  /// The rendered text of `diagnostics`.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined(separator: "\n")
  }

  /// The rendered text of one diagnostic.
  public func render(_ diagnostic: Diagnostic) -> String {
    let text = TextDiagnosticRenderer(usesColor: usesColor)
    var output = TextDiagnosticRenderer.location(file: diagnostic.file, range: diagnostic.range)
    output +=
      text.severityLabel(diagnostic.severity) + ": " + TerminalText.escaped(diagnostic.message)
    output += " [\(diagnostic.id)]\n"
    var gutterWidth = 1
    if let range = diagnostic.range, let name = diagnostic.file, let file = sourceFile(name) {
      gutterWidth = String(range.start.line).count
      output += excerpt(of: range, in: file, gutterWidth: gutterWidth)
    }
    let pad = String(repeating: " ", count: gutterWidth)
    if diagnostic.range == nil, let pointer = diagnostic.pointer {
      output += "\(pad) = at: \(TerminalText.escaped(pointer.description))\n"
    }
    for note in diagnostic.notes {
      let location = TextDiagnosticRenderer.location(
        file: note.file ?? diagnostic.file,
        range: note.range
      )
      output += "\(pad) = note: \(location)\(TerminalText.escaped(note.message))\n"
    }
    for fixIt in diagnostic.fixIts {
      output += "\(pad) = fix-it: \(TerminalText.escaped(fixIt.message))\n"
    }
    return output
  }

  private func excerpt(of range: SourceRange, in file: SourceFile, gutterWidth: Int) -> String {
    var output = ""
    let bytes = file.bytes
    // Ranges are in the whole input; spans and `bytes` are in the file, which may be a fragment.
    let start = file.lineTable.localOffset(range.start.offset)
    let end = file.lineTable.localOffset(range.end.offset)
    // A fragment cut inside a line (a part of a one-line array) knows where the line starts
    // and whether it goes on past the fragment: windows and their `…` are those of the whole
    // line, and the fragment holds the bytes a window shows.
    let lineSpan = file.lineTable.contentSpan(ofLine: range.start.line, in: bytes)
    let lineExtent = file.lineTable.extent(ofLine: range.start.line, in: bytes)
    // The window starts a quarter of the width before the caret on long lines; context lines
    // show the same columns.
    var windowColumn = 0
    if let lineExtent, lineExtent.end - lineExtent.start > maximumLineWidth {
      let caretColumn = min(max(start, lineExtent.start), lineExtent.end) - lineExtent.start
      windowColumn = max(0, caretColumn - maximumLineWidth / 4)
    }
    let firstLine = max(1, range.start.line - contextLines)
    for line in firstLine...range.start.line {
      // A line above the problem's is shown at the same columns, which a fragment may hold in
      // the head it keeps of the line it starts inside of.
      let spans: (content: SourceSpan, extent: SourceSpan)?
      if line == range.start.line {
        spans = lineSpan.flatMap { span in lineExtent.map { (span, $0) } }
      } else {
        spans = file.lineTable.excerptSpans(ofLine: line, in: bytes, fromColumn: windowColumn)
      }
      guard let (span, extent) = spans else { continue }
      let window = Self.window(
        of: extent, readable: span, in: bytes, from: windowColumn, width: maximumLineWidth)
      let number = String(line)
      output += String(repeating: " ", count: gutterWidth - number.count) + number + " | "
      output += (window.start > extent.start ? "…" : "") + Self.excerptText(bytes, window)
      output += (window.end < extent.end ? "…" : "") + "\n"
    }
    guard let lineSpan, let lineExtent else { return output }
    let window = Self.window(
      of: lineExtent, readable: lineSpan, in: bytes, from: windowColumn, width: maximumLineWidth)
    let caretStart = min(max(start, window.start), window.end)
    let underlineEnd = range.end.line == range.start.line ? end : lineExtent.end
    let underlined = SourceSpan(
      start: caretStart, end: max(caretStart, min(underlineEnd, window.end)))
    let prefix = SourceSpan(start: window.start, end: caretStart)
    let indent =
      (window.start > lineExtent.start ? " " : "") + Self.blank(Self.excerptText(bytes, prefix))
    let width = max(1, Self.displayWidth(Self.excerptText(bytes, underlined)))
    var marker = "^" + String(repeating: "~", count: width - 1)
    if usesColor {
      marker = ANSIStyle.severity(.error) + marker + ANSIStyle.reset
    }
    output += String(repeating: " ", count: gutterWidth) + " | " + indent + marker + "\n"
    return output
  }

  /// The part of `span` (a line) that starts `column` bytes in and is at most `width` bytes
  /// long, moved to whole UTF-8 characters.
  static func window(of span: SourceSpan, in bytes: [UInt8], from column: Int, width: Int)
    -> SourceSpan
  {
    window(of: span, readable: span, in: bytes, from: column, width: width)
  }

  /// The part of the line `extent` that starts `column` bytes in and is at most `width` bytes
  /// long, moved to whole UTF-8 characters, within `readable`, the bytes of the line that
  /// `bytes` holds (all of `extent`, unless `bytes` is a fragment cut inside the line).
  static func window(
    of extent: SourceSpan, readable: SourceSpan, in bytes: [UInt8], from column: Int, width: Int
  ) -> SourceSpan {
    func isContinuation(_ offset: Int) -> Bool {
      offset >= readable.start && offset < readable.end && bytes[offset] & 0xC0 == 0x80
    }
    var start = min(extent.start + column, extent.end)
    var steps = 0
    while steps < 3, start > extent.start, isContinuation(start) {
      start -= 1
      steps += 1
    }
    // `width` may be as large as `Int.max`: compare before adding.
    var end = extent.end - start > width ? start + width : extent.end
    steps = 0
    while steps < 3, end > start, isContinuation(end) {
      end -= 1
      steps += 1
    }
    // Only bytes the fragment holds are shown (all of them but for a width larger than the
    // margins a fragment is cut with).
    start = min(max(start, readable.start), readable.end)
    return SourceSpan(start: start, end: min(max(end, start), readable.end))
  }

  /// The text of `span` as an excerpt shows it, with control characters escaped and tabs kept.
  static func excerptText(_ bytes: [UInt8], _ span: SourceSpan) -> String {
    TerminalText.escaped(
      String(decoding: bytes[span.start..<max(span.start, span.end)], as: UTF8.self),
      keepingTabs: true)
  }

  /// Replaces every character by blanks of the same display width, keeping tabs.
  static func blank(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        result.append("\t")
      } else {
        result += String(repeating: " ", count: width(of: scalar))
      }
    }
    return result
  }

  /// The number of terminal columns `text` takes: two for East Asian wide characters and most
  /// emoji, none for combining marks and variation selectors, one otherwise.
  public static func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }  // Latin before the first combining mark: the common case.
    if scalar.properties.generalCategory == .nonspacingMark || value == 0x200D
      || (0xFE00...0xFE0F).contains(value)
    {
      return 0
    }
    if value < 0x1100 { return 1 }
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// East Asian wide characters and most emoji, built once rather than for every character.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1FAFF,
    0x20000...0x3FFFD,
  ]
}
