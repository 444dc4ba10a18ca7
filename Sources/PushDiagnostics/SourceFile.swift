/// The text of one input, with its display name and line table.
///
/// The name is what diagnostics print: the path as the user wrote it, or `<stdin>`.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics.
  public let name: String
  /// The raw bytes, exactly as read.
  public let bytes: [UInt8]
  /// The line table of ``bytes``.
  package let lineTable: LineTable

  /// Creates a source file from its bytes.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    self.lineTable = LineTable(bytes)
  }

  /// Creates a source file from text, as UTF-8.
  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  /// The position of the byte at `offset`.
  public func position(at offset: Int) -> SourcePosition {
    lineTable.position(at: offset)
  }

  /// The resolved range of `span`.
  public func range(of span: SourceSpan) -> SourceRange {
    lineTable.range(of: span)
  }

  /// The text of the 1-based `line` without its line break, with invalid UTF-8 replaced by
  /// U+FFFD, or `nil` when there is no such line.
  public func text(ofLine line: Int) -> String? {
    guard let span = lineTable.contentSpan(ofLine: line, in: bytes) else { return nil }
    return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
  }
}
