package import PushDiagnostics
package import PushJSON

/// Marks what later stages found in an input that reading recovered from a syntax error in
/// (``ParsedSource/recoveries``): each such diagnostic gets a note pointing at the first error,
/// and the property `after_syntax_error` (its `line:column`) in JSON output, so that a user
/// knows it may be a consequence of the error rather than a problem of its own.
///
/// A diagnostic is left as it is when its place ends before the error (the part read before
/// it is what the user wrote), when it has no place (it is about the request as a whole, such as
/// a header the options give), or when it comes from reading itself.
package struct SyntaxRecoveryMarker: Sendable {
  /// Where the first syntax error reading recovered from is in the whole input.
  private let recoveryRange: SourceRange
  /// The note added to each marked diagnostic.
  package var note: Diagnostic.Note
  /// The first error's `line:column`.
  package var place: String
  /// The diagnostics of reading, which are never marked.
  private let readingDiagnostics: Set<Diagnostic>

  /// Creates a marker for what follows `recovery` in `source`.
  package init(recovery: SourceSpan, in source: ParsedSource) {
    let range = source.file.range(of: recovery)
    self.recoveryRange = range
    self.place = "\(range.start.line):\(range.start.column)"
    self.note = Diagnostic.Note(
      "found after reading recovered from the syntax error here; it may be a consequence of it",
      file: source.file.name,
      range: range
    )
    self.readingDiagnostics = Set(source.diagnostics)
  }

  /// `diagnostic`, marked when it may be a consequence of the error.
  package func marked(_ diagnostic: Diagnostic) -> Diagnostic {
    // Offsets of the whole input, as diagnostics give them.
    guard let range = diagnostic.range, range.end.offset >= recoveryRange.start.offset else {
      return diagnostic
    }
    if readingDiagnostics.contains(diagnostic) { return diagnostic }
    var marked = diagnostic
    marked.notes.append(note)
    marked.properties["after_syntax_error"] = place
    return marked
  }
}
