extension String {
  /// The UTF-8 text a C function wrote into `buffer`, up to its first NUL (all of it when it
  /// has none); invalid bytes are replaced, as `String(decoding:as:)` does.
  init(cBuffer buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
