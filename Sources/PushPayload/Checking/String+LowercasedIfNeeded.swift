extension String {
  /// `lowercased()`, without building a new string when this one is lower-case ASCII already,
  /// as header names and payload keys nearly always are.
  var lowercasedIfNeeded: String {
    isLowercaseASCII ? self : lowercased()
  }

  /// Whether every byte is ASCII and none is an upper-case letter, so that `lowercased()` is
  /// this string itself. Reads the contiguous UTF-8 bytes directly when there are some (native
  /// strings always have them).
  var isLowercaseASCII: Bool {
    if let result = utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
      // One pass without early exit: names are short and nearly always qualify.
      // Branch-free: `||` would test the flag before each byte.
      var union: UInt8 = 0
      var upper: UInt8 = 0
      for byte in bytes {
        union |= byte
        upper |= (byte &- UInt8(ascii: "A")) < 26 ? 1 : 0
      }
      return union < 0x80 && upper == 0
    }) {
      return result
    }
    return !utf8.contains { $0 >= 0x80 || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
  }
}
