/// The byte offsets at which the lines of a source file start, for turning byte offsets into
/// line and column numbers.
///
/// Lines end at `\n`; a `\r\n` pair ends one line, and a lone `\r` ends a line as well, as in
/// YAML. Building the table is a single pass over the bytes; every lookup is a binary search.
///
/// The bytes may be a fragment of a larger file (a batch of NDJSON lines read while streaming):
/// offsets given to the table are then relative to the fragment, while the positions and line
/// numbers it returns are those of the whole file, counted from ``origin``.
///
/// A fragment that starts inside a line may hold, before it, whole lines that come earlier in
/// the file (its lead-in: the lines above an excerpt of its first line), and the first bytes of
/// the line it starts inside of (its head: what an excerpt of the next line shows of it): the
/// bytes of that line between them and the fragment's own are not there, and the positions
/// after the lead-in skip them (see ``init(_:origin:originColumns:lastLineContinues:leadIn:)``).
package struct LineTable: Hashable, Sendable {
  /// The byte offset in the fragment of the first byte of each line; the first element is
  /// always 0.
  package let lineStarts: [Int]
  /// The size of the fragment in bytes.
  package let byteCount: Int
  /// Where the fragment's first byte is in the whole file: line 1, column 1, offset 0 for a
  /// whole file.
  package let origin: SourcePosition
  /// The index in ``lineStarts`` of the line the fragment's own bytes start inside of: 0,
  /// unless the fragment has a lead-in.
  package let continuedLineIndex: Int
  /// Where the fragment's own first byte (inside the line at ``continuedLineIndex``) is in the
  /// whole file: ``origin``, unless the fragment has a lead-in.
  package let continuedLineOrigin: SourcePosition
  /// The offset in the fragment of its own first byte: 0, unless it has a lead-in.
  package let ownStart: Int
  /// The column of ``continuedLineOrigin`` counted in Unicode scalars: its column in bytes,
  /// unless the fragment starts inside a line that is not ASCII before it.
  package let originScalarColumn: Int
  /// The column of ``continuedLineOrigin`` counted in UTF-16 code units, as
  /// ``originScalarColumn``.
  package let originUTF16Column: Int
  /// Whether the fragment's last line goes on past its last byte: a fragment cut inside a line.
  package let lastLineContinues: Bool

  /// Builds the line table of `bytes`, a fragment of a file that starts at `origin`, whose
  /// columns in Unicode scalars and UTF-16 code units are `originColumns` (by default its
  /// column in bytes), and whose last line goes on past it when `lastLineContinues`.
  ///
  /// With a `leadIn`, the first `leadIn.count` bytes are whole lines of the file, the first of
  /// them at `leadIn.origin`, that come before the line `origin` is inside of, and then the
  /// first `leadIn.headCount` bytes of that line: `origin` is the place of the byte after them,
  /// and the table's ``origin`` that of the first.
  package init(
    _ bytes: some Collection<UInt8>,
    origin: SourcePosition = SourcePosition(line: 1, column: 1, offset: 0),
    originColumns: (unicodeScalars: Int, utf16CodeUnits: Int)? = nil,
    lastLineContinues: Bool = false,
    leadIn: (count: Int, origin: SourcePosition, headCount: Int)? = nil
  ) {
    let starts =
      bytes.withContiguousStorageIfAvailable { Self.lineStarts(of: $0) }
      ?? Array(bytes).withUnsafeBufferPointer { Self.lineStarts(of: $0) }
    self.init(
      lineStarts: starts, byteCount: bytes.count, origin: origin, originColumns: originColumns,
      lastLineContinues: lastLineContinues, leadIn: leadIn)
  }

  /// The line table of a fragment of `byteCount` bytes from the offsets at which its lines
  /// start, found by the caller: 0, then the offset after each line break, as
  /// ``init(_:origin:originColumns:lastLineContinues:leadIn:)`` finds them in the bytes (the
  /// other parameters are that initializer's).
  ///
  /// For a caller with a faster search than this module's portable one: the command-line tool
  /// finds the line breaks of its inputs, and of the parts it cuts from them, with the C
  /// library's vectorized `memchr`.
  package init(
    lineStarts starts: [Int],
    byteCount: Int,
    origin: SourcePosition = SourcePosition(line: 1, column: 1, offset: 0),
    originColumns: (unicodeScalars: Int, utf16CodeUnits: Int)? = nil,
    lastLineContinues: Bool = false,
    leadIn: (count: Int, origin: SourcePosition, headCount: Int)? = nil
  ) {
    precondition(starts.first == 0, "the first line starts at offset 0")
    self.originScalarColumn = originColumns?.unicodeScalars ?? origin.column
    self.originUTF16Column = originColumns?.utf16CodeUnits ?? origin.column
    self.lastLineContinues = lastLineContinues
    self.lineStarts = starts
    self.byteCount = byteCount
    if let leadIn, leadIn.count > 0,
      let index = starts.firstIndex(of: leadIn.count - leadIn.headCount)
    {
      let headHasNoLineBreak = index + 1 == starts.count || starts[index + 1] > leadIn.count
      precondition(
        leadIn.origin.line + index == origin.line && headHasNoLineBreak,
        "a lead-in is the lines just before the fragment's first line, and its head")
      precondition(leadIn.headCount < origin.column, "a head ends before the fragment starts")
      self.origin = leadIn.origin
      self.continuedLineIndex = index
      self.ownStart = leadIn.count
    } else {
      precondition(leadIn.map { $0.count == 0 } ?? true, "a lead-in ends with a line break")
      self.origin = origin
      self.continuedLineIndex = 0
      self.ownStart = 0
    }
    self.continuedLineOrigin = origin
  }

  /// The offset of the first byte of each line of `buffer`.
  private static func lineStarts(of buffer: UnsafeBufferPointer<UInt8>) -> [Int] {
    var starts = [0]
    forEachLineStart(in: buffer) { offset, extendsPrevious in
      if extendsPrevious {
        starts[starts.count - 1] = offset
      } else {
        starts.append(offset)
      }
    }
    return starts
  }

  /// The number of line breaks in `bytes`, counted as the table counts them: `\n`, `\r\n` and
  /// a lone `\r` each end a line.
  package static func lineBreakCount(in bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      forEachLineStart(in: buffer) { _, extendsPrevious in
        if !extendsPrevious { count += 1 }
      }
      return count
    }
  }

  /// Calls `body` with the offset after each line break of `buffer`, in order; for the `\n` of
  /// a `\r\n` pair, `extendsPrevious` is true: the line started after the `\r` starts after
  /// the `\n` instead.
  @inline(__always)
  private static func forEachLineStart(
    in buffer: UnsafeBufferPointer<UInt8>,
    _ body: (_ offset: Int, _ extendsPrevious: Bool) -> Void
  ) {
    guard let base = buffer.baseAddress else { return }
    let count = buffer.count
    var offset = 0
    while true {
      let lineBreak = firstLineBreak(in: base, from: offset, to: count)
      guard lineBreak < count else { return }
      offset = lineBreak + 1
      let extendsPrevious =
        base[lineBreak] == UInt8(ascii: "\n") && lineBreak > 0
        && base[lineBreak - 1] == UInt8(ascii: "\r")
      body(offset, extendsPrevious)
    }
  }

  /// The position of the first `\n` or `\r` from `start` up to `end` in `base`, or `end` when
  /// there is none: thirty-two bytes at a time while none of them ends a line, which is nearly
  /// always, then eight, then one.
  @inline(__always)
  package static func firstLineBreak(
    in base: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var position = start
    // Offsets stay within a buffer's size: wrapping arithmetic, without overflow checks.
    let wordsEnd = end &- 31
    while position < wordsEnd {
      // A cheaper test first, for any byte below 0x0E (line breaks, and tabs among others);
      // then the exact one, a word at a time, in these thirty-two bytes only.
      let candidates =
        controlBytes(in: word(at: position, in: base))
        | controlBytes(in: word(at: position &+ 8, in: base))
        | controlBytes(in: word(at: position &+ 16, in: base))
        | controlBytes(in: word(at: position &+ 24, in: base))
      if candidates != 0 {
        for wordStart in stride(from: position, to: position &+ 32, by: 8) {
          let breaks = lineBreaks(in: word(at: wordStart, in: base))
          if breaks != 0 { return wordStart &+ breaks.trailingZeroBitCount / 8 }
        }
      }
      position &+= 32
    }
    while position < end - 7 {
      let breaks = lineBreaks(in: word(at: position, in: base))
      // The lowest flagged byte is exact.
      if breaks != 0 { return position + breaks.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < end, base[position] != UInt8(ascii: "\n"), base[position] != UInt8(ascii: "\r")
    {
      position += 1
    }
    return position
  }

  /// The eight bytes of `base` from `offset`, which has at least eight bytes from there.
  @inline(__always)
  private static func word(at offset: Int, in base: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(
      littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// Whether `word` has a byte below 0x0E, which every line break is: nonzero if so, exactly.
  @inline(__always)
  private static func controlBytes(in word: UInt64) -> UInt64 {
    (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
  }

  /// The bytes of `word` that are `\n` or `\r`, flagged by their high bit, from the classic "has
  /// a zero byte" test on the word XORed with each: whether any byte is flagged is exact, and so
  /// is the lowest flagged byte; bytes above it may be flagged wrongly.
  @inline(__always)
  private static func lineBreaks(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let newlines = word ^ (ones &* 0x0A)
    let returns = word ^ (ones &* 0x0D)
    let found = ((newlines &- ones) & ~newlines) | ((returns &- ones) & ~returns)
    return found & 0x8080_8080_8080_8080
  }

  /// The number of lines; a file with no line break has one line.
  package var lineCount: Int { lineStarts.count }

  /// The position in the whole file of the byte at `offset` in the fragment, clamped to the
  /// fragment.
  package func position(at offset: Int) -> SourcePosition {
    let clamped = min(max(offset, 0), byteCount)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped {
        low = middle
      } else {
        high = middle - 1
      }
    }
    guard low >= continuedLineIndex else {
      // In the lead-in: whole lines, from ``origin`` on.
      return SourcePosition(
        line: origin.line + low, column: clamped - lineStarts[low] + 1,
        offset: origin.offset + clamped)
    }
    if clamped < ownStart {
      // In the head: the first bytes of the continued line.
      let column = clamped - lineStarts[low]
      return SourcePosition(
        line: origin.line + low, column: column + 1, offset: continuedLineStartOffset + column)
    }
    return SourcePosition(
      line: origin.line + low,
      column: low == continuedLineIndex
        ? clamped - ownStart + continuedLineOrigin.column : clamped - lineStarts[low] + 1,
      offset: continuedLineOrigin.offset + clamped - ownStart
    )
  }

  /// The resolved range of `span`.
  package func range(of span: SourceSpan) -> SourceRange {
    SourceRange(start: position(at: span.start), end: position(at: span.end))
  }

  /// The offset in the fragment of `offset` in the whole file (for an offset the fragment
  /// skips, after its lead-in, the first of its own bytes).
  package func localOffset(_ offset: Int) -> Int {
    guard ownStart > 0 else { return offset - origin.offset }
    if offset >= continuedLineOrigin.offset {
      return offset - continuedLineOrigin.offset + ownStart
    }
    let lineStart = lineStarts[continuedLineIndex]
    if offset >= continuedLineStartOffset {
      return min(lineStart + offset - continuedLineStartOffset, ownStart)
    }
    return min(offset - origin.offset, lineStart)
  }

  /// Where the line the fragment's own bytes start inside of starts in the whole file.
  private var continuedLineStartOffset: Int {
    continuedLineOrigin.offset - (continuedLineOrigin.column - 1)
  }

  /// The byte offset in the fragment where the 1-based `line` of the whole file starts, or
  /// `nil` when the fragment has no such line (for the line the fragment starts inside of,
  /// where its head, if any, starts).
  package func startOffset(ofLine line: Int) -> Int? {
    let index = line - origin.line
    guard index >= 0, index < lineStarts.count else { return nil }
    return lineStarts[index]
  }

  /// The byte offset in the fragment from which the columns of the 1-based `line` count on:
  /// ``startOffset(ofLine:)``, but for the line the fragment starts inside of, its own first
  /// byte (past a head).
  package func ownStartOffset(ofLine line: Int) -> Int? {
    line - origin.line == continuedLineIndex ? ownStart : startOffset(ofLine: line)
  }

  /// The 1-based line of the whole file the fragment's own bytes start inside of (after its
  /// lead-in, if any).
  package var continuedLine: Int { origin.line + continuedLineIndex }

  /// The column of ``continuedLineOrigin`` counted in `unit`.
  package func originColumn(in unit: ColumnUnit) -> Int {
    switch unit {
    case .utf8Bytes: continuedLineOrigin.column
    case .unicodeScalars: originScalarColumn
    case .utf16CodeUnits: originUTF16Column
    }
  }

  /// Whether the column of ``continuedLineOrigin`` is the same in every unit.
  package var originColumnIsTheSameInEveryUnit: Bool {
    originScalarColumn == continuedLineOrigin.column
      && originUTF16Column == continuedLineOrigin.column
  }

  /// The whole content of the 1-based `line` of the whole file, in the fragment's offsets, as
  /// far as the fragment tells: ``contentSpan(ofLine:in:)``, but starting before the fragment
  /// (at a negative offset) for a first line the fragment starts inside of, and ending past it
  /// (one byte past the fragment's last) for a last line that goes on past it
  /// (``lastLineContinues``). Only the bytes of ``contentSpan(ofLine:in:)`` can be read.
  package func extent(ofLine line: Int, in bytes: [UInt8]) -> SourceSpan? {
    guard var span = contentSpan(ofLine: line, in: bytes) else { return nil }
    let index = line - origin.line
    if index == continuedLineIndex { span.start -= continuedLineOrigin.column - 1 }
    if index == lineStarts.count - 1, lastLineContinues { span.end = bytes.count + 1 }
    return span
  }

  /// ``contentSpan(ofLine:in:)`` and ``extent(ofLine:in:)`` of `line` for an excerpt whose
  /// window starts `column` bytes into the line: for the line the fragment starts inside of,
  /// when the window starts in its head, the head's bytes, with the line's extent as the head
  /// counts it; otherwise those of the fragment's own bytes.
  package func excerptSpans(ofLine line: Int, in bytes: [UInt8], fromColumn column: Int)
    -> (content: SourceSpan, extent: SourceSpan)?
  {
    guard let content = contentSpan(ofLine: line, in: bytes),
      let extent = extent(ofLine: line, in: bytes)
    else { return nil }
    let index = line - origin.line
    let headStart = lineStarts[index]
    guard index == continuedLineIndex, column < ownStart - headStart else {
      return (content, extent)
    }
    return (
      SourceSpan(start: headStart, end: ownStart),
      SourceSpan(start: headStart, end: headStart + extent.end - extent.start)
    )
  }

  /// The span in the fragment `bytes` of the 1-based `line` of the whole file, without its
  /// line break (for the line the fragment starts inside of, from its own first byte on).
  package func contentSpan(ofLine line: Int, in bytes: [UInt8]) -> SourceSpan? {
    guard let start = ownStartOffset(ofLine: line) else { return nil }
    let index = line - origin.line
    var end = min(index + 1 < lineStarts.count ? lineStarts[index + 1] : byteCount, bytes.count)
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")
    {
      end -= 1
    }
    return SourceSpan(start: start, end: end)
  }
}
