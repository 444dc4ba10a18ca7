extension Diagnostic {
  /// A secondary place or explanation attached to a diagnostic, such as the first occurrence of
  /// a duplicated key.
  public struct Note: Hashable, Sendable, Codable {
    /// The explanation.
    public var message: String
    /// The file of the place, when it differs from the diagnostic's or is known.
    public var file: String?
    /// The place, if the note points at one.
    public var range: SourceRange?
    /// The JSON Pointer to the value the note is about.
    public var pointer: JSONPointer?

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
