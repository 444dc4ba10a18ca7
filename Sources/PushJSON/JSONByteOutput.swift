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
  mutating func appendStringLiteral(
    smallASCII words: (leading: UInt64, trailing: UInt64), count: Int)
  /// Appends `count` bytes that `initialize` writes, given where the first of them goes; it
  /// must write all of them and nothing past them.
  mutating func appendUninitialized(
    count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void)
}

extension Array: JSONByteOutput where Element == UInt8 {
  mutating func appendStringLiteral(
    smallASCII words: (leading: UInt64, trailing: UInt64), count: Int
  ) {
    // The two words in memory order, first byte first: a tuple of them is sixteen contiguous
    // bytes, of which the first `count` (at most 15) are the string's.
    var bytes = (words.leading.littleEndian, words.trailing.littleEndian)
    append(UInt8(ascii: "\""))
    // The tuple is not read as words again, so binding its memory to bytes is sound.
    Swift.withUnsafeMutableBytes(of: &bytes) { raw in
      append(contentsOf: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
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
