/// Base64 (RFC 4648 §4) for recorded binary bodies and base64url (§5, unpadded) for JWT parts.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The padded base64 text of `bytes`.
  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var chunk = UInt32(bytes[index]) << 16
      if count > 1 { chunk |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { chunk |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          output.append(alphabet[Int((chunk >> UInt32(18 - 6 * position)) & 0x3F)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes of unpadded base64url `text`, or `nil` when it is not base64url.
  static func decodeURLSafe(_ text: Substring) -> [UInt8]? {
    var output: [UInt8] = []
    var buffer: UInt32 = 0
    var bitCount = 0
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "_"): value = 63
      default: return nil
      }
      buffer = (buffer << 6) | UInt32(value)
      bitCount += 6
      if bitCount >= 8 {
        bitCount -= 8
        output.append(UInt8((buffer >> UInt32(bitCount)) & 0xFF))
      }
    }
    // A final group of one character (6 bits) cannot come from whole bytes.
    return bitCount == 6 ? nil : output
  }
}
