/// Source text with location markers such as `1️⃣` removed and their byte offsets recorded, so a
/// test can put the expected position of a diagnostic right where it applies:
///
/// ```swift
/// let marked = MarkedSource(#"{"a": 1, 1️⃣"a": 2}"#)
/// marked.text       // {"a": 1, "a": 2}
/// marked["1️⃣"]     // 9, the byte offset of the second "a"
/// ```
package struct MarkedSource: Sendable {
  /// The markers recognised: the keycap digits 0️⃣ to 9️⃣ and 🔟.
  package static let markers = [
    "0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟",
  ]

  /// The text without markers.
  package let text: String
  /// The byte offset in ``text`` of each marker.
  package let offsets: [String: Int]

  /// Strips the markers from `markedText`.
  package init(_ markedText: String) {
    var text = ""
    var offsets: [String: Int] = [:]
    var remaining = Substring(markedText)
    while !remaining.isEmpty {
      if let marker = Self.markers.first(where: { remaining.hasPrefix($0) }) {
        offsets[marker] = text.utf8.count
        remaining = remaining.dropFirst(marker.count)
      } else {
        text.append(remaining.removeFirst())
      }
    }
    self.text = text
    self.offsets = offsets
  }

  /// The byte offset of `marker`, or `nil` when the text has no such marker.
  package subscript(marker: String) -> Int? {
    offsets[marker]
  }
}
