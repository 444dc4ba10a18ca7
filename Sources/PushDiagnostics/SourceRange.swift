/// A range in a source file between two resolved ``SourcePosition``s; `end` is exclusive.
public struct SourceRange: Hashable, Sendable, Codable {
  /// The first position of the range.
  public var start: SourcePosition
  /// The position just past the range.
  public var end: SourcePosition

  /// Creates a range.
  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = end
  }

  /// The byte span this range covers.
  public var span: SourceSpan { SourceSpan(start: start.offset, end: end.offset) }
}
