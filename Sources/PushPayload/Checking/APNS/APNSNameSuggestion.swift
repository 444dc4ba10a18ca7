/// "Did you mean" suggestions among a fixed list of APNs names (keys, headers, values), cheap
/// enough to ask for every unknown key of a large input.
///
/// The normalized spellings are computed once, names much longer than every candidate are not
/// compared at all, and only candidates of a close length reach ``EditDistance``.
struct APNSNameSuggestion: Sendable {
  /// The candidates, in preference order.
  let candidates: [String]
  /// The candidates by their ``EditDistance/normalized(_:)`` spelling (the first wins).
  private let byNormalized: [String: String]
  /// The length in Unicode scalars of the longest candidate.
  private let longest: Int

  init(_ candidates: [String]) {
    self.candidates = candidates
    var byNormalized: [String: String] = [:]
    for candidate in candidates where byNormalized[EditDistance.normalized(candidate)] == nil {
      byNormalized[EditDistance.normalized(candidate)] = candidate
    }
    self.byNormalized = byNormalized
    self.longest = candidates.map(\.unicodeScalars.count).max() ?? 0
  }

  /// The candidate `name` probably means, as ``EditDistance/closest(to:among:)`` finds it, or
  /// `nil`.
  func closest(to name: String) -> String? {
    let length = name.unicodeScalars.count
    // Beyond the largest edit-distance limit (3) nothing can match.
    guard length <= longest + 3 else { return nil }
    if let exact = byNormalized[EditDistance.normalized(name)], exact != name { return exact }
    let limit = name.count < 5 ? 1 : name.count < 10 ? 2 : 3
    let near = candidates.filter { abs($0.unicodeScalars.count - length) <= limit }
    return EditDistance.closest(to: name, among: near)
  }

  /// The keys of `aps`.
  static let apsKeys = APNSNameSuggestion(APNSLimits.apsKeys.map(\.name))
  /// The keys of `aps.alert`.
  static let alertKeys = APNSNameSuggestion(APNSLimits.alertKeys.map(\.name))
  /// The keys of a Live Activity's `{loc-key, loc-args}` text.
  static let localizedTextKeys = APNSNameSuggestion(APNSLimits.localizedTextKeys.map(\.name))
  /// The keys of a critical sound.
  static let soundKeys = APNSNameSuggestion(APNSLimits.soundKeys.map(\.name))
}
