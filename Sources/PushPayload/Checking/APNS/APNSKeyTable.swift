/// The keys APNs defines in one payload dictionary, with their descriptions, for looking up the
/// handful of members of a dictionary by comparing a few names instead of hashing each one.
///
/// Keys are grouped by the UTF-8 length of their names, so a lookup compares the name with the
/// one to three keys of its length.
struct APNSKeyTable<Key: RawRepresentable & CaseIterable> where Key.RawValue == String {
  /// One key: its case and its description.
  typealias Entry = (key: Key, limits: APNSLimits.Key)

  /// The entries by the UTF-8 length of their names.
  private let entriesByLength: [[Entry]]

  /// Creates the table of every case of `Key` that `describe` describes (by its raw value).
  init(describing describe: (String) -> APNSLimits.Key?) {
    let entries = Key.allCases.compactMap { key in
      describe(key.rawValue).map { (key: key, limits: $0) }
    }
    var table = [[Entry]](
      repeating: [], count: (entries.map(\.limits.name.utf8.count).max() ?? 0) + 1)
    for entry in entries { table[entry.limits.name.utf8.count].append(entry) }
    entriesByLength = table
  }

  /// The key named `name` (exactly) with its description, or `nil` when there is none.
  func entry(named name: String) -> Entry? {
    let count = name.utf8.count
    guard count < entriesByLength.count else { return nil }
    // Only the entry found is copied.
    let entries = entriesByLength[count]
    for index in entries.indices where entries[index].limits.name == name {
      return entries[index]
    }
    return nil
  }
}

extension APNSKeyTable: Sendable where Key: Sendable {}
