/// Finds places where a JSON text sequence (NDJSON) can be cut into parts of whole documents,
/// reading the bytes once, a chunk at a time, without building any value.
///
/// A place to cut is the start of a line on which a new top-level document begins: the byte
/// after a line feed that is outside every string, array and object, when the line's first
/// non-blank byte starts a value and some document came before it. Reading the bytes before a
/// place and the bytes after it separately with ``JSONReader`` (with
/// ``JSONReader/Options/allowsMultipleDocuments``) finds the same documents and the same
/// problems as reading them together, so a large input can be checked in parts, one part
/// after another or several at once, with memory bounded by the size of a part.
///
/// The splitter follows strings, escapes and nesting only as far as cutting needs: invalid JSON
/// is never rejected here (the reader reports it), and a line feed inside a string, which JSON
/// forbids, ends the string, so that one broken line cannot hide every later place to cut. No
/// place is reported before a line whose first byte could be read as a byte-order mark or a
/// UTF-16 signature (`0xEF`, `0xFE`, `0xFF`), which the reader treats specially at the start of
/// its input.
///
/// ```swift
/// var splitter = JSONSequenceSplitter()
/// let bytes = Array("{\"a\": 1}\n{\"b\": 2}\n".utf8)
/// bytes.withUnsafeBufferPointer { splitter.scan($0) }  // 9: the second line starts there
/// ```
public struct JSONSequenceSplitter: Hashable, Sendable {
  /// How many bytes have been scanned so far: offsets returned by ``scan(_:)`` count from the
  /// first byte of the first chunk.
  public private(set) var offset = 0
  private var depth = 0
  private var isInString = false
  private var isEscaped = false
  private var hasSeenDocument = false
  /// The offset just after the last line feed read outside any document, while no byte of a
  /// new document has followed it.
  private var lineStart: Int?

  /// Creates a splitter at the start of a sequence.
  public init() {}

  /// Creates a splitter that goes on at `offset`, a place to cut that an earlier splitter
  /// reported (or a place known some other way to be one): outside every document, after at
  /// least one, at the start of the line of the next one. That place itself is not reported
  /// again.
  package init(resumingAtPlace offset: Int) {
    self.offset = offset
    hasSeenDocument = true
  }

  /// Reads the next `bytes` of the sequence and returns the last place to cut that they reveal,
  /// as an offset from the start of the sequence, or `nil` when they reveal none.
  ///
  /// A place is revealed by the first byte of the document that starts there, so the bytes
  /// before the returned offset hold only whole documents and the bytes after it start with a
  /// document.
  @discardableResult
  public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    // The state lives in locals for the loop, so that it stays in registers.
    var depth = self.depth
    var isInString = self.isInString
    var isEscaped = self.isEscaped
    var hasSeenDocument = self.hasSeenDocument
    var lineStart = self.lineStart
    defer {
      self.depth = depth
      self.isInString = isInString
      self.isEscaped = isEscaped
      self.hasSeenDocument = hasSeenDocument
      self.lineStart = lineStart
      self.offset += bytes.count
    }
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    let offset = self.offset
    var place: Int?
    var index = 0
    while index < count {
      if isInString {
        guard let byte = Self.stringEnd(in: base, from: &index, to: count, isEscaped: &isEscaped)
        else { break }
        isInString = false
        if byte == UInt8(ascii: "\n") && depth == 0 { lineStart = offset + index }
        continue
      }
      if depth > 0 {
        // Inside a document and outside strings, only `"` and brackets matter: jump from one
        // to the next, and over each string that has neither escape nor line feed, without
        // going round the general loop, as long as the document lasts.
        while true {
          index = Self.firstStructuralByte(in: base, from: index, to: count)
          guard index < count else { break }
          let byte = base[index]
          index += 1
          if byte == UInt8(ascii: "\"") {
            if Self.skipStrings(in: base, from: &index, to: count) { continue }
            // An escape, a line feed or the end of the bytes: the general loop reads on.
            isInString = true
            break
          }
          if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            depth += 1
          } else {
            depth -= 1  // `}` or `]`
            if depth == 0 { break }
          }
        }
        continue
      }
      // Between documents, a byte at a time: these are only line breaks and blanks.
      let byte = base[index]
      index += 1
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "\n"):
        lineStart = offset + index
        continue
      default:
        break
      }
      if let start = lineStart, hasSeenDocument, byte != 0xEF, byte != 0xFE, byte != 0xFF {
        place = start
      }
      lineStart = nil
      hasSeenDocument = true
      switch byte {
      case UInt8(ascii: "\""): isInString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      default: break  // A scalar, or a closing bracket with nothing to close.
      }
    }
    return place
  }

  /// Reads on inside a string from `index` (after an escaping backslash when `isEscaped`) to
  /// the byte that ends it, `"` or a line feed (which JSON forbids there), and returns that
  /// byte, `index` just after it; or returns `nil` at `end`, `isEscaped` telling whether the
  /// last byte read escapes the next.
  @inline(__always)
  static func stringEnd(
    in base: UnsafePointer<UInt8>, from index: inout Int, to end: Int, isEscaped: inout Bool
  ) -> UInt8? {
    while index < end {
      if isEscaped {
        isEscaped = false
        index += 1
        continue
      }
      // Only `\\`, `"` and a line feed matter inside a string: jump to the first of them.
      index = firstStringStop(in: base, from: index, to: end)
      guard index < end else { return nil }
      let byte = base[index]
      index += 1
      if byte == UInt8(ascii: "\\") {
        isEscaped = true
      } else {
        return byte
      }
    }
    return nil
  }

  /// Moves `index`, just after the opening quote of a string in a document, past its closing
  /// quote and past every string that opens two bytes on (after `:` or `,`, most often), and
  /// returns true; or returns false at the escape, line feed or end of the bytes where a string
  /// stops instead, `index` then there.
  @inline(__always)
  static func skipStrings(
    in base: UnsafePointer<UInt8>, from index: inout Int, to end: Int
  ) -> Bool {
    while true {
      index = firstStringStop(in: base, from: index, to: end)
      guard index < end && base[index] == UInt8(ascii: "\"") else { return false }
      index &+= 1
      // Setting bits 0x16 makes 0x3E only of `(`, `*`, `,`, `.`, `8`, `:`, `<` and `>`: none a
      // quote, bracket or line feed, so the byte between the strings is skipped as the general
      // search would skip it.
      guard index &+ 1 < end, base[index &+ 1] == UInt8(ascii: "\""), base[index] | 0x16 == 0x3E
      else { return true }
      index &+= 2
    }
  }

  /// The position of the first `\\`, `"` or `\n` from `start` up to `end` in `base`, or `end`
  /// when there is none; sixteen bytes at a time, then eight.
  @inline(__always)
  static func firstStringStop(
    in base: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var position = start
    while position < end &- (ByteVector.width &- 1) {
      let bytes = ByteVector.load(base, at: position)
      let stops =
        ByteVector.matching(UInt8(ascii: "\""), in: bytes)
        | ByteVector.matching(UInt8(ascii: "\\"), in: bytes)
        | ByteVector.matching(UInt8(ascii: "\n"), in: bytes)
      if let lane = ByteVector.firstMatch(in: stops) { return position &+ lane }
      position &+= ByteVector.width
    }
    while position < end - 7 {
      let word = ByteWord.load(base, at: position)
      // The lowest flagged byte is exact, and it is the only one used. The reader's one test
      // for bytes needing an escape flags `\\`, `"` and every control character: a control
      // character other than a line feed (which JSON forbids in a string anyway) is stepped
      // over.
      let stops = ByteWord.needingEscape(in: word)
      if stops != 0 {
        let stop = position &+ stops.trailingZeroBitCount &>> 3
        let byte = base[stop]
        if byte >= 0x20 || byte == UInt8(ascii: "\n") { return stop }
        position = stop &+ 1
        continue
      }
      position &+= 8
    }
    while position < end {
      let byte = base[position]
      if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") {
        break
      }
      position += 1
    }
    return position
  }

  /// The position of the first `"`, `{`, `[`, `}` or `]` from `start` up to `end` in `base`,
  /// or `end` when there is none.
  @inline(__always)
  static func firstStructuralByte(
    in base: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    // Between strings, the next one is most often a byte or two away (`":"`, `","`, `"}`):
    // two bytes one at a time, then eight at a time.
    var position = start
    let bytewiseEnd = min(end, start &+ 2)
    while position < bytewiseEnd {
      if isStructural(base[position]) { return position }
      position &+= 1
    }
    while position < end - 7 {
      let word = ByteWord.load(base, at: position)
      // `[` and `]` are `{` and `}` without bit 5 (0x20): setting it in every byte finds both.
      let folded = word | 0x2020_2020_2020_2020
      let stops =
        ByteWord.matching(UInt8(ascii: "\""), in: word)
        | ByteWord.matching(UInt8(ascii: "{"), in: folded)
        | ByteWord.matching(UInt8(ascii: "}"), in: folded)
      if stops != 0 { return position &+ stops.trailingZeroBitCount &>> 3 }
      position &+= 8
    }
    while position < end {
      if isStructural(base[position]) { return position }
      position += 1
    }
    return position
  }

  /// Whether `byte` is `"`, `{`, `[`, `}` or `]`.
  @inline(__always)
  private static func isStructural(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || (byte | 0x20) == UInt8(ascii: "{")
      || (byte | 0x20) == UInt8(ascii: "}")
  }
}
