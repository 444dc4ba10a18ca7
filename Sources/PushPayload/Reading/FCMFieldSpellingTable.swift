@_spi(PushInternals) import PushJSON

/// The field each accepted key spells, in snake_case or lowerCamelCase, looked up without
/// `Hasher` or a `Dictionary`, built once from ``FCMField/allCases``.
///
/// Reading looks up every key of every typed object, so this is on the hot path. A key that is
/// a small ASCII string (at most 15 bytes, nearly every key) is matched on its two words in a
/// table of the short spellings, with a multiply for a hash and no string comparison; any other
/// key goes to an open-addressing table keyed by an FNV-1a hash of its UTF-8 bytes, where a key
/// that is no field's spelling usually ends at an empty slot without any string comparison.
struct FCMFieldSpellingTable: Sendable {
  /// The table every reader shares.
  static let shared = FCMFieldSpellingTable()

  /// The number of slots, a power of two well above the number of spellings.
  private static let slotCount = 256

  /// For each slot, the index in ``spellings`` of the spelling stored there, or -1.
  private var slots: [Int16]
  /// Each accepted spelling and the field it names.
  private var spellings: [(text: String, field: FCMField)]

  /// The number of slots of ``wordSlots``, a power of two at least twice the number of
  /// spellings of at most ``SmallASCIIString/capacity`` bytes (``init()`` checks it), so that
  /// a search ends soon at an empty slot; ``wordHash(_:_:)`` depends on it being 512.
  private static let wordSlotCount = 512

  /// The spellings of at most ``SmallASCIIString/capacity`` bytes by the hash of their words
  /// (``wordHash(_:_:)``), linearly probed; an empty slot has `trailing` 0, which no small
  /// string has (its flags are in the top byte). Empty when ``SmallASCIIString/isAvailable``
  /// is false, and then unused.
  private var wordSlots: [WordSlot]

  /// Whether keys are matched on their words (``SmallASCIIString/isAvailable``).
  private let matchesWords: Bool

  /// A spelling as the words of its small string, and the field it names.
  private struct WordSlot {
    var leading: UInt64 = 0
    var trailing: UInt64 = 0
    var field: FCMField = .message
  }

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
    matchesWords = SmallASCIIString.isAvailable
    var wordSlots: [WordSlot] = []
    if matchesWords {
      wordSlots = Array(repeating: WordSlot(), count: Self.wordSlotCount)
      var filled = 0
      for spelling in spellings {
        guard let words = SmallASCIIString.words(ofBytes: Array(spelling.text.utf8)) else {
          continue
        }
        filled += 1
        // A full table would never end a search (nor this loop): more fields need more slots.
        precondition(filled * 2 <= Self.wordSlotCount, "FCMFieldSpellingTable needs more slots")
        var slot = Self.wordHash(words.leading, words.trailing)
        while wordSlots[slot].trailing != 0 { slot = (slot + 1) & (Self.wordSlotCount - 1) }
        wordSlots[slot] = WordSlot(
          leading: words.leading, trailing: words.trailing, field: spelling.field)
      }
    }
    self.wordSlots = wordSlots
  }

  /// The field `key` spells exactly, in snake_case or lowerCamelCase, or `nil`: its UTF-8
  /// bytes looked up (``field(forKeyBytes:)``).
  func field(for key: String) -> FCMField? {
    var key = key
    return key.withUTF8 { field(forKeyBytes: $0) }
  }

  /// The field the UTF-8 bytes `key` spell exactly, in snake_case or lowerCamelCase, or `nil`.
  ///
  /// Two small ASCII strings are equal exactly when their words are, and a key of at most
  /// ``SmallASCIIString/capacity`` bytes can equal no longer spelling; the word table has every
  /// spelling that fits in a small string.
  @inline(__always)
  func field(forKeyBytes key: UnsafeBufferPointer<UInt8>) -> FCMField? {
    guard matchesWords, key.count <= SmallASCIIString.capacity, let base = key.baseAddress else {
      return fieldByBytes(forKeyBytes: key)
    }
    // The words of the small ASCII string of `key`, as `SmallASCIIString.words(of:)` gives
    // them; a key with a byte above 0x7F matches no spelling (they are all ASCII), and its
    // words match none of the table's.
    var (leading, trailing) = SmallASCIIString.words(base, count: key.count)
    trailing |= SmallASCIIString.flags(count: key.count)
    return wordSlots.withUnsafeBufferPointer { wordSlots in
      var slot = Self.wordHash(leading, trailing)
      while true {
        let entry = wordSlots[slot]
        if entry.trailing == trailing && entry.leading == leading { return entry.field }
        if entry.trailing == 0 { return nil }
        slot = (slot + 1) & (Self.wordSlotCount - 1)
      }
    }
  }

  /// ``field(forKeyBytes:)`` for a key longer than a small string (or any key where strings
  /// are not laid out as ``SmallASCIIString`` expects): by the hash of its bytes.
  @inline(never)
  private func fieldByBytes(forKeyBytes key: UnsafeBufferPointer<UInt8>) -> FCMField? {
    var slot = Self.hash(bytes: key) & (Self.slotCount - 1)
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      if spellings[index].text.utf8.elementsEqual(key) { return spellings[index].field }
      slot = (slot + 1) & (Self.slotCount - 1)
    }
  }

  /// The slot of ``wordSlots`` where the search for the small string of `leading` and
  /// `trailing` starts: the top bits of a multiplicative hash of both words.
  @inline(__always)
  private static func wordHash(_ leading: UInt64, _ trailing: UInt64) -> Int {
    let mixed = (leading &* 0x9E37_79B9_7F4A_7C15) ^ (trailing &* 0xC2B2_AE3D_27D4_EB4F)
    // The top nine bits: one of the 512 slots (``wordSlotCount``).
    return Int(truncatingIfNeeded: ((mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> 55)
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
