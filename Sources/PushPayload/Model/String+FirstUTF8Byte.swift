extension String {
  /// The first UTF-8 byte, read in place (`utf8.first` costs several times more), or `nil`
  /// for the empty string. Checks that rule most keys or names out by it (the `data` rule, the
  /// `/topics/` prefix) test it before comparing strings.
  var firstUTF8Byte: UInt8? {
    utf8.withContiguousStorageIfAvailable { $0.first } ?? utf8.first
  }
}
