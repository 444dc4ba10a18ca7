extension UnsafePointer {
  /// The address of the value the optional at this address wraps, or `nil` when it is `nil`.
  ///
  /// For reading a part of a large optional value in place: an optional chain (`config?.field`)
  /// loads the whole wrapped value first, a copy of every byte of a platform configuration
  /// (about half a kilobyte) to read one field of it.
  @inline(__always)
  func unwrapped<Wrapped>() -> UnsafePointer<Wrapped>? where Pointee == Wrapped? {
    switch pointee {
    case .none: return nil
    case .some: break
    }
    // An optional's wrapped value is stored at its start (a single-payload enum keeps its tag,
    // if any, after the payload).
    return UnsafeRawPointer(self).assumingMemoryBound(to: Wrapped.self)
  }

  /// The address of the value of the ``Located`` at this address.
  @inline(__always)
  func locatedValue<Value>() -> UnsafePointer<Value> where Pointee == Located<Value> {
    guard let offset = MemoryLayout<Located<Value>>.offset(of: \.value) else {
      preconditionFailure("a stored property has an offset")
    }
    return (UnsafeRawPointer(self) + offset).assumingMemoryBound(to: Value.self)
  }
}

extension Optional {
  /// Whether a value is wrapped, told by case without binding it: `!= nil` and `if let` copy
  /// the wrapped value (a retain of each of its references). Read through an address
  /// (``unwrapped()``), it tests a field of a configuration without loading the configuration.
  @inline(__always)
  var isSome: Bool {
    guard case .some = self else { return false }
    return true
  }
}
