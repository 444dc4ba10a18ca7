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

  /// Whether the bytes from `start` up to `end` are valid UTF-8 as a whole, by the same rules
  /// as ``sequenceLength(in:at:limit:)`` with `end` as the limit; a tight loop for long runs
  /// that skips ASCII eight bytes at a time.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Bool
  {
    guard start < end, let pointer = bytes.baseAddress else { return true }
    var position = start
    while position < end {
      let lead = pointer[position]
      if lead < 0x80 {
        if position + 8 <= end {
          let word = UnsafeRawPointer(pointer + position).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0 {
            position += 8
            continue
          }
        }
        position += 1
        continue
      }
      if lead < 0xE0 {
        guard lead >= 0xC2, position + 1 < end, pointer[position + 1] & 0xC0 == 0x80 else {
          return false
        }
        position += 2
      } else if lead < 0xF0 {
        guard position + 2 < end else { return false }
        let second = pointer[position + 1]
        guard second & 0xC0 == 0x80, pointer[position + 2] & 0xC0 == 0x80 else { return false }
        if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) { return false }
        position += 3
      } else {
        guard lead <= 0xF4, position + 3 < end else { return false }
        let second = pointer[position + 1]
        guard second & 0xC0 == 0x80, pointer[position + 2] & 0xC0 == 0x80,
          pointer[position + 3] & 0xC0 == 0x80
        else { return false }
        if (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) { return false }
        position += 4
      }
    }
    return true
  }
}
