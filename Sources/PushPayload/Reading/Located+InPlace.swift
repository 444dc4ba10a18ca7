extension Located {
  /// Runs `body` on ``value`` in place.
  ///
  /// With optional chaining (`located?.modifyValue { … }`) this mutates a large optional model
  /// value where it is stored, without copying it out and back.
  mutating func modifyValue(_ body: (inout Value) -> Void) {
    body(&value)
  }
}

extension Optional {
  /// Stores `value` into `self`, which is `nil`, without destroying the `nil` first.
  ///
  /// The readers fill a blank model in which each field is set at most once, so the value they
  /// replace is always `nil`. Assigning would still destroy it, and for the model's optionals
  /// (`Located<String>?` and larger) the compiler does that through the type's value witness,
  /// about 90 instructions, while moving the new value in is a few stores.
  @inline(__always)
  mutating func setFromNil(_ value: consuming Wrapped?) {
    assert(isNone, "setFromNil(_:) on a value that is set")
    // Sound: `self` is `nil`, which owns no references, so initializing its storage over it
    // without destroying it first leaks nothing; the storage is an initialized `Optional`
    // again afterwards.
    Self.initialize(&self, to: value)
  }

  /// Initializes the storage `pointer` points to with `value`.
  @inline(__always)
  private static func initialize(
    _ pointer: UnsafeMutablePointer<Wrapped?>,
    to value: consuming Wrapped?
  ) {
    pointer.initialize(to: value)
  }

  /// Whether `self` is `nil`; for ``setFromNil(_:)``'s debug check.
  private var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}
