/// Finds the candidate closest to a misspelled word, for "did you mean" hints.
enum Suggestion {
  /// The candidate `word` was most likely meant to be, or `nil` when none is close.
  ///
  /// A candidate is close when the edit distance (with transpositions) is at most 2 and less than
  /// half its length, or when `word` is a prefix of exactly one candidate and at least 3
  /// characters long. Ties go to the earlier candidate.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: The valid words.
  /// - Returns: The best candidate, or `nil`.
  static func closest(to word: String, among candidates: [String]) -> String? {
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word, candidate)
      guard distance <= 2, distance * 2 < candidate.count else { continue }
      if best == nil || distance < best?.distance ?? Int.max {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    let prefixed = candidates.filter { $0.hasPrefix(word) }
    if word.count >= 3, prefixed.count == 1 { return prefixed[0] }
    return nil
  }

  /// The optimal-string-alignment distance between `a` and `b`: insertions, deletions,
  /// substitutions and swaps of neighbours each cost 1.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
