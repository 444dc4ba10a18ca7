/// Edit distances between short identifiers, for "did you mean" suggestions.
package enum EditDistance {
  /// The optimal-string-alignment distance between `lhs` and `rhs` (insertions, deletions,
  /// substitutions and transpositions of adjacent characters each cost 1), or `nil` when it is
  /// larger than `limit`.
  ///
  /// Works on Unicode scalars; the cost is O(n·m) time and O(m) space, and the caller keeps the
  /// strings short (field names).
  static func distance(_ lhs: String, _ rhs: String, limit: Int) -> Int? {
    let left = Array(lhs.unicodeScalars)
    let right = Array(rhs.unicodeScalars)
    if abs(left.count - right.count) > limit { return nil }
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previousPrevious = [Int](repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    let result = previous[right.count]
    return result <= limit ? result : nil
  }

  /// `name` lower-cased without `_` and `-`, so `mutable_content`, `mutableContent` and
  /// `mutable-content` compare equal.
  static func normalized(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII (every header and most keys): the same, byte by byte.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(name.utf8.count)
      for byte in name.utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
        bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
  }

  /// The candidate closest to `name`: one that is equal after ``normalized(_:)``, otherwise the
  /// one with the smallest edit distance within a limit that grows with the name's length
  /// (1 below 5 characters, 2 below 10, 3 beyond), otherwise one that `name` of at least five
  /// characters is the start of (`live_activity` for `live_activity_token`). Ties go to the
  /// earlier candidate.
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let normalizedName = normalized(name)
    var best: (candidate: String, distance: Int)?
    let limit = name.count < 5 ? 1 : name.count < 10 ? 2 : 3
    for candidate in candidates where candidate != name {
      if normalized(candidate) == normalizedName { return candidate }
      guard let distance = distance(name.lowercased(), candidate.lowercased(), limit: limit)
      else { continue }
      if best == nil || distance < best?.distance ?? Int.max {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    guard normalizedName.count >= 5 else { return nil }
    return candidates.first { EditDistance.normalized($0).hasPrefix(normalizedName) }
  }
}
