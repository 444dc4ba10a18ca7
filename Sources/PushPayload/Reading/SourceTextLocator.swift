import PushDiagnostics

/// Maps positions inside a decoded string back to bytes of the source, when the source spells
/// the string literally.
///
/// A JSON string without escapes, a YAML plain scalar and a quoted YAML scalar without escapes
/// all hold their text verbatim between their span's ends (quotes excluded), so byte `i` of the
/// text is at a fixed offset in the file. With escapes or folding there is no such mapping and
/// callers fall back to the whole value's span.
struct SourceTextLocator: Sendable {
  /// The source, or `nil` for values built in code.
  let file: SourceFile?

  /// The offset in the file of the first byte of `text`, the decoded content of the scalar
  /// whose bytes are `span`, or `nil` when the source does not spell it literally.
  func contentStart(of text: String, in span: SourceSpan) -> Int? {
    guard let file else { return nil }
    let count = text.utf8.count
    let bytes = file.bytes
    guard span.start >= 0, span.end <= bytes.count else { return nil }
    if span.count == count, bytes[span.start..<span.end].elementsEqual(text.utf8) {
      return span.start
    }
    if span.count == count + 2, bytes[(span.start + 1)..<(span.end - 1)].elementsEqual(text.utf8) {
      return span.start + 1
    }
    return nil
  }

  /// The span of bytes `range` (UTF-8 offsets into `text`) in the file, or `fallback` when the
  /// source does not spell `text` literally.
  func span(of range: Range<Int>, in text: String, at span: SourceSpan) -> SourceSpan {
    guard let start = contentStart(of: text, in: span) else { return span }
    return SourceSpan(start: start + range.lowerBound, end: start + range.upperBound)
  }
}
