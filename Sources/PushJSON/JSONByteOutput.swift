/// Where ``CanonicalJSONWriter`` appends bytes: an array, or the plain buffer it writes whole
/// documents into.
protocol JSONByteOutput {
  /// Appends `byte`.
  mutating func append(_ byte: UInt8)
  /// Appends the bytes of `buffer`.
  mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteOutput where Element == UInt8 {}
