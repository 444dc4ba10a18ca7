/// Collects the diagnostics of one stage for one input, resolving byte spans to line and column
/// through the line table of the input.
///
/// A value type: each stage owns its collector and hands its ``diagnostics`` on.
public struct DiagnosticCollector: Sendable {
  /// The file name diagnostics are reported in.
  public let fileName: String?
  /// The line table used to resolve spans, or `nil` when the input has no text.
  package let lineTable: LineTable?
  /// The diagnostics emitted so far, in emission order.
  public private(set) var diagnostics: [Diagnostic] = []

  /// Creates a collector for `file`.
  public init(file: SourceFile) {
    self.fileName = file.name
    self.lineTable = file.lineTable
  }

  /// Creates a collector for an input with no source text, such as a message built in code.
  ///
  /// - Parameter fileName: The name diagnostics report as their file, if any.
  public init(fileName: String? = nil) {
    self.init(fileName: fileName, lineTable: nil)
  }

  /// Creates a collector for an input that has a name and line table, or neither.
  package init(fileName: String?, lineTable: LineTable?) {
    self.fileName = fileName
    self.lineTable = lineTable
  }

  /// Whether an error has been emitted.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// The resolved range of `span`, when the input has text.
  public func range(of span: SourceSpan?) -> SourceRange? {
    guard let span, let lineTable else { return nil }
    return lineTable.range(of: span)
  }

  /// Makes a note pointing at `span` in this input.
  public func note(
    _ message: String,
    at span: SourceSpan? = nil,
    pointer: JSONPointer? = nil
  ) -> Diagnostic.Note {
    Diagnostic.Note(message, file: fileName, range: range(of: span), pointer: pointer)
  }

  /// Makes a fix-it replacing the bytes of `span` by `replacement`.
  public func fixIt(_ message: String, replacing span: SourceSpan, with replacement: String)
    -> Diagnostic.FixIt
  {
    guard let range = range(of: span) else { return Diagnostic.FixIt(message) }
    return Diagnostic.FixIt(message, edits: [.init(range: range, replacement: replacement)])
  }

  /// Emits a diagnostic from the catalog.
  ///
  /// - Parameters:
  ///   - message: The catalog entry.
  ///   - span: The bytes the problem is about.
  ///   - pointer: The JSON Pointer to the value the problem is about.
  ///   - severity: Overrides the catalog's default severity.
  ///   - notes: Secondary places.
  ///   - fixIts: Suggested fixes.
  public mutating func emit(
    _ message: DiagnosticMessage,
    at span: SourceSpan?,
    pointer: JSONPointer? = nil,
    severity: Severity? = nil,
    notes: [Diagnostic.Note] = [],
    fixIts: [Diagnostic.FixIt] = []
  ) {
    var diagnostic = Diagnostic(
      message,
      file: fileName,
      range: range(of: span),
      pointer: pointer,
      notes: notes,
      fixIts: fixIts
    )
    if let severity { diagnostic.severity = severity }
    diagnostics.append(diagnostic)
  }

  /// Returns the diagnostics emitted so far and starts again without them, for a caller that
  /// collects the diagnostics of many items (one message after another) with one collector.
  package mutating func takeDiagnostics() -> [Diagnostic] {
    var taken: [Diagnostic] = []
    swap(&taken, &diagnostics)
    return taken
  }

  /// Takes back the diagnostics emitted from position `index` on, for a stage that read
  /// something again another way.
  package mutating func removeDiagnostics(from index: Int) {
    diagnostics.removeSubrange(min(index, diagnostics.count)...)
  }

  /// Appends diagnostics produced elsewhere.
  public mutating func append(contentsOf other: [Diagnostic]) {
    diagnostics.append(contentsOf: other)
  }
}
