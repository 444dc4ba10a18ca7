extension UnsafeBufferPointer<UInt8> {
  /// Whether these bytes are those of `literal`, compared in place: the checks that read
  /// `data` keys as bytes (the `data` rule, and lowering for the keys it leaves out of the
  /// payload) compare them with names without making a string of either.
  @inline(__always)
  func isSpelled(_ literal: StaticString) -> Bool {
    count == literal.utf8CodeUnitCount && starts(with: literal)
  }

  /// Whether these bytes start with those of `literal`, compared in place.
  @inline(__always)
  func starts(with literal: StaticString) -> Bool {
    guard count >= literal.utf8CodeUnitCount, let base = baseAddress else {
      return literal.utf8CodeUnitCount == 0
    }
    let prefix = literal.utf8Start
    for index in 0..<literal.utf8CodeUnitCount where base[index] != prefix[index] {
      return false
    }
    return true
  }
}
