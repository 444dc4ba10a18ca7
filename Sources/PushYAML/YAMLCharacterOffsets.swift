import PushJSON

/// Turns libyaml's mark indices, which count Unicode scalars, into byte offsets in the file.
///
/// libyaml counts every decoded character as one (a `\r\n` pair as two, a byte order mark
/// inside the stream as one), and its lines also end at U+0085, U+2028 and U+2029, so its
/// line and column cannot be used with ``LineTable``. The character index can: this map walks
/// the UTF-8 bytes once, recording the byte offset of every 64th character, and a lookup walks
/// at most 63 characters from the nearest checkpoint (or from the previous lookup, since
/// events arrive mostly in order). A pure ASCII input needs no table at all.
///
/// The same walk finds the first byte that is not valid UTF-8, so a reader error can point at
/// the exact byte even when libyaml reports a later one.
struct YAMLCharacterOffsets {
  /// Characters between two checkpoints.
  static let stride = 64

  /// The bytes libyaml reads.
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of `bytes` in the file: 3 when a byte order mark was stripped, 0 otherwise.
  private let base: Int
  /// Whether every byte is ASCII, so that character index and byte offset coincide.
  private let isASCII: Bool
  /// The byte offset (in `bytes`) of characters 0, 64, 128, …
  private let checkpoints: [Int]
  /// The most recent lookup: a character index and its offset in `bytes`.
  private var cursor: (index: Int, offset: Int) = (0, 0)

  /// The file offset of the first byte that does not start or continue a valid UTF-8
  /// sequence (overlong forms, surrogates and values above U+10FFFF are invalid), if any.
  let firstInvalidUTF8Offset: Int?

  /// Builds the map of `bytes`, which start at file offset `base`.
  init(bytes: UnsafeBufferPointer<UInt8>, base: Int) {
    self.bytes = bytes
    self.base = base
    var checkpoints: [Int] = []
    var isASCII = true
    var firstInvalid: Int?
    var offset = 0
    var index = 0
    while offset < bytes.count {
      if index % Self.stride == 0 { checkpoints.append(offset) }
      let byte = bytes[offset]
      if byte < 0x80 {
        offset += 1
      } else {
        isASCII = false
        if firstInvalid == nil && UTF8Validation.sequenceLength(in: bytes, at: offset) == 0 {
          firstInvalid = base + offset
        }
        // Step as a lookup does, so checkpoints and lookups agree on every input.
        offset += Self.sequenceLength(leadingByte: byte)
      }
      index += 1
    }
    self.isASCII = isASCII
    self.checkpoints = isASCII ? [] : checkpoints
    self.firstInvalidUTF8Offset = firstInvalid
  }

  /// The file byte offset of the character at libyaml index `index`; indices past the end
  /// give the end of the file.
  mutating func offset(ofCharacter index: Int) -> Int {
    guard index > 0 else { return base }
    if isASCII { return base + min(index, bytes.count) }
    var current: (index: Int, offset: Int)
    if cursor.index <= index && index - cursor.index < Self.stride {
      current = cursor
    } else {
      let checkpoint = index / Self.stride
      guard checkpoint < checkpoints.count else { return base + bytes.count }
      current = (checkpoint * Self.stride, checkpoints[checkpoint])
    }
    while current.index < index && current.offset < bytes.count {
      current.offset += Self.sequenceLength(leadingByte: bytes[current.offset])
      current.index += 1
    }
    current.offset = min(current.offset, bytes.count)
    cursor = current
    return base + current.offset
  }

  /// The number of bytes libyaml reads for the character whose first byte is `byte`, by its
  /// leading bits (1 for a byte that cannot lead).
  static func sequenceLength(leadingByte byte: UInt8) -> Int {
    switch byte {
    case 0xC0...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF7: 4
    default: 1
    }
  }

}
