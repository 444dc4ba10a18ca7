import PushDiagnostics
import PushJSON

/// Removes the diagnostics an input's suppressions silence, and reports the suppressions that
/// silenced nothing.
///
/// Suppressions come from `# pushc-disable` comments of YAML inputs (``InlineSuppression``) and
/// from the `suppressions` list of the configuration file, which also serves JSON, NDJSON and
/// Simulator inputs: a careful user keeps a sample that is wrong on purpose byte for byte as it
/// is, and reviews every exception in one file. The diagnostics of the suppressions themselves
/// (unknown identifiers, unused suppressions) are never suppressed.
struct SuppressionFilter {
  /// The outcome for one input, or one part of an NDJSON input.
  struct Outcome: Sendable {
    /// The diagnostics left, with the comments' own problems and the unused comments.
    var diagnostics: [Diagnostic]
    /// The positions, in the configuration's list, of the `suppressions` entries that silenced
    /// something.
    var usedConfigurationEntries: Set<Int>
  }

  /// The entries of the configuration that apply to the input.
  var entries: [(index: Int, suppression: PushcConfiguration.Suppression)]
  /// Whether the input is YAML, so comments are read.
  var readsComments: Bool

  /// Filters `diagnostics` of `file`.
  func apply(to diagnostics: [Diagnostic], in file: SourceFile) -> Outcome {
    let (inline, problems) =
      readsComments ? InlineSuppression.scan(file) : ([], [])
    guard !inline.isEmpty || !entries.isEmpty else {
      return Outcome(diagnostics: diagnostics + problems, usedConfigurationEntries: [])
    }
    var usedInline = Set<[Int]>()
    var usedEntries = Set<Int>()
    var kept: [Diagnostic] = []
    kept.reserveCapacity(diagnostics.count)
    for diagnostic in diagnostics {
      var isSuppressed = false
      for (index, suppression) in inline.enumerated() {
        for (position, identifier) in suppression.identifiers.enumerated()
        where suppression.covers(diagnostic, identifier: identifier) {
          usedInline.insert([index, position])
          isSuppressed = true
        }
      }
      for entry in entries where Self.entry(entry.suppression, covers: diagnostic) {
        usedEntries.insert(entry.index)
        isSuppressed = true
      }
      if !isSuppressed { kept.append(diagnostic) }
    }
    for (index, suppression) in inline.enumerated() {
      // An unknown identifier is reported as such, not also as unused.
      let unused = suppression.identifiers.indices.filter { !usedInline.contains([index, $0]) }
        .map { suppression.identifiers[$0] }
        .filter { !RuleNames.isUnknown($0) }
      guard !unused.isEmpty else { continue }
      kept.append(
        Diagnostic(
          .configUnusedSuppression(unused), file: file.name,
          range: file.range(of: suppression.comment)))
    }
    return Outcome(
      diagnostics: (kept + problems).sortedForPresentation(), usedConfigurationEntries: usedEntries)
  }

  /// Whether the configuration entry `suppression` silences `diagnostic`: it names its rule or
  /// identifier, and the diagnostic's value is at or inside the entry's pointer.
  static func entry(_ suppression: PushcConfiguration.Suppression, covers diagnostic: Diagnostic)
    -> Bool
  {
    guard RuleNames.suppression(suppression.identifier, covers: diagnostic.id) else {
      return false
    }
    guard let pointer = suppression.pointer else { return true }
    guard let found = diagnostic.pointer else { return false }
    return found.tokens.starts(with: pointer.tokens)
  }
}
