/// Where ``CanonicalJSONWriter`` appends bytes: an array, or the plain buffer it writes whole
/// documents into.
protocol JSONByteOutput {
  /// Appends `byte`.
  mutating func append(_ byte: UInt8)
  /// Appends the bytes of `buffer`.
  mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>)
  /// Appends `count` bytes that `initialize` writes, given where the first of them goes; it
  /// must write all of them and nothing past them.
  mutating func appendUninitialized(
    count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void)
}

extension Array: JSONByteOutput where Element == UInt8 {
  mutating func appendUninitialized(
    count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void
  ) {
    let start = self.count
    append(contentsOf: repeatElement(0, count: count))
    withUnsafeMutableBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      initialize(base + start)
    }
  }
}
