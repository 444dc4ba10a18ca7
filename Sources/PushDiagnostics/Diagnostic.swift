/// One problem found in an input, as a value.
///
/// Diagnostics are never thrown: every stage returns its result together with the diagnostics it
/// found, and the command-line tool decides how to show them.
public struct Diagnostic: Hashable, Sendable, Codable {
  /// The stable identifier, such as `jsonDuplicateKey`.
  public var id: DiagnosticID
  /// How serious the problem is.
  public var severity: Severity
  /// The message.
  public var message: String
  // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
  // starts as `nil` before the initializer runs, which made the compiler build the value in
  // memory and copy it out (a retain and a release of each reference in it)
  // for every diagnostic made.
  /// The file name as the user wrote it, `<stdin>`, or `nil` for inputs built in code.
  public var file: Optional<String>
  /// Where in the file the problem is, or `nil` when the input had no text.
  public var range: Optional<SourceRange>
  /// The JSON Pointer to the value the problem is about.
  public var pointer: Optional<JSONPointer>
  /// Secondary places and explanations.
  public var notes: [Note]
  /// Suggested edits that would fix the problem.
  public var fixIts: [FixIt]
  /// Machine-readable facts about the problem, written as extra members of each diagnostic in
  /// JSON output (see `DiagnosticJSONRenderer`); for
  /// example `apns_reason: PayloadTooLarge`, the reason APNs itself would return.
  public var properties: [String: String]

  /// Creates a diagnostic.
  public init(
    id: DiagnosticID,
    severity: Severity,
    message: String,
    file: String? = nil,
    range: SourceRange? = nil,
    pointer: JSONPointer? = nil,
    notes: [Note] = [],
    fixIts: [FixIt] = [],
    properties: [String: String] = [:]
  ) {
    self.id = id
    self.severity = severity
    self.message = message
    self.file = file
    self.range = range
    self.pointer = pointer
    self.notes = notes
    self.fixIts = fixIts
    self.properties = properties
  }

  /// Creates a diagnostic from a catalog entry.
  public init(
    _ message: DiagnosticMessage,
    file: String? = nil,
    range: SourceRange? = nil,
    pointer: JSONPointer? = nil,
    notes: [Note] = [],
    fixIts: [FixIt] = []
  ) {
    self.init(
      id: message.id,
      severity: message.severity,
      message: message.text,
      file: file,
      range: range,
      pointer: pointer,
      notes: notes,
      fixIts: fixIts,
      properties: message.properties
    )
  }
}

extension Diagnostic {
  /// The order diagnostics are shown in: by file, then position, then identifier, then message.
  ///
  /// Diagnostics without a range come after those with one in the same file.
  public static func presentationOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    // The file and the offset, as a place: what a report written as its inputs are checked
    // compares to know which diagnostics it can write (pushc's `PresentationBound`).
    presentationOrder(lhs, at: PresentationPlace(of: lhs), rhs, at: PresentationPlace(of: rhs))
  }

  /// ``presentationOrder(_:_:)`` of `lhs` and `rhs`, whose places are `left` and `right`: for
  /// a sort that makes each diagnostic's place once.
  package static func presentationOrder(
    _ lhs: Diagnostic, at left: PresentationPlace, _ rhs: Diagnostic, at right: PresentationPlace
  ) -> Bool {
    if left != right { return left < right }
    if lhs.id != rhs.id { return lhs.id < rhs.id }
    return lhs.message < rhs.message
  }
}

extension Array where Element == Diagnostic {
  /// The diagnostics in presentation order (see ``Diagnostic/presentationOrder(_:_:)``), equal
  /// ones in the order given.
  public func sortedForPresentation() -> [Diagnostic] {
    guard count > 1 else { return self }
    // Their positions are sorted, each place made once: sorting the diagnostics themselves
    // copied two of them for every comparison (a retain and a release of each of their
    // references), and a list already in order is returned as it is.
    let places = indices.map { PresentationPlace(of: self[$0]) }
    func precedes(_ first: Int, _ second: Int) -> Bool {
      Diagnostic.presentationOrder(self[first], at: places[first], self[second], at: places[second])
    }
    // Ties in the order given, as a stable sort keeps them.
    let order = indices.sorted { first, second in
      precedes(first, second) || (first < second && !precedes(second, first))
    }
    guard !order.elementsEqual(indices) else { return self }
    return order.map { self[$0] }
  }

  /// Whether any diagnostic is an error.
  public var containsErrors: Bool {
    // By index, reading the severity in place: the closure of `contains(where:)` took a copy
    // of each diagnostic.
    indices.contains { self[$0].severity == .error }
  }

  /// The number of diagnostics whose severity is `severity`, read in place.
  package func count(of severity: Severity) -> Int {
    indices.count { self[$0].severity == severity }
  }
}
