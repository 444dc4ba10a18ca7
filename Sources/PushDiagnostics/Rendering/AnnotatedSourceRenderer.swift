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
public struct AnnotatedSourceRenderer: Sendable {
  /// How many lines before the problem line are shown.
  public var contextLines: Int
  /// Whether ANSI colours are used.
  public var usesColor: Bool
  /// Looks up the text of a file by its diagnostic name.
  public var sourceFile: @Sendable (String) -> SourceFile?

  /// Creates a renderer that finds file texts with `sourceFile`.
  public init(
    contextLines: Int = 1,
    usesColor: Bool = false,
    sourceFile: @escaping @Sendable (String) -> SourceFile?
  ) {
    self.contextLines = contextLines
    self.usesColor = usesColor
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
    output += text.severityLabel(diagnostic.severity) + ": " + diagnostic.message
    output += " [\(diagnostic.id)]\n"
    var gutterWidth = 1
    if let range = diagnostic.range, let name = diagnostic.file, let file = sourceFile(name) {
      gutterWidth = String(range.start.line).count
      output += excerpt(of: range, in: file, gutterWidth: gutterWidth)
    }
    let pad = String(repeating: " ", count: gutterWidth)
    if diagnostic.range == nil, let pointer = diagnostic.pointer {
      output += "\(pad) = at: \(pointer)\n"
    }
    for note in diagnostic.notes {
      let location = TextDiagnosticRenderer.location(
        file: note.file ?? diagnostic.file,
        range: note.range
      )
      output += "\(pad) = note: \(location)\(note.message)\n"
    }
    for fixIt in diagnostic.fixIts {
      output += "\(pad) = fix-it: \(fixIt.message)\n"
    }
    return output
  }

  private func excerpt(of range: SourceRange, in file: SourceFile, gutterWidth: Int) -> String {
    var output = ""
    let firstLine = max(1, range.start.line - contextLines)
    for line in firstLine...range.start.line {
      guard let text = file.text(ofLine: line) else { continue }
      let number = String(line)
      output += String(repeating: " ", count: gutterWidth - number.count) + number + " | "
      output += text + "\n"
    }
    guard let lineSpan = file.lineTable.contentSpan(ofLine: range.start.line, in: file.bytes)
    else { return output }
    let caretStart = min(range.start.offset, lineSpan.end)
    let prefix = file.bytes[lineSpan.start..<caretStart]
    let underlineEnd = range.end.line == range.start.line ? range.end.offset : lineSpan.end
    let underlined = file.bytes[caretStart..<max(caretStart, min(underlineEnd, lineSpan.end))]
    let indent = Self.blank(String(decoding: prefix, as: UTF8.self))
    let width = max(1, Self.displayWidth(String(decoding: underlined, as: UTF8.self)))
    var marker = "^" + String(repeating: "~", count: width - 1)
    if usesColor {
      marker = ANSIStyle.severity(.error) + marker + ANSIStyle.reset
    }
    output += String(repeating: " ", count: gutterWidth) + " | " + indent + marker + "\n"
    return output
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
    if scalar.properties.generalCategory == .nonspacingMark || value == 0x200D
      || (0xFE00...0xFE0F).contains(value)
    {
      return 0
    }
    let wideRanges: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1FAFF,
      0x20000...0x3FFFD,
    ]
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }
}
