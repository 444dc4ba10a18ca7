/// The YAML 1.2 core schema: which plain scalars are null, Booleans, integers and floats, and
/// how their text becomes an RFC 8259 number lexeme.
///
/// | Type  | Forms |
/// | ----- | ----- |
/// | null  | `~`, `null`, `Null`, `NULL`, empty |
/// | bool  | `true`, `True`, `TRUE`, `false`, `False`, `FALSE` |
/// | int   | `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` |
/// | float | `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.(inf|Inf|INF)`, `\.nan|\.NaN|\.NAN` |
///
/// Everything else is a string. Works on bytes and gives up at the first byte that cannot
/// belong to a form, so a huge string costs nothing.
enum YAMLScalarResolver {
  /// What a scalar's text is under the core schema.
  enum Value: Equatable {
    /// A null form.
    case null
    /// A Boolean form.
    case bool(Bool)
    /// An integer or float with a valid JSON lexeme.
    case number(String)
    /// `.inf`, `-.inf` or `.nan`, which JSON cannot represent.
    case nonFinite
    /// A hexadecimal or octal integer above 2^64 - 1.
    case outOfRange
    /// Anything else.
    case string
  }

  /// The core-schema value of plain scalar `text`.
  static func resolve(_ text: [UInt8]) -> Value {
    if isNull(text) { return .null }
    if let bool = bool(text) { return .bool(bool) }
    if let integer = integer(text) { return integer }
    if let float = float(text) { return float }
    return .string
  }

  /// Whether `text` is a null form.
  static func isNull(_ text: [UInt8]) -> Bool {
    switch text.count {
    case 0: true
    case 1: text[0] == UInt8(ascii: "~")
    case 4: text == Array("null".utf8) || text == Array("Null".utf8) || text == Array("NULL".utf8)
    default: false
    }
  }

  /// The Boolean `text` denotes, or `nil` when it is not a Boolean form.
  static func bool(_ text: [UInt8]) -> Bool? {
    guard text.count == 4 || text.count == 5 else { return nil }
    let word = String(decoding: text, as: UTF8.self)
    switch word {
    case "true", "True", "TRUE": return true
    case "false", "False", "FALSE": return false
    default: return nil
    }
  }

  /// Whether `text` is one of YAML 1.1's extra Boolean forms (`yes`, `no`, `on`, `off`, `y`,
  /// `n`, in any case), which the core schema reads as strings.
  static func isYAML11Boolean(_ text: [UInt8]) -> Bool {
    guard text.count <= 3 else { return false }
    switch String(decoding: text, as: UTF8.self).lowercased() {
    case "yes", "no", "on", "off", "y", "n": return true
    default: return false
    }
  }

  /// The integer `text` denotes as `.number` with a normalised lexeme, `.outOfRange` for a
  /// hexadecimal or octal value above 64 bits, or `nil` when it is not an integer form.
  ///
  /// Decimal integers are normalised as text (`+007` → `7`), so any length is exact.
  static func integer(_ text: [UInt8]) -> Value? {
    guard let first = text.first else { return nil }
    if text.count > 2, first == UInt8(ascii: "0"),
      text[1] == UInt8(ascii: "x") || text[1] == UInt8(ascii: "o")
    {
      let radix: UInt64 = text[1] == UInt8(ascii: "x") ? 16 : 8
      var value: UInt64 = 0
      var overflow = false
      for byte in text[2...] {
        guard let digit = digitValue(byte), UInt64(digit) < radix else { return nil }
        if overflow { continue }
        let (shifted, shiftOverflow) = value.multipliedReportingOverflow(by: radix)
        let (sum, addOverflow) = shifted.addingReportingOverflow(UInt64(digit))
        overflow = shiftOverflow || addOverflow
        value = sum
      }
      return overflow ? .outOfRange : .number(String(value))
    }
    var digits = text[...]
    var negative = false
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.allSatisfy(isDecimalDigit) else { return nil }
    return .number((negative ? "-" : "") + normalisedIntegerPart(digits))
  }

  /// The float `text` denotes as `.number` with a JSON lexeme, `.nonFinite` for infinities and
  /// NaN, or `nil` when it is not a float form.
  ///
  /// The lexeme drops a `+` sign and leading zeros and completes a bare fraction or decimal
  /// point: `.5` → `0.5`, `1.` → `1.0`, `+1.e5` → `1.0e5`.
  static func float(_ text: [UInt8]) -> Value? {
    guard let first = text.first else { return nil }
    var rest = text[...]
    var negative = false
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      rest = rest.dropFirst()
    }
    if rest.count == 4 {
      switch String(decoding: rest, as: UTF8.self) {
      case ".inf", ".Inf", ".INF": return .nonFinite
      case ".nan", ".NaN", ".NAN": return first == UInt8(ascii: ".") ? .nonFinite : nil
      default: break
      }
    }
    let integerPart = rest.prefix(while: isDecimalDigit)
    rest = rest.dropFirst(integerPart.count)
    var fraction: ArraySlice<UInt8>?
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      let digits = rest.prefix(while: isDecimalDigit)
      rest = rest.dropFirst(digits.count)
      fraction = digits
    }
    // `[0-9]+(\.[0-9]*)?` or `\.[0-9]+`.
    guard !integerPart.isEmpty || fraction.map({ !$0.isEmpty }) == true else { return nil }
    var exponent = ""
    if let marker = rest.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      var exponentBytes = rest.dropFirst()
      var sign = ""
      if let signByte = exponentBytes.first,
        signByte == UInt8(ascii: "-") || signByte == UInt8(ascii: "+")
      {
        sign = String(UnicodeScalar(signByte))
        exponentBytes = exponentBytes.dropFirst()
      }
      guard !exponentBytes.isEmpty, exponentBytes.allSatisfy(isDecimalDigit) else { return nil }
      exponent =
        String(UnicodeScalar(marker)) + sign + String(decoding: exponentBytes, as: UTF8.self)
      rest = rest.dropFirst(rest.count)
    }
    guard rest.isEmpty else { return nil }
    var lexeme = negative ? "-" : ""
    lexeme += normalisedIntegerPart(integerPart)
    if let fraction {
      lexeme += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self))
    }
    return .number(lexeme + exponent)
  }

  /// `digits` without leading zeros, or `0`.
  private static func normalisedIntegerPart(_ digits: ArraySlice<UInt8>) -> String {
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    return significant.isEmpty ? "0" : String(decoding: significant, as: UTF8.self)
  }

  private static func isDecimalDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func digitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
