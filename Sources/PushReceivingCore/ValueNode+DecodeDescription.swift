import PushJSON

extension ValueNode {
  /// How decode diagnostics name this value: `the string '76473'`, `the number 3`, `true`,
  /// `a dictionary`; long text is shortened.
  package var decodeDescription: String {
    switch kind {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let number): return "the number \(Self.shortened(number.lexeme))"
    case .string(let string):
      return isUntypedText
        ? "'\(Self.shortened(string))'" : "the string '\(Self.shortened(string))'"
    case .array: return "an array"
    case .object: return "a dictionary"
    }
  }

  /// The same value with every span, key span and source text removed, for values that are
  /// compared or written rather than located.
  ///
  /// Recursive; trees from the readers are at most 512 levels deep.
  var withoutSpans: ValueNode {
    switch kind {
    case .null, .bool, .number, .string:
      return ValueNode(kind)
    case .array(let elements):
      return ValueNode(.array(elements.map(\.withoutSpans)))
    case .object(let object):
      return ValueNode(
        .object(
          JSONObject(
            object.members.map { JSONObject.Member(key: $0.key, value: $0.value.withoutSpans) }))
      )
    }
  }

  package static func shortened(_ text: String, limit: Int = 40) -> String {
    guard text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }
}
