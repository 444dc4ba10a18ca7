/// A JSON number kept as its exact lexeme, so `1.0`, `1e2`, `-0` and
/// `12345678901234567890` are written back byte for byte.
///
/// The typed accessors report values that do not fit instead of trapping or rounding silently.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number as written, always a valid RFC 8259 number.
  public let lexeme: String

  /// Creates a number from a lexeme that is known to be a valid JSON number.
  public init(lexeme: String) {
    self.lexeme = lexeme
  }

  /// Creates a number from an integer.
  public init(_ value: Int) {
    self.lexeme = String(value)
  }

  /// The number as written.
  public var description: String { lexeme }

  /// Whether the lexeme has neither fraction nor exponent.
  public var isIntegerLiteral: Bool {
    !lexeme.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
  }

  /// The value as an `Int`, or `nil` when it is not an integer or is out of range.
  ///
  /// A lexeme such as `1.0` or `1e2` that denotes an integer exactly is accepted.
  public var intValue: Int? {
    if let value = Self.shortDecimalValue(lexeme) { return value }
    if isIntegerLiteral { return Int(lexeme) }
    guard let double = Double(lexeme) else { return nil }
    return Int(exactly: double)
  }

  /// The value of `lexeme` when it is at most 18 ASCII digits after an optional `-` (what
  /// `Int(lexeme)` gives it, without overflow), read in place; `nil` otherwise, for the general
  /// path. Badges and flags are read this way once a message: `Int(_:)` on a string cost about
  /// 150 instructions.
  @inline(__always)
  static func shortDecimalValue(_ lexeme: String) -> Int? {
    lexeme.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard bytes.count <= 18, let first = bytes.first else { return nil }
      let isNegative = first == UInt8(ascii: "-")
      let digits = isNegative ? bytes.dropFirst() : bytes[...]
      guard !digits.isEmpty else { return nil }
      var value = 0
      for byte in digits {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value &* 10 &+ Int(digit)
      }
      return isNegative ? -value : value
    } ?? nil
  }

  /// The value as a `Double`, or `nil` when it overflows to infinity.
  ///
  /// Values that need rounding to the nearest `Double` are returned rounded, as every JSON
  /// parser does.
  public var doubleValue: Double? {
    guard let double = Double(lexeme), double.isFinite else { return nil }
    return double
  }
}
