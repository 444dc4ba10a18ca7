/// Renders diagnostics one per line in the `file:line:col: severity: message [id]` shape that
/// compilers, editors and CI problem matchers understand.
///
/// Notes follow their diagnostic as `file:line:col: note: …` lines; fix-its as
/// `… note: fix-it: …` lines. Messages, file names and pointers are escaped with
/// ``TerminalText`` so that text from the input can neither start a line of its own nor drive
/// the terminal.
public struct TextDiagnosticRenderer: Sendable {
  /// Whether severities are coloured with ANSI escape codes.
  public var usesColor: Bool

  /// Creates a renderer.
  public init(usesColor: Bool = false) {
    self.usesColor = usesColor
  }

  /// The rendered text of `diagnostics`, each line ending in a newline.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    var output = ""
    for diagnostic in diagnostics {
      output += render(diagnostic)
    }
    return output
  }

  /// The rendered text of one diagnostic with its notes and fix-its.
  public func render(_ diagnostic: Diagnostic) -> String {
    var output = ""
    output += Self.location(file: diagnostic.file, range: diagnostic.range)
    output += severityLabel(diagnostic.severity) + ": " + TerminalText.escaped(diagnostic.message)
    output += " [\(diagnostic.id)]"
    if diagnostic.range == nil, let pointer = diagnostic.pointer {
      output += " (at '\(TerminalText.escaped(pointer.description))')"
    }
    output += "\n"
    for note in diagnostic.notes {
      output += Self.location(file: note.file ?? diagnostic.file, range: note.range)
      output += severityLabel(.note) + ": " + TerminalText.escaped(note.message)
      if note.range == nil, let pointer = note.pointer {
        output += " (at '\(TerminalText.escaped(pointer.description))')"
      }
      output += "\n"
    }
    for fixIt in diagnostic.fixIts {
      output += Self.location(file: diagnostic.file, range: fixIt.edits.first?.range)
      output += severityLabel(.note) + ": fix-it: " + TerminalText.escaped(fixIt.message) + "\n"
    }
    return output
  }

  /// The `file:line:col: ` prefix, or as much of it as is known.
  static func location(file: String?, range: SourceRange?) -> String {
    switch (file.map { TerminalText.escaped($0) }, range) {
    case (let file?, let range?): "\(file):\(range.start.line):\(range.start.column): "
    case (let file?, nil): "\(file): "
    case (nil, let range?): "\(range.start.line):\(range.start.column): "
    case (nil, nil): ""
    }
  }

  func severityLabel(_ severity: Severity) -> String {
    guard usesColor else { return severity.rawValue }
    return ANSIStyle.severity(severity) + severity.rawValue + ANSIStyle.reset
  }
}
