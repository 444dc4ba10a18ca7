import PushDiagnostics

/// Caps how many diagnostics of one file the text and annotated formats show, so that an input
/// with a million problems gives a readable report in bounded time; JSON output keeps them all.
enum DiagnosticLimit {
  /// The first `limit` diagnostics of each file of `sorted`, then one `cliDiagnosticsOmitted`
  /// note per file that had more, in the order the files first appear.
  ///
  /// - Parameters:
  ///   - sorted: Diagnostics sorted for presentation.
  ///   - limit: The most shown per file (diagnostics without a file count as one file).
  /// - Returns: The diagnostics to show, in their order, with the omission notes.
  static func limited(_ sorted: [Diagnostic], perFile limit: Int) -> [Diagnostic] {
    guard sorted.count > limit else { return sorted }
    var shown: [String?: Int] = [:]
    var omitted: [String?: Int] = [:]
    var omittedOrder: [String?] = []
    var result: [Diagnostic] = []
    for diagnostic in sorted {
      let count = shown[diagnostic.file, default: 0]
      if count < limit {
        shown[diagnostic.file] = count + 1
        result.append(diagnostic)
      } else {
        if omitted[diagnostic.file] == nil { omittedOrder.append(diagnostic.file) }
        omitted[diagnostic.file, default: 0] += 1
      }
    }
    for file in omittedOrder {
      result.append(
        Diagnostic(.cliDiagnosticsOmitted(omitted[file] ?? 0, limit: limit), file: file))
    }
    return result
  }
}
