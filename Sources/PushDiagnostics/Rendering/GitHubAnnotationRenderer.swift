/// Renders diagnostics as GitHub Actions workflow commands, which the Actions runner turns into
/// annotations on the pull request's files:
///
/// ```
/// ::error file=message.json,line=4,col=32,endLine=4,endColumn=33,title=jsonTrailingComma::JSON does not allow a comma before '}' or ']'
/// ```
///
/// Errors are `::error`, warnings `::warning` and notes `::notice`; the title is the diagnostic's
/// identifier. Notes and fix-its follow the message on lines of their own. `col` and `endColumn`
/// are written only when the range is on one line, as GitHub accepts them only there; every end
/// is exclusive, as in the other formats. The columns are written as they are: convert them
/// first (with ``SourceColumns``) to the unit wanted.
///
/// Text from the input is escaped twice: with ``TerminalText``, so that it cannot drive the
/// terminal of someone reading the log, and as GitHub documents for workflow commands (`%`,
/// CR and LF in the message; also `:` and `,` in properties), so that it can neither end the
/// command nor start another one.
public struct GitHubAnnotationRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The workflow commands of `diagnostics`, one line each.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// The workflow command of one diagnostic, ending in a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var properties: [(String, String)] = []
    if let file = diagnostic.file {
      properties.append(("file", TerminalText.escaped(file)))
    }
    if let range = diagnostic.range {
      properties.append(("line", String(range.start.line)))
      if range.end.line == range.start.line {
        properties.append(("col", String(range.start.column)))
        properties.append(("endLine", String(range.end.line)))
        properties.append(("endColumn", String(range.end.column)))
      } else {
        properties.append(("endLine", String(range.end.line)))
      }
    }
    properties.append(("title", diagnostic.id.rawValue))
    var message = TerminalText.escaped(diagnostic.message)
    if diagnostic.range == nil, let pointer = diagnostic.pointer {
      message += " (at '\(TerminalText.escaped(pointer.description))')"
    }
    for note in diagnostic.notes {
      message += "\nnote: "
      if let range = note.range {
        let file = (note.file ?? diagnostic.file).map { TerminalText.escaped($0) + ":" } ?? ""
        message += "\(file)\(range.start.line):\(range.start.column): "
      }
      message += TerminalText.escaped(note.message)
    }
    for fixIt in diagnostic.fixIts {
      message += "\nfix-it: " + TerminalText.escaped(fixIt.message)
    }
    let command = Self.command(for: diagnostic.severity)
    let list = properties.map { "\($0.0)=\(Self.escapedProperty($0.1))" }.joined(separator: ",")
    return "::\(command) \(list)::\(Self.escapedData(message))\n"
  }

  /// The workflow command for `severity`.
  static func command(for severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "notice"
    }
  }

  /// `text` escaped as the message of a workflow command: `%`, CR and LF.
  public static func escapedData(_ text: String) -> String {
    escaped(text, including: [])
  }

  /// `text` escaped as a property of a workflow command: `%`, CR, LF, `:` and `,`.
  public static func escapedProperty(_ text: String) -> String {
    escaped(text, including: [":", ","])
  }

  private static func escaped(_ text: String, including extra: [Unicode.Scalar]) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      case ":" where extra.contains(":"): result += "%3A"
      case "," where extra.contains(","): result += "%2C"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
