/// A half-open range of byte offsets into a source file.
///
/// Parsers record spans because they are cheap (two integers); a `LineTable` turns a span into
/// a ``SourceRange`` with lines and columns when a diagnostic needs one.
public struct SourceSpan: Hashable, Sendable, Codable {
  /// The 0-based byte offset of the first byte.
  public var start: Int
  /// The 0-based byte offset just past the last byte.
  public var end: Int

  /// Creates a span from `start` up to, not including, `end`.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// Creates an empty span at `offset`.
  public init(at offset: Int) {
    self.init(start: offset, end: offset)
  }

  /// The number of bytes the span covers.
  public var count: Int { end - start }
}
