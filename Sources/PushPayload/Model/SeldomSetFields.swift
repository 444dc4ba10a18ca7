/// The fields of a model value that few instances set, for ``SeldomSetFields``: each
/// optional, and `nil` in the value ``init()`` makes.
protocol SeldomSetValues: Hashable, Sendable {
  /// Every field unset.
  init()
}

/// The fields of a model value that few instances set, held out of line in a box of `Box`
/// (copied on write, as ``OutOfLine`` does) that exists only while one of them is set.
///
/// Every field of the FCM model is ``Located``, 56 to 64 bytes even when unset: a model value
/// that holds its rare fields this way is smaller to build, copy and destroy, and the box of a
/// message part stays under the 1,032 bytes glibc serves from its per-thread cache. The owner
/// reads a field through ``storage`` (`storage?.value.field`, which copies only that field)
/// and writes one with ``set(_:to:)``.
struct SeldomSetFields<Box: OutOfLineBox>: Hashable, Sendable where Box.Value: SeldomSetValues {
  /// The fields, or `nil` exactly when none is set: two owners with the same fields are equal
  /// and hash alike whatever was set and unset before.
  private(set) var storage: Optional<OutOfLine<Box>>

  /// No field set, and no storage.
  init() {
    storage = nil
  }

  /// Sets the field at `field` to `value`: the box is made for the first field set, copied
  /// when shared, and dropped when the last set field is unset.
  mutating func set<Field>(_ field: WritableKeyPath<Box.Value, Field?>, to value: Field?) {
    guard case .some = value else {
      guard case .some = storage else { return }
      storage?.value[keyPath: field] = nil
      if storage?.value == Box.Value() { storage = nil }
      return
    }
    if case .none = storage { storage = OutOfLine(Box.Value()) }
    storage?.value[keyPath: field] = value
  }
}
