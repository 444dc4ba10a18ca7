import PushDiagnostics
import PushJSON

extension PushContract.Field {
  /// The outcome of reading a value as this field.
  enum Conversion {
    /// The typed value; `fromUntypedText` when it was converted from text whose type the
    /// capture could not show.
    case converted(ValueNode, fromUntypedText: Bool)
    /// The value has another type.
    case wrongType
    /// The value is a string without the field's format.
    case wrongFormat
  }

  /// Reads `node` as this field's value.
  ///
  /// - Parameters:
  ///   - node: The value.
  ///   - typed: Whether types are known, as in contract defaults; untyped capture text is
  ///     converted either way.
  /// - Returns: The typed value, or whether the type or the format is wrong.
  func convert(_ node: ValueNode, typed: Bool = false) -> Conversion {
    let untyped = node.isUntypedText
    switch type {
    case .string:
      guard let text = node.stringValue else { return .wrongType }
      if allowsEmpty && text.isEmpty {
        return .converted(ValueNode(.string(text), span: node.span), fromUntypedText: false)
      }
      guard let format else {
        return .converted(ValueNode(.string(text), span: node.span), fromUntypedText: false)
      }
      guard let value = Self.value(of: text, format: format, patterns: datePatterns) else {
        return .wrongFormat
      }
      return .converted(ValueNode(value.kind, span: node.span), fromUntypedText: false)
    case .integer:
      if let number = node.numberValue, let value = number.intValue {
        return .converted(
          ValueNode(.number(JSONNumber(value)), span: node.span), fromUntypedText: false)
      }
      if untyped, let text = node.stringValue, let value = JSONNumber.parsing(text)?.intValue {
        return .converted(
          ValueNode(.number(JSONNumber(value)), span: node.span), fromUntypedText: true)
      }
      return .wrongType
    case .number:
      if let number = node.numberValue, number.doubleValue != nil {
        return .converted(ValueNode(.number(number), span: node.span), fromUntypedText: false)
      }
      if untyped, let text = node.stringValue, let number = JSONNumber.parsing(text),
        number.doubleValue != nil
      {
        return .converted(ValueNode(.number(number), span: node.span), fromUntypedText: true)
      }
      return .wrongType
    case .boolean:
      if let value = node.boolValue {
        return .converted(ValueNode(.bool(value), span: node.span), fromUntypedText: false)
      }
      // Swift casts the NSNumbers 0 and 1 to Bool.
      if let number = node.numberValue, let value = number.intValue, value == 0 || value == 1 {
        return .converted(ValueNode(.bool(value == 1), span: node.span), fromUntypedText: false)
      }
      if untyped, let text = node.stringValue {
        switch text {
        case "1", "true":
          return .converted(ValueNode(.bool(true), span: node.span), fromUntypedText: true)
        case "0", "false":
          return .converted(ValueNode(.bool(false), span: node.span), fromUntypedText: true)
        default: break
        }
      }
      return .wrongType
    case .object:
      return node.objectValue != nil ? .converted(node, fromUntypedText: false) : .wrongType
    case .array:
      return node.arrayValue != nil ? .converted(node, fromUntypedText: false) : .wrongType
    case .any:
      return .converted(node, fromUntypedText: false)
    }
  }

  /// The typed value of `text` in `format`, or `nil` when `text` does not have the format.
  static func value(of text: String, format: PushContract.FieldFormat, patterns: [DatePattern])
    -> ValueNode?
  {
    switch format {
    case .integer:
      guard let number = JSONNumber.parsing(text), number.isIntegerLiteral,
        let value = number.intValue
      else {
        return nil
      }
      return ValueNode(.number(JSONNumber(value)))
    case .number:
      guard let number = JSONNumber.parsing(text), number.doubleValue != nil else { return nil }
      return ValueNode(.number(number))
    case .boolean:
      switch text {
      case "true": return ValueNode(.bool(true))
      case "false": return ValueNode(.bool(false))
      default: return nil
      }
    case .date:
      return patterns.contains { $0.match(text) != nil } ? ValueNode(.string(text)) : nil
    case .url:
      return isAbsoluteURL(text) ? ValueNode(.string(text)) : nil
    case .json:
      let parsed = JSONReader.read(SourceFile(name: "<value>", text: text))
      guard !parsed.hasErrors, let document = parsed.documents.first else { return nil }
      return document.withoutSpans
    }
  }

  /// Whether `text` is an absolute URL: a scheme, no white space or characters URLs cannot
  /// hold, and a host after `//` for `http` and `https`.
  static func isAbsoluteURL(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
    for (position, byte) in bytes[..<colon].enumerated() {
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isOther =
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      guard isLetter || (position > 0 && isOther) else { return false }
    }
    for byte in bytes where byte <= 0x20 || byte == 0x7F || Array("<>\"{}|\\^`".utf8).contains(byte)
    {
      return false
    }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    let rest = bytes[(colon + 1)...]
    if scheme == "http" || scheme == "https" {
      guard rest.starts(with: Array("//".utf8)) else { return false }
      let host = rest.dropFirst(2).prefix {
        $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
      }
      return !host.isEmpty
    }
    return !rest.isEmpty
  }

  /// What the field expects, for messages: `an integer`, `an integer in a string`, `a date in
  /// the form 'yyyy-MM-dd'`.
  var expectation: String {
    switch type {
    case .string:
      guard let format else { return "a string" }
      return formatExpectation(format)
    case .integer: return "an integer"
    case .number: return "a number"
    case .boolean: return "a Boolean"
    case .object: return "a dictionary"
    case .array: return "an array"
    case .any: return "a value"
    }
  }

  /// The format, for messages: `an integer in a string`, `a URL`.
  func formatExpectation(_ format: PushContract.FieldFormat) -> String {
    switch format {
    case .integer: return "an integer in a string"
    case .number: return "a number in a string"
    case .boolean: return "'true' or 'false' in a string"
    case .date:
      let forms = datePatterns.map { "'\($0.pattern)'" }
      return "a date in the form "
        + (forms.count == 1 ? forms[0] : "of one of " + forms.joined(separator: ", "))
    case .url: return "an absolute URL"
    case .json: return "JSON text"
    }
  }
}
