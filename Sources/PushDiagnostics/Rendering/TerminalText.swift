/// Makes text that comes from the input safe to echo on one line of a terminal.
///
/// Keys, header values, file names and source excerpts are input that nobody controls: a
/// newline in a key could print a line that looks like another diagnostic, an escape sequence
/// could drive the terminal, and a bidirectional override could make the text read differently
/// from what it is. The text and annotated renderers pass every such text through
/// ``escaped(_:keepingTabs:)``; the JSON renderer needs nothing, since JSON escapes control
/// characters by construction.
///
/// Escaped are the C0 controls (`\n`, `\r` and `\t` as such, the others as `\u{1B}`), DEL, the
/// C1 controls, the line and paragraph separators (U+2028, U+2029) and the bidirectional
/// formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069); a
/// backslash is kept as it is, so escaping is for reading, not reversible.
///
/// ```swift
/// TerminalText.escaped("bogus\nfield:1:1: error: fake")  // "bogus\\nfield:1:1: error: fake"
/// ```
public enum TerminalText {
  /// `text` with every character that could forge a line or drive a terminal escaped.
  ///
  /// - Parameters:
  ///   - text: Text from the input.
  ///   - keepingTabs: Whether tabs stay as they are (source excerpts keep them so that carets
  ///     line up); otherwise a tab becomes `\t`.
  /// - Returns: `text` itself when nothing needs escaping, otherwise the escaped copy.
  public static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { needsEscaping($0, keepingTabs: keepingTabs) })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if needsEscaping(scalar, keepingTabs: keepingTabs) {
        result += escape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is escaped.
  public static func needsEscaping(_ scalar: Unicode.Scalar, keepingTabs: Bool = false) -> Bool {
    switch scalar.value {
    case 0x09: !keepingTabs
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\u{" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex + "}"
    }
  }
}
