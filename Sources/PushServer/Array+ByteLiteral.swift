extension [UInt8] {
  /// Appends the UTF-8 bytes of `literal`, copied from the literal's own storage: the record
  /// writer appends some thirty a line, and the bytes of a `String`'s UTF-8 view take longer.
  mutating func append(literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }
}
