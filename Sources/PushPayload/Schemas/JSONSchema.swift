package import PushJSON

/// One JSON Schema (draft 2020-12) as pushc builds its published schemas: the keywords in the
/// order they were set, which is the order the files in `schemas/` show.
///
/// ```swift
/// JSONSchema.string.description("The bundle ID.").pattern("^[A-Za-z0-9.-]+$").valueNode
/// // {"type": "string", "description": "The bundle ID.", "pattern": "^[A-Za-z0-9.-]+$"}
/// ```
package struct JSONSchema: Hashable, Sendable {
  /// The keywords, in order.
  package private(set) var keywords: [JSONObject.Member]

  /// Creates a schema with `keywords`; no keywords accepts every value.
  package init(_ keywords: [JSONObject.Member] = []) {
    self.keywords = keywords
  }

  /// The schema as a JSON value, for ``CanonicalJSONWriter``.
  package var valueNode: ValueNode {
    ValueNode(.object(JSONObject(keywords)))
  }

  /// This schema with `keyword` set to `value`, replacing an earlier value in place.
  package func setting(_ keyword: String, _ value: ValueNode) -> JSONSchema {
    var copy = self
    if let index = copy.keywords.firstIndex(where: { $0.key == keyword }) {
      copy.keywords[index].value = value
    } else {
      copy.keywords.append(JSONObject.Member(key: keyword, value: value))
    }
    return copy
  }

  /// This schema's keywords followed by those of `other` (which win where both set one).
  package func followed(by other: JSONSchema) -> JSONSchema {
    other.keywords.reduce(self) { schema, member in schema.setting(member.key, member.value) }
  }

  // MARK: - Types

  /// Values of the JSON type `name` (`string`, `integer`, `object`, …).
  package static func type(_ name: String) -> JSONSchema {
    JSONSchema().setting("type", .text(name))
  }

  /// Values of any of the JSON types `names`.
  package static func types(_ names: [String]) -> JSONSchema {
    JSONSchema().setting("type", .list(names.map(ValueNode.text)))
  }

  /// Strings.
  package static let string = type("string")
  /// Whole numbers.
  package static let integer = type("integer")
  /// Numbers.
  package static let number = type("number")
  /// `true` or `false`.
  package static let boolean = type("boolean")
  /// Objects.
  package static let object = type("object")

  /// Arrays whose elements match `items`.
  package static func array(of items: JSONSchema) -> JSONSchema {
    type("array").setting("items", items.valueNode)
  }

  /// Objects whose values are all strings, as FCM's `map<string, string>` fields.
  package static let stringMap = object.additionalProperties(.string)

  /// The schema `#/$defs/name` of the same document.
  package static func reference(_ name: String) -> JSONSchema {
    JSONSchema().setting("$ref", .text("#/$defs/" + name))
  }

  /// Values matching exactly one of `schemas`.
  package static func oneOf(_ schemas: [JSONSchema]) -> JSONSchema {
    JSONSchema().setting("oneOf", .list(schemas.map(\.valueNode)))
  }

  /// Values matching at least one of `schemas`.
  package static func anyOf(_ schemas: [JSONSchema]) -> JSONSchema {
    JSONSchema().setting("anyOf", .list(schemas.map(\.valueNode)))
  }

  // MARK: - Annotations

  /// This schema with a title.
  package func title(_ text: String) -> JSONSchema { setting("title", .text(text)) }

  /// This schema with a description for people, shown by editors on hover.
  package func description(_ text: String) -> JSONSchema { setting("description", .text(text)) }

  /// This schema with the value a missing member stands for.
  package func defaultValue(_ value: ValueNode) -> JSONSchema { setting("default", value) }

  /// This schema with example values, which editors offer for completion.
  package func examples(_ values: [ValueNode]) -> JSONSchema {
    setting("examples", .list(values))
  }

  /// This schema with a `format` annotation (`uri`, `date-time`, `uuid`).
  package func format(_ name: String) -> JSONSchema { setting("format", .text(name)) }

  /// This schema marked as kept only for compatibility.
  package func deprecated() -> JSONSchema { setting("deprecated", ValueNode(.bool(true))) }

  // MARK: - Assertions

  /// This schema allowing only `values`.
  package func enumeration(_ values: [String]) -> JSONSchema {
    setting("enum", .list(values.map(ValueNode.text)))
  }

  /// This schema allowing only `values`.
  package func enumeration(integers values: [Int]) -> JSONSchema {
    setting("enum", .list(values.map(ValueNode.integer)))
  }

  /// This schema with strings matching the regular expression `expression`.
  package func pattern(_ expression: String) -> JSONSchema { setting("pattern", .text(expression)) }

  /// This schema with strings of at least `count` characters.
  package func minLength(_ count: Int) -> JSONSchema { setting("minLength", .integer(count)) }

  /// This schema with strings of at most `count` characters.
  package func maxLength(_ count: Int) -> JSONSchema { setting("maxLength", .integer(count)) }

  /// This schema with numbers of at least `lexeme` (a JSON number).
  package func minimum(_ lexeme: String) -> JSONSchema {
    setting("minimum", ValueNode(.number(JSONNumber(lexeme: lexeme))))
  }

  /// This schema with numbers of at most `lexeme` (a JSON number).
  package func maximum(_ lexeme: String) -> JSONSchema {
    setting("maximum", ValueNode(.number(JSONNumber(lexeme: lexeme))))
  }

  /// This schema with arrays of at least `count` elements.
  package func minItems(_ count: Int) -> JSONSchema { setting("minItems", .integer(count)) }

  /// This schema with objects whose members named `properties` match their schemas, in order.
  package func properties(_ properties: [(name: String, schema: JSONSchema)]) -> JSONSchema {
    let members = properties.map { JSONObject.Member(key: $0.name, value: $0.schema.valueNode) }
    return setting("properties", ValueNode(.object(JSONObject(members))))
  }

  /// This schema with objects that have every member in `names`.
  package func required(_ names: [String]) -> JSONSchema {
    setting("required", .list(names.map(ValueNode.text)))
  }

  /// This schema allowing (`true`) or forbidding (`false`) members ``properties(_:)`` does not
  /// name.
  package func additionalProperties(_ allowed: Bool) -> JSONSchema {
    setting("additionalProperties", ValueNode(.bool(allowed)))
  }

  /// This schema with members ``properties(_:)`` does not name matching `schema`.
  package func additionalProperties(_ schema: JSONSchema) -> JSONSchema {
    setting("additionalProperties", schema.valueNode)
  }

  /// This schema with object keys matching `schema`.
  package func propertyNames(_ schema: JSONSchema) -> JSONSchema {
    setting("propertyNames", schema.valueNode)
  }

  /// This schema rejecting values that match `schema`.
  package func not(_ schema: JSONSchema) -> JSONSchema { setting("not", schema.valueNode) }

  /// This schema with the named schemas ``reference(_:)`` points to, in order.
  package func definitions(_ definitions: [(name: String, schema: JSONSchema)]) -> JSONSchema {
    let members = definitions.map { JSONObject.Member(key: $0.name, value: $0.schema.valueNode) }
    return setting("$defs", ValueNode(.object(JSONObject(members))))
  }
}

extension ValueNode {
  /// A string value built in code.
  fileprivate static func text(_ string: String) -> ValueNode { ValueNode(.string(string)) }

  /// An integer value built in code.
  fileprivate static func integer(_ value: Int) -> ValueNode {
    ValueNode(.number(JSONNumber(value)))
  }

  /// An array value built in code.
  fileprivate static func list(_ elements: [ValueNode]) -> ValueNode { ValueNode(.array(elements)) }
}
