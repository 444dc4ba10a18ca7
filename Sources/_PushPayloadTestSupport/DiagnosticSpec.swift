package import PushDiagnostics
package import Testing

/// What a test expects of one diagnostic: its identifier, where it starts (a marker of a
/// ``MarkedSource``) and optionally its severity and its whole message.
package struct DiagnosticSpec: Sendable, CustomStringConvertible {
  /// The expected identifier.
  package var id: DiagnosticID
  /// The marker at which the diagnostic's range starts, or `nil` to not check the position.
  package var marker: String?
  /// The expected severity, or `nil` to not check it.
  package var severity: Severity?
  /// The whole expected message, or `nil` to not check it.
  package var message: String?
  /// Where the expectation is written, so a failure points at it.
  package var sourceLocation: SourceLocation

  /// Creates an expectation.
  package init(
    _ marker: String? = nil,
    id: DiagnosticID,
    severity: Severity? = nil,
    message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.id = id
    self.marker = marker
    self.severity = severity
    self.message = message
    self.sourceLocation = sourceLocation
  }

  package var description: String {
    "\(id)" + (marker.map { " at \($0)" } ?? "")
  }
}

/// Checks that `diagnostics` are exactly those that `specs` describe, in any order.
///
/// - Parameters:
///   - diagnostics: What a stage reported.
///   - specs: What the test expects.
///   - source: The marked source giving the markers' offsets.
///   - sourceLocation: Where a failure is reported.
package func expectDiagnostics(
  _ diagnostics: [Diagnostic],
  _ specs: [DiagnosticSpec],
  in source: MarkedSource,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var unmatched = diagnostics
  for spec in specs {
    let index = unmatched.firstIndex { diagnostic in
      guard diagnostic.id == spec.id else { return false }
      if let marker = spec.marker {
        guard let offset = source[marker] else { return false }
        guard diagnostic.range?.start.offset == offset else { return false }
      }
      if let severity = spec.severity, diagnostic.severity != severity { return false }
      if let message = spec.message, diagnostic.message != message { return false }
      return true
    }
    if let index {
      unmatched.remove(at: index)
    } else {
      let found = diagnostics.map { "\($0.id)@\($0.range?.start.offset ?? -1): \($0.message)" }
      let expected =
        "\(spec) (offset \(spec.marker.flatMap { source[$0] } ?? -1))"
        + (spec.message.map { ": \($0)" } ?? "")
      Issue.record("expected \(expected); found \(found)", sourceLocation: spec.sourceLocation)
    }
  }
  for diagnostic in unmatched {
    Issue.record(
      "unexpected diagnostic \(diagnostic.id) at \(diagnostic.range?.start.offset ?? -1): \(diagnostic.message)",
      sourceLocation: sourceLocation
    )
  }
}
