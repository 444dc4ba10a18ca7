/// Decoding of `application/x-www-form-urlencoded` bodies and percent-encoded path and query
/// parts (RFC 3986 §2.1), for the OAuth token endpoint and the topic subscription paths.
enum PercentDecoding {
  /// `text` with each `%XX` replaced by its byte (and `+` by a space when `plusIsSpace`), or
  /// `nil` when a `%` is not followed by two hexadecimal digits or the result is not UTF-8.
  static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
    var bytes: [UInt8] = []
    var input = Array(text.utf8)[...]
    while let byte = input.popFirst() {
      switch byte {
      case UInt8(ascii: "%"):
        guard input.count >= 2, let high = hexValue(input[input.startIndex]),
          let low = hexValue(input[input.startIndex + 1])
        else { return nil }
        bytes.append(high << 4 | low)
        input = input.dropFirst(2)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The fields of a form body, `name=value` pairs split on `&`, decoded; `nil` when one does
  /// not decode.
  static func formFields(_ body: [UInt8]) -> [(name: String, value: String)]? {
    let text = String(decoding: body, as: UTF8.self)
    var fields: [(name: String, value: String)] = []
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(parts[0], plusIsSpace: true),
        let value = decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
      else { return nil }
      fields.append((name, value))
    }
    return fields
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
