extension String {
  /// `lowercased()`, without building a new string when this one is lower-case ASCII already,
  /// as header names and payload keys nearly always are.
  var lowercasedIfNeeded: String {
    let isLowercaseASCII = !utf8.contains {
      $0 >= 0x80 || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
    }
    return isLowercaseASCII ? self : lowercased()
  }
}
