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

  /// The first `limit` diagnostics of each file of `sorted`, then one `cliDiagnosticsOmitted`
  /// note per file that had more, in the order the files first appear.
  ///
  /// - Parameters:
  ///   - sorted: Diagnostics sorted for presentation.
  ///   - limit: The most shown per file (diagnostics without a file count as one file).
  /// - Returns: The diagnostics to show, in their order, with the omission notes.
  static func limited(_ sorted: [Diagnostic], perFile limit: Int) -> [Diagnostic] {
    limited(sorted, perFile: limit, diagnostic: { $0 }, entry: { $0 })
  }

  /// The first `limit` entries of each file of `sorted`, then one entry made by `entry` for
  /// each file's `cliDiagnosticsOmitted` note, in the order the files first appear.
  ///
  /// - Parameters:
  ///   - sorted: Entries whose diagnostics are sorted for presentation.
  ///   - limit: The most shown per file (diagnostics without a file count as one file).
  ///   - diagnostic: The diagnostic of an entry.
  ///   - entry: The entry of an omission note.
  /// - Returns: The entries to show, in their order, with those of the omission notes.
  static func limited<Entry>(
    _ sorted: [Entry],
    perFile limit: Int,
    diagnostic: (Entry) -> Diagnostic,
    entry: (Diagnostic) -> Entry
  ) -> [Entry] {
    guard sorted.count > limit else { return sorted }
    var budgets: [String?: Budget] = [:]
    var fileOrder: [String?] = []
    var result: [Entry] = []
    for element in sorted {
      let file = diagnostic(element).file
      if budgets[file] == nil { fileOrder.append(file) }
      if budgets[file, default: Budget(limit: limit)].admits() { result.append(element) }
    }
    for file in fileOrder {
      if let note = budgets[file]?.omissionNote(file: file) { result.append(entry(note)) }
    }
    return result
  }
}
