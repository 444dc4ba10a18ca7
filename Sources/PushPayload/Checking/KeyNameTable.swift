/// The cases of a string-valued enum by the UTF-8 length of their raw values, for finding the
/// case a key names by comparing it with the one to three names of its length, where
/// `init(rawValue:)` compares it with every name.
struct KeyNameTable<Key: RawRepresentable & CaseIterable & Sendable>: Sendable
where Key.RawValue == String {
  /// The cases with their raw values, by the UTF-8 length of the raw value.
  private let casesByLength: [[(name: String, key: Key)]]

  /// Creates the table of every case of `Key`.
  init() {
    var table = [[(name: String, key: Key)]](
      repeating: [], count: (Key.allCases.map(\.rawValue.utf8.count).max() ?? 0) + 1)
    for key in Key.allCases { table[key.rawValue.utf8.count].append((key.rawValue, key)) }
    casesByLength = table
  }

  /// The case whose raw value is `name`, as `Key(rawValue: name)` finds it.
  func key(named name: String) -> Key? {
    let count = name.utf8.count
    guard count < casesByLength.count else { return nil }
    let entries = casesByLength[count]
    for index in entries.indices where entries[index].name == name { return entries[index].key }
    return nil
  }
}
