/// The character set of FCM topic names, `[a-zA-Z0-9-_.~%]`, shared by topics and conditions.
enum FCMTopicName {
  /// The prefix the Admin SDKs strip from topic names.
  static let prefix = "/topics/"

  /// Whether `name` starts with ``prefix``: its first byte, read in place, rules out nearly
  /// every name without comparing strings (`hasPrefix` costs about 90 instructions).
  static func hasPrefix(_ name: String) -> Bool {
    name.firstUTF8Byte == UInt8(ascii: "/") && name.hasPrefix(prefix)
  }

  /// The longest topic name the FCM client SDKs subscribe to (`FIRMessagingPubSub.h`).
  static let clientSDKLengthLimit = 900

  /// Whether `byte` may appear in a topic name.
  static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "%"):
      true
    default:
      false
    }
  }

  /// The first character of `name` a topic name may not contain: its UTF-8 byte range, the
  /// character and its 1-based position in characters; `nil` when every character is allowed.
  static func firstDisallowed(in name: String)
    -> (range: Range<Int>, character: Character, column: Int)?
  {
    // Nearly every name is all allowed bytes, and then every character is one allowed byte:
    // check the bytes before paying for grapheme breaking.
    // The bytes are read in place (`utf8.allSatisfy` iterates the view, several times slower).
    let allAllowed =
      name.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isAllowed) }
      ?? name.utf8.allSatisfy(isAllowed)
    if allAllowed { return nil }
    var offset = 0
    for (position, character) in name.enumerated() {
      let length = character.utf8.count
      if length != 1 || !isAllowed(character.utf8.first ?? 0) {
        return (offset..<offset + length, character, position + 1)
      }
      offset += length
    }
    return nil
  }

  /// How a disallowed character is named in messages: `' '`, `'/'`, `U+0009`.
  static func describe(_ character: Character) -> String {
    if character == " " { return "a space" }
    if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
      scalar.value < 0x20 || scalar.value == 0x7F
    {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "'\(character)'"
  }
}
