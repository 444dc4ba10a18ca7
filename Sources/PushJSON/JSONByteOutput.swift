/// Where ``CanonicalJSONWriter`` appends bytes: an array, or the plain buffer it writes whole
/// documents into.
protocol JSONByteOutput {
  /// Appends `byte`.
  mutating func append(_ byte: UInt8)
  /// Appends the bytes of `buffer`.
  mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>)
  /// Appends `contents` between two `"` if none of its bytes needs escaping, and returns
  /// whether it did; otherwise appends nothing.
  mutating func appendStringLiteralIfPlain(_ contents: UnsafeBufferPointer<UInt8>) -> Bool
  /// Appends the first `count` bytes of `words` (the first byte lowest), which need no escaping,
  /// between two `"`: a small ASCII string's own words (``SmallASCIIString/words(of:)``).
  mutating func appendStringLiteral(smallASCII words: (leading: UInt64, trailing: UInt64), count: Int)
  /// Appends `count` bytes that `initialize` writes, given where the first of them goes; it
  /// must write all of them and nothing past them.
  mutating func appendUninitialized(
    count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void)
}

extension Array: JSONByteOutput where Element == UInt8 {
  mutating func appendStringLiteral(
    smallASCII words: (leading: UInt64, trailing: UInt64), count: Int
  ) {
    append(UInt8(ascii: "\""))
    for offset in 0..<count {
      let word = offset < 8 ? words.leading : words.trailing
      append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(offset & 7))))
    }
    append(UInt8(ascii: "\""))
  }

  mutating func appendStringLiteralIfPlain(_ contents: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !CanonicalJSONWriter.containsBytesNeedingEscape(contents) else { return false }
    append(UInt8(ascii: "\""))
    append(contentsOf: contents)
    append(UInt8(ascii: "\""))
    return true
  }

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
