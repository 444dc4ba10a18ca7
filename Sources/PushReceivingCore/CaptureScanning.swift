import PushDiagnostics
import PushJSON

// Byte-level helpers shared by the capture readers.

enum CaptureScanning {
  /// Whether `byte` is white space in Swift and property-list descriptions.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
      true
    default:
      false
    }
  }

  /// The value of the hexadecimal digit `byte`, or `nil`.
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The text of `range` in `bytes`, with invalid UTF-8 replaced.
  static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let clamped =
      max(0, range.lowerBound)..<min(bytes.count, max(range.lowerBound, range.upperBound))
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped]), as: UTF8.self)
  }

  /// A short description of the character at `position` for "unexpected …" messages.
  static func describeCharacter(
    in bytes: UnsafeBufferPointer<UInt8>,
    at position: Int,
    limit: Int
  ) -> (text: String, length: Int) {
    let byte = bytes[position]
    if byte >= 0x80 {
      let length = max(1, UTF8Validation.sequenceLength(in: bytes, at: position, limit: limit))
      return ("'\(text(bytes, position..<position + length))'", length)
    }
    if byte < 0x20 || byte == 0x7F {
      return ("control character U+\(hex(byte, width: 4))", 1)
    }
    return ("'\(Character(Unicode.Scalar(byte)))'", 1)
  }
}

/// Decoded string bytes with UTF-16 surrogate handling for `\U` and `\u` escapes.
struct DecodedStringBuffer {
  var bytes: [UInt8] = []
  /// A high surrogate waiting for its low half, with the span of its escape.
  var pendingHighSurrogate: (value: UInt32, span: SourceSpan)?

  /// Appends a Unicode scalar value from an escape; returns the span of a lone surrogate that
  /// had to be replaced, if any.
  mutating func appendEscapedCodeUnit(_ value: UInt32, span: SourceSpan) -> [SourceSpan] {
    var lone: [SourceSpan] = []
    if let high = pendingHighSurrogate {
      pendingHighSurrogate = nil
      if (0xDC00...0xDFFF).contains(value) {
        let combined = 0x10000 + ((high.value - 0xD800) << 10) + (value - 0xDC00)
        append(scalarValue: combined)
        return []
      }
      lone.append(high.span)
      append(scalarValue: 0xFFFD)
    }
    if (0xD800...0xDBFF).contains(value) {
      pendingHighSurrogate = (value, span)
    } else if (0xDC00...0xDFFF).contains(value) {
      lone.append(span)
      append(scalarValue: 0xFFFD)
    } else {
      append(scalarValue: value)
    }
    return lone
  }

  /// Ends a run of escapes; returns the span of a dangling high surrogate, if any.
  mutating func flushSurrogate() -> SourceSpan? {
    guard let high = pendingHighSurrogate else { return nil }
    pendingHighSurrogate = nil
    append(scalarValue: 0xFFFD)
    return high.span
  }

  mutating func append(scalarValue: UInt32) {
    let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
    UTF8.encode(scalar) { bytes.append($0) }
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }
}
