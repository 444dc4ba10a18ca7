/// The text of one input, with its display name and line table.
///
/// The name is what diagnostics print: the path as the user wrote it, or `<stdin>`.
///
/// A source file can also be a fragment of a larger input, such as a batch of NDJSON lines read
/// while streaming: spans are then offsets into the fragment's ``bytes``, and the positions and
/// ranges it resolves them to are those of the whole input (see ``init(name:bytes:origin:)``).
public struct SourceFile: Sendable {
  /// The name shown in diagnostics.
  public let name: String
  /// The raw bytes, exactly as read.
  public let bytes: [UInt8]
  /// The line table of ``bytes``.
  package let lineTable: LineTable

  /// Creates a source file from its bytes.
  public init(name: String, bytes: [UInt8]) {
    self.init(name: name, bytes: bytes, origin: SourcePosition(line: 1, column: 1, offset: 0))
  }

  /// Creates a fragment of the input `name` whose first byte is at `origin` in that input.
  ///
  /// Spans into `bytes` resolve to positions in the whole input, so diagnostics found in the
  /// fragment carry the lines, columns and offsets the user sees in the file.
  public init(name: String, bytes: [UInt8], origin: SourcePosition) {
    self.name = name
    self.bytes = bytes
    self.lineTable = LineTable(bytes, origin: origin)
  }

  /// Creates a fragment of the input `name` that may start and end inside a line: its first
  /// byte is at `origin`, at the columns `originColumns` in Unicode scalars and UTF-16 code
  /// units, and its last line goes on past it when `lastLineContinues` (see ``LineTable``).
  ///
  /// With a `leadIn`, the first `leadIn.count` bytes are instead whole lines of the input, the
  /// first at `leadIn.origin`, that come just before the line `origin` is inside of (the lines
  /// an excerpt shows above that line), and the first `leadIn.headCount` bytes of that line
  /// (what an excerpt of the next line shows of it).
  package init(
    name: String, bytes: [UInt8], origin: SourcePosition,
    originColumns: (unicodeScalars: Int, utf16CodeUnits: Int), lastLineContinues: Bool,
    leadIn: (count: Int, origin: SourcePosition, headCount: Int)? = nil
  ) {
    self.name = name
    self.bytes = bytes
    self.lineTable = LineTable(
      bytes, origin: origin, originColumns: originColumns, lastLineContinues: lastLineContinues,
      leadIn: leadIn)
  }

  /// This file with `bytes` in place of its own, which have the same count and their line
  /// breaks where this file's are (its line table holds for them): a part of a JSON array
  /// with the commas at its ends read as brackets.
  package func replacingBytes(_ bytes: [UInt8]) -> SourceFile {
    precondition(bytes.count == self.bytes.count, "the bytes must keep their offsets")
    return SourceFile(name: name, bytes: bytes, lineTable: lineTable)
  }

  /// A file from its parts, the line table already made from `bytes` (or from bytes with the
  /// same line breaks at the same offsets).
  package init(name: String, bytes: [UInt8], lineTable: LineTable) {
    precondition(lineTable.byteCount == bytes.count, "the line table is that of the bytes")
    self.name = name
    self.bytes = bytes
    self.lineTable = lineTable
  }

  /// Where ``bytes`` start in the whole input: line 1, column 1, offset 0 unless this is a
  /// fragment (the start of its lead-in, for a fragment with one).
  public var origin: SourcePosition { lineTable.origin }

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

  /// The text of the 1-based `line` (of the whole input) without its line break, with invalid
  /// UTF-8 replaced by U+FFFD, or `nil` when there is no such line in ``bytes``.
  public func text(ofLine line: Int) -> String? {
    guard let span = lineTable.contentSpan(ofLine: line, in: bytes) else { return nil }
    return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
  }
}
