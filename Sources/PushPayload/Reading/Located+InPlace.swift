extension Located {
  /// Runs `body` on ``value`` in place.
  ///
  /// With optional chaining (`located?.modifyValue { … }`) this mutates a large optional model
  /// value where it is stored, without copying it out and back.
  mutating func modifyValue(_ body: (inout Value) -> Void) {
    body(&value)
  }
}
