extension JSONNumber {
  /// The number written as `text`, or `nil` when `text` is not a JSON number.
  ///
  /// Used to read untyped text from captures, where `1` may have been a number.
  package static func parsing(_ text: String) -> JSONNumber? {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        index += 1
      }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { return nil }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return nil }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { return nil }
    }
    guard index == bytes.count else { return nil }
    return JSONNumber(lexeme: text)
  }

  /// A number for `value`, written as an integer when it is one.
  package static func from(_ value: Double) -> JSONNumber? {
    guard value.isFinite else { return nil }
    if value.rounded() == value, abs(value) < 1e15 {
      return JSONNumber(Int(value))
    }
    return JSONNumber(lexeme: "\(value)")
  }
}
