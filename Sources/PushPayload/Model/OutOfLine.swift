/// A value held out of line and copied on write: a copy of the struct that holds it copies one
/// reference, not the value.
///
/// The FCM model keeps its large, optional parts this way (the platform configurations of a
/// message, an Android notification): every field is ``Located``, so they are several kilobytes
/// inline, and messages are handed from stage to stage. Reading borrows the value in place
/// (`_read`); writing copies shared storage first (`_modify`).
struct OutOfLine<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The box. It is changed only through ``value``'s `_modify`, after making sure no other
  /// `OutOfLine` shares it, so a box another thread can see is never written: that is what
  /// makes the unchecked `Sendable` sound.
  private final class Storage: @unchecked Sendable {
    // Only `value`'s accessors reach it, each access is complete before the next one starts,
    // and writes go to a box no other value shares: the runtime exclusivity check (about 80
    // instructions on every read of a message's platform configurations) cannot fail.
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
      self.value = value
    }
  }

  private var storage: Storage

  /// Holds `value`.
  init(_ value: Value) {
    storage = Storage(value)
  }

  /// The value.
  var value: Value {
    _read { yield storage.value }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(storage.value)
  }
}
