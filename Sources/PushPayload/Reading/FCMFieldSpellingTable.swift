/// The field each accepted key spells, in snake_case or lowerCamelCase, looked up without
/// `Hasher` or a `Dictionary`: an open-addressing table keyed by an FNV-1a hash of the key's
/// UTF-8 bytes, built once from ``FCMField/allCases``.
///
/// Reading looks up every key of every typed object, so this is on the hot path; a key that is
/// no field's spelling usually ends at an empty slot without any string comparison.
struct FCMFieldSpellingTable: Sendable {
  /// The table every reader shares.
  static let shared = FCMFieldSpellingTable()

  /// The number of slots, a power of two well above the number of spellings.
  private static let slotCount = 256

  /// For each slot, the index in ``spellings`` of the spelling stored there, or -1.
  private var slots: [Int16]
  /// Each accepted spelling and the field it names.
  private var spellings: [(text: String, field: FCMField)]

  /// Builds the table: the snake_case name of every field, and its lowerCamelCase spelling when
  /// that differs.
  init() {
    var spellings: [(text: String, field: FCMField)] = []
    for field in FCMField.allCases {
      spellings.append((field.rawValue, field))
      let camel = field.lowerCamelCase
      if camel != field.rawValue { spellings.append((camel, field)) }
    }
    // Linear probing needs a free slot to end every search.
    precondition(spellings.count < Self.slotCount / 2, "the spelling table is too small")
    var slots = [Int16](repeating: -1, count: Self.slotCount)
    for (index, spelling) in spellings.enumerated() {
      var slot = Self.hash(spelling.text) & (Self.slotCount - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (Self.slotCount - 1) }
      slots[slot] = Int16(index)
    }
    self.slots = slots
    self.spellings = spellings
  }

  /// The field `key` spells exactly, in snake_case or lowerCamelCase, or `nil`.
  func field(for key: String) -> FCMField? {
    var slot = Self.hash(key) & (Self.slotCount - 1)
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      if spellings[index].text == key { return spellings[index].field }
      slot = (slot + 1) & (Self.slotCount - 1)
    }
  }

  /// The 32-bit FNV-1a hash of the UTF-8 bytes of `text`, folded.
  private static func hash(_ text: String) -> Int {
    if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(bytes: $0) }) {
      return hash
    }
    return hash(bytes: Array(text.utf8))
  }

  /// The 32-bit FNV-1a hash of `bytes`, folded.
  private static func hash(bytes: some Sequence<UInt8>) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash ^ (hash >> 16))
  }
}
