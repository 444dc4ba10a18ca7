extension String {
  /// The first UTF-8 byte, read in place (`utf8.first` costs several times more), or `nil`
  /// for the empty string. A check that rules most names out by it (the `/topics/` prefix)
  /// tests it before comparing strings.
  var firstUTF8Byte: UInt8? {
    utf8.withContiguousStorageIfAvailable { $0.first } ?? utf8.first
  }
}
