import PushDiagnostics

/// Caps how many diagnostics of one file the text and annotated formats show, so that an input
/// with a million problems gives a readable report in bounded time; JSON output keeps them all.
enum DiagnosticLimit {
  /// What one file has shown so far, for inputs whose diagnostics arrive in parts (an NDJSON
  /// input checked in parts, in order).
  struct Budget {
    /// The most diagnostics shown for the file.
    let limit: Int
    /// How many were shown.
    private(set) var shown = 0
    /// How many were left out.
    private(set) var omitted = 0

    /// Creates the budget of a file that has shown nothing yet.
    init(limit: Int) {
      self.limit = limit
    }

    /// Whether one more diagnostic is shown; counts it either way.
    mutating func admits() -> Bool {
      if shown < limit {
        shown += 1
        return true
      }
      omitted += 1
      return false
    }

    /// The `cliDiagnosticsOmitted` note of file `name`, when diagnostics were left out.
    func omissionNote(file name: String?) -> Diagnostic? {
      guard omitted > 0 else { return nil }
      return Diagnostic(.cliDiagnosticsOmitted(omitted, limit: limit), file: name)
    }
  }
}
