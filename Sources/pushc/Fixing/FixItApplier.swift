import PushDiagnostics

/// Chooses the fix-its of an input that can be applied mechanically and applies them to its
/// bytes.
///
/// A diagnostic's fix-it is applied when it is the diagnostic's only fix-it with edits (several
/// are alternatives for a person to choose from), every edit lies inside the input, and no edit
/// overlaps an edit of a fix-it chosen before it (in the order of the input). What the others
/// would have fixed is reported again when the input is checked after the fixes.
struct FixItApplier {
  /// A fix-it that was applied, with the diagnostic it fixes.
  struct Applied: Sendable {
    /// The diagnostic, at its place in the input before the fixes.
    var diagnostic: Diagnostic
    /// The fix-it.
    var fixIt: Diagnostic.FixIt
  }

  /// The input's bytes after the fixes, and the fixes applied, in input order.
  struct Result: Sendable {
    /// The new bytes.
    var bytes: [UInt8]
    /// The fix-its applied.
    var applied: [Applied]
  }

  /// Applies the fix-its of `diagnostics` that belong to `file` (by name).
  static func apply(_ diagnostics: [Diagnostic], to file: SourceFile) -> Result {
    var candidates: [Applied] = []
    for diagnostic in diagnostics where diagnostic.file == file.name {
      let withEdits = diagnostic.fixIts.filter { !$0.edits.isEmpty }
      guard withEdits.count == 1, let fixIt = withEdits.first else { continue }
      let isInside = fixIt.edits.allSatisfy { edit in
        let span = edit.range.span
        return 0 <= span.start && span.start <= span.end && span.end <= file.bytes.count
      }
      if isInside { candidates.append(Applied(diagnostic: diagnostic, fixIt: fixIt)) }
    }
    candidates.sort {
      ($0.fixIt.edits.map(\.range.start.offset).min() ?? 0)
        < ($1.fixIt.edits.map(\.range.start.offset).min() ?? 0)
    }
    var chosen: [Applied] = []
    var taken: [SourceSpan] = []
    for candidate in candidates {
      let spans = candidate.fixIt.edits.map(\.range.span)
      let overlaps = spans.contains { span in
        taken.contains { Self.overlap($0, span) }
      }
      // Two fix-its with the same edits (one place found by two rules) are one fix.
      if overlaps { continue }
      chosen.append(candidate)
      taken += spans
    }
    var bytes = file.bytes
    let edits = chosen.flatMap(\.fixIt.edits).sorted {
      $0.range.start.offset > $1.range.start.offset
    }
    for edit in edits {
      let span = edit.range.span
      bytes.replaceSubrange(span.start..<span.end, with: Array(edit.replacement.utf8))
    }
    return Result(bytes: bytes, applied: chosen)
  }

  /// Whether two edits touch the same bytes, or insert at the same place.
  private static func overlap(_ a: SourceSpan, _ b: SourceSpan) -> Bool {
    if a.count == 0 || b.count == 0 { return a.start <= b.end && b.start <= a.end }
    return a.start < b.end && b.start < a.end
  }
}
