extension StringProtocol {
  /// `hasPrefix(prefix)` for an ASCII `prefix` without a carriage return (a path prefix),
  /// decided on the UTF-8 bytes when they settle it, so routing a request does not compare
  /// `Character`s.
  ///
  /// The bytes settle it when they differ at an ASCII byte (no non-ASCII `Character` starts
  /// there, so the `Character`s differ too), or when they match and the next byte, if any, is
  /// ASCII (a `Character` boundary: nothing but a line feed after a carriage return joins an
  /// ASCII byte to the one before it). A non-ASCII byte there (a combining mark, or a
  /// character canonically equivalent to an ASCII one) leaves it to `hasPrefix`.
  func hasASCIIPrefix(_ prefix: String) -> Bool {
    let settled = utf8.withContiguousStorageIfAvailable { bytes in
      prefix.utf8.withContiguousStorageIfAvailable { expected in
        Self.asciiPrefixVerdict(bytes, expected)
      } ?? nil
    }
    if let settled = settled ?? nil { return settled }
    return hasPrefix(prefix)
  }

  /// Whether `bytes` start with `expected` when the bytes settle it, else `nil`.
  private static func asciiPrefixVerdict(
    _ bytes: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    for index in expected.indices {
      guard index < bytes.count else { return false }
      let byte = bytes[index]
      if byte != expected[index] { return byte < 0x80 ? false : nil }
    }
    guard expected.count < bytes.count else { return true }
    return bytes[expected.count] < 0x80 ? true : nil
  }
}
