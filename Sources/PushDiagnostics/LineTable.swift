/// The byte offsets at which the lines of a source file start, for turning byte offsets into
/// line and column numbers.
///
/// Lines end at `\n`; a `\r\n` pair ends one line, and a lone `\r` ends a line as well, as in
/// YAML. Building the table is a single pass over the bytes; every lookup is a binary search.
package struct LineTable: Hashable, Sendable {
  /// The byte offset of the first byte of each line; the first element is always 0.
  package let lineStarts: [Int]
  /// The size of the file in bytes.
  package let byteCount: Int

  /// Builds the line table of `bytes`.
  package init(_ bytes: some Collection<UInt8>) {
    var starts = [0]
    var offset = 0
    var previousWasCR = false
    for byte in bytes {
      offset += 1
      if byte == UInt8(ascii: "\n") {
        if previousWasCR {
          starts[starts.count - 1] = offset
        } else {
          starts.append(offset)
        }
        previousWasCR = false
      } else if byte == UInt8(ascii: "\r") {
        starts.append(offset)
        previousWasCR = true
      } else {
        previousWasCR = false
      }
    }
    self.lineStarts = starts
    self.byteCount = offset
  }

  /// The number of lines; a file with no line break has one line.
  package var lineCount: Int { lineStarts.count }

  /// The position of the byte at `offset`, clamped to the file.
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
    return SourcePosition(line: low + 1, column: clamped - lineStarts[low] + 1, offset: clamped)
  }

  /// The resolved range of `span`.
  package func range(of span: SourceSpan) -> SourceRange {
    SourceRange(start: position(at: span.start), end: position(at: span.end))
  }

  /// The byte offset where the 1-based `line` starts, or `nil` when the file has no such line.
  package func startOffset(ofLine line: Int) -> Int? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    return lineStarts[line - 1]
  }

  /// The span of the 1-based `line` in `bytes`, without its line break.
  package func contentSpan(ofLine line: Int, in bytes: [UInt8]) -> SourceSpan? {
    guard let start = startOffset(ofLine: line) else { return nil }
    var end = min(line < lineStarts.count ? lineStarts[line] : byteCount, bytes.count)
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")
    {
      end -= 1
    }
    return SourceSpan(start: start, end: end)
  }
}
