extension Diagnostic {
  /// A secondary place or explanation attached to a diagnostic, such as the first occurrence of
  /// a duplicated key.
  public struct Note: Hashable, Sendable, Codable {
    /// The explanation.
    public var message: String
    // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
    // starts as `nil` before the initializer runs, which made the compiler build the value in
    // memory and copy it out (a retain and a release of each reference in it)
    // for every note made.
    /// The file of the place, when it differs from the diagnostic's or is known.
    public var file: Optional<String>
    /// The place, if the note points at one.
    public var range: Optional<SourceRange>
    /// The JSON Pointer to the value the note is about.
    public var pointer: Optional<JSONPointer>

    /// Creates a note.
    public init(
      _ message: String,
      file: String? = nil,
      range: SourceRange? = nil,
      pointer: JSONPointer? = nil
    ) {
      self.message = message
      self.file = file
      self.range = range
      self.pointer = pointer
    }
  }
}
