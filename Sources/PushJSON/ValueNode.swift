public import PushDiagnostics

/// A JSON-model value read from JSON or YAML, with the bytes it came from.
///
/// This is the boundary type between the front ends (``JSONReader``, the YAML reader) and every
/// later stage, which therefore never needs to know which format the user wrote. Objects keep
/// their members in source order, duplicates included, so nothing the user wrote is lost.
public struct ValueNode: Hashable, Sendable {
  /// The value.
  public var kind: Kind
  /// The bytes of the value in its source, or an empty span at 0 for values built in code.
  public var span: SourceSpan
  /// ``sourceText``, out of line: only YAML plain scalars have one, and an inline optional
  /// string would make every node (and member) of every tree 16 bytes bigger and cost a release
  /// each to tear down; an absent box is one word and nothing to release.
  @usableFromInline var sourceTextBox: SourceTextBox?

  /// The scalar's text exactly as written, for YAML plain scalars that resolved to a
  /// non-string value, such as `00123` or `True`; strings such as `yes` or `2024-02-21` have
  /// none.
  ///
  /// Later stages use it to read a value losslessly as the string the user wrote.
  public var sourceText: String? {
    get { sourceTextBox?.text }
    set { sourceTextBox = newValue.map(SourceTextBox.init) }
  }

  /// Creates a node.
  ///
  /// Inlinable: called across modules (lowering builds most nodes), it returned the node
  /// through the caller's stack in parts, which the caller read back whole at once, a
  /// store-forwarding stall on every node; inlined, the node is built where it goes.
  @inlinable
  public init(_ kind: Kind, span: SourceSpan = SourceSpan(at: 0), sourceText: String? = nil) {
    self.kind = kind
    self.span = span
    self.sourceTextBox = sourceText.map(SourceTextBox.init)
  }

  /// A source text, held by reference so that a node without one carries only a null word.
  /// It is never changed after creation, so sharing it between copies is sound.
  @usableFromInline final class SourceTextBox: Sendable {
    @usableFromInline let text: String

    @usableFromInline init(_ text: String) {
      self.text = text
    }
  }

  /// Whether `lhs` and `rhs` hold the same value with the same span and source text.
  public static func == (lhs: ValueNode, rhs: ValueNode) -> Bool {
    lhs.kind == rhs.kind && lhs.span == rhs.span && lhs.sourceText == rhs.sourceText
  }

  /// Hashes the kind, span and source text, the parts ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(span)
    hasher.combine(sourceText)
  }

  /// The kinds of values.
  public enum Kind: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact lexeme.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([ValueNode])
    /// An object, members in source order.
    case object(JSONObject)
  }
}

extension ValueNode {
  /// The name of the value's type as users know it from JSON: `null`, `boolean`, `number`,
  /// `string`, `array` or `object`.
  public var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let string) = kind { return string }
    return nil
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let object) = kind { return object }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [ValueNode]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// The Boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }

  /// The number, if this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let number) = kind { return number }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  /// Whether this is a string of at least one character, told without copying it.
  package var isNonEmptyString: Bool {
    if case .string(let string) = kind { return !string.isEmpty }
    return false
  }

  /// The text of a scalar as the user wrote it: a string's value, a number's lexeme, `true`,
  /// `false` or `null`, or the original text of a YAML plain scalar; `nil` for arrays and
  /// objects.
  public var scalarText: String? {
    if let sourceText { return sourceText }
    switch kind {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let number): return number.lexeme
    case .string(let string): return string
    case .array, .object: return nil
    }
  }

  /// The value at `pointer` below this node, or `nil` when there is none.
  ///
  /// With duplicate keys the last member wins, as in most JSON parsers and FCM.
  public subscript(pointer: JSONPointer) -> ValueNode? {
    var node = self
    for token in pointer.tokens {
      switch node.kind {
      case .object(let object):
        guard let member = object[token] else { return nil }
        node = member
      case .array(let elements):
        guard let index = Int(token), elements.indices.contains(index) else { return nil }
        node = elements[index]
      default:
        return nil
      }
    }
    return node
  }
}
