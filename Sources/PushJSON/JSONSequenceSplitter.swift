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
    let offset = self.offset
    var place: Int?
    var index = -1
    while index + 1 < bytes.count {
      index += 1
      // Inside a string, eight bytes at a time while none of them is `\\`, `"` or a newline.
      while isInString, !isEscaped, index + 8 <= bytes.count,
        !Self.mayEndString(ByteWord.load(bytes.baseAddress.unsafelyUnwrapped, at: index))
      {
        index += 8
      }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if byte == UInt8(ascii: "\\") {
          isEscaped = true
        } else if byte == UInt8(ascii: "\"") {
          isInString = false
        } else if byte == UInt8(ascii: "\n") {
          isInString = false
          if depth == 0 { lineStart = offset + index + 1 }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "\n"):
        if depth == 0 { lineStart = offset + index + 1 }
        continue
      default:
        break
      }
      if depth == 0 {
        if let start = lineStart, hasSeenDocument, byte != 0xEF, byte != 0xFE, byte != 0xFF {
          place = start
        }
        lineStart = nil
        hasSeenDocument = true
      }
      switch byte {
      case UInt8(ascii: "\""): isInString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
      default: break
      }
    }
    return place
  }

  /// Whether any of the eight bytes of `word` is `\\`, `"` or `\n`.
  @inline(__always)
  private static func mayEndString(_ word: UInt64) -> Bool {
    ByteWord.matching(UInt8(ascii: "\\"), in: word)
      | ByteWord.matching(UInt8(ascii: "\""), in: word)
      | ByteWord.matching(UInt8(ascii: "\n"), in: word) != 0
  }
}
