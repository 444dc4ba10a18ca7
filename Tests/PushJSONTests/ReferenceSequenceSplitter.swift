/// The rules of ``JSONSequenceSplitter``, one byte at a time and nothing else: the model its
/// word-at-a-time scanning is checked against.
struct ReferenceSequenceSplitter {
  private(set) var offset = 0
  private var depth = 0
  private var isInString = false
  private var isEscaped = false
  private var hasSeenDocument = false
  private var lineStart: Int?

  /// The last place to cut that `bytes`, the next bytes of the sequence, reveal.
  mutating func scan(_ bytes: ArraySlice<UInt8>) -> Int? {
    var place: Int?
    for byte in bytes {
      offset += 1
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if byte == UInt8(ascii: "\\") {
          isEscaped = true
        } else if byte == UInt8(ascii: "\"") {
          isInString = false
        } else if byte == UInt8(ascii: "\n") {
          isInString = false
          if depth == 0 { lineStart = offset }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "\n"):
        if depth == 0 { lineStart = offset }
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
}
