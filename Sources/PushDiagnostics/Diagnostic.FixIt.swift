extension Diagnostic {
  /// A suggested fix: a short description and the text edits that apply it.
  public struct FixIt: Hashable, Sendable, Codable {
    /// One replacement of the bytes in `range` by `replacement`.
    public struct Edit: Hashable, Sendable, Codable {
      /// The bytes to replace; an empty range inserts.
      public var range: SourceRange
      /// The new text.
      public var replacement: String

      /// Creates an edit.
      public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
      }
    }

    /// What the fix does, such as "remove the trailing comma".
    public var message: String
    /// The edits; empty when the fix can only be described.
    public var edits: [Edit]

    /// Creates a fix-it.
    public init(_ message: String, edits: [Edit] = []) {
      self.message = message
      self.edits = edits
    }
  }
}
