/// Strict UTF-8 validation of one sequence, shared by every reader that points at the first
/// invalid byte (JSON, YAML, captures).
package enum UTF8Validation {
  /// The length of the valid UTF-8 sequence starting at `position` and ending before `limit`
  /// (the end of `bytes` when `nil`): 1 for ASCII, 2 to 4 otherwise, or 0 when the sequence is
  /// invalid — a stray continuation byte, an overlong form, an encoded surrogate, a value above
  /// U+10FFFF or a truncated sequence.
  package static func sequenceLength(
    in bytes: UnsafeBufferPointer<UInt8>,
    at position: Int,
    limit: Int? = nil
  ) -> Int {
    let lead = bytes[position]
    if lead < 0x80 { return 1 }
    let length: Int
    var lowerBound: UInt8 = 0x80
    var upperBound: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lowerBound = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upperBound = 0x9F
    case 0xF0:
      length = 4
      lowerBound = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upperBound = 0x8F
    default: return 0
    }
    guard position + length <= (limit ?? bytes.count) else { return 0 }
    let second = bytes[position + 1]
    guard second >= lowerBound && second <= upperBound else { return 0 }
    for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
      return 0
    }
    return length
  }
}
