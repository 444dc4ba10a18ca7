/// A position in a source file: 1-based line, 1-based column counted in UTF-8 bytes, and the
/// 0-based byte offset from the start of the file.
///
/// Columns count bytes, as compilers and editors that speak LSP's UTF-8 mode do, so a position is
/// exact even on lines holding Korean text or emoji.
public struct SourcePosition: Hashable, Sendable, Codable, Comparable {
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in UTF-8 bytes.
  public var column: Int
  /// The 0-based byte offset in the file.
  public var offset: Int

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// Whether `lhs` comes before `rhs` in the file.
  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.offset < rhs.offset
  }
}
