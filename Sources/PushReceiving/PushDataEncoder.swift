public import Foundation
public import PushJSON

/// Encodes an `Encodable` value into the string-only data map a backend sends in an FCM
/// message, as Kuring's server does with Jackson's `objectMapper.convertValue`.
///
/// The value must encode as a keyed container; each of its properties becomes one entry:
///
/// | Property | Entry |
/// |---|---|
/// | `String` | the string |
/// | integers, `Double`, `Float`, `Decimal` | the number's text: `"76473"`, `"1.5"` |
/// | `Bool` | `"true"` or `"false"` |
/// | `Date` | per ``DateEncodingStrategy`` |
/// | `URL` | its absolute string |
/// | `Data` | Base64 |
/// | structs, arrays, dictionaries | compact JSON text, which ``PushDataDecoder`` re-hydrates |
/// | `nil` | no entry |
///
/// ```swift
/// struct Notice: Codable { let id: Int; let articleId: String; let important: Bool }
/// try PushDataEncoder().encode(Notice(id: 76473, articleId: "5389", important: false))
/// // ["id": "76473", "articleId": "5389", "important": "false"]
/// ```
///
/// ``PushDataDecoder`` decodes the result back to an equal value.
public struct PushDataEncoder: Sendable {
  /// How `Date` properties are written.
  public enum DateEncodingStrategy: Sendable {
    /// ISO 8601 date-time text in UTC, with milliseconds when the date has them:
    /// `2025-03-02T00:00:00Z`.
    case iso8601
    /// Seconds since 1970.
    case secondsSince1970
    /// Milliseconds since 1970.
    case millisecondsSince1970
    /// Text in `pattern`, in `timeZone`.
    case pattern(DatePattern, timeZone: TimeZone)
    /// A function of the date.
    case custom(@Sendable (Date) throws -> String)
  }

  /// How `Date` properties are written.
  public var dateEncodingStrategy: DateEncodingStrategy
  /// Values for the `userInfo` of the `Encoder` passed to `encode(to:)`.
  public var userInfo: [CodingUserInfoKey: any Sendable]

  /// Creates an encoder.
  public init(
    dateEncodingStrategy: DateEncodingStrategy = .iso8601,
    userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    self.dateEncodingStrategy = dateEncodingStrategy
    self.userInfo = userInfo
  }

  /// Encodes `value` as a data map.
  ///
  /// - Parameter value: A value that encodes as a keyed container.
  /// - Returns: The data map.
  /// - Throws: `EncodingError` when the value does not encode as a keyed container or holds a
  ///   number JSON cannot represent.
  public func encode<T: Encodable>(_ value: T) throws -> [String: String] {
    var map: [String: String] = [:]
    for member in try encodeMembers(value).members {
      map[member.key] = member.value.stringValue
    }
    return map
  }

  /// Encodes `value` as a data map in encoding order, as string nodes.
  ///
  /// - Parameter value: A value that encodes as a keyed container.
  /// - Returns: The entries in the order the value encoded them.
  /// - Throws: `EncodingError` as ``encode(_:)`` does.
  public func encodeMembers<T: Encodable>(_ value: T) throws -> JSONObject {
    let root = PushDataBox()
    try PushDataEncoding(box: root, codingPath: [], options: self).box(value, into: root, at: [])
    guard case .object(let members) = root.content else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "\(T.self) does not encode as a keyed container")
      )
    }
    let writer = CanonicalJSONWriter(style: .compact)
    var entries: [JSONObject.Member] = []
    for (key, box) in members {
      let node = box.valueNode
      let text: String?
      switch node.kind {
      case .null: text = nil
      case .string(let string): text = string
      case .number(let number): text = number.lexeme
      case .bool(let bool): text = bool ? "true" : "false"
      case .array, .object: text = writer.string(for: node)
      }
      if let text { entries.append(JSONObject.Member(key: key, value: ValueNode(.string(text)))) }
    }
    return JSONObject(entries)
  }
}

/// A value being encoded; containers fill it in place.
final class PushDataBox {
  enum Content {
    case empty
    case scalar(ValueNode)
    case object([(String, PushDataBox)])
    case array([PushDataBox])
  }

  var content: Content = .empty

  /// The box's value; an empty box is `null`.
  ///
  /// Recursive; encoded values are as deep as the types that encode them.
  var valueNode: ValueNode {
    switch content {
    case .empty: return ValueNode(.null)
    case .scalar(let node): return node
    case .object(let members):
      return ValueNode(
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1.valueNode) })))
    case .array(let elements):
      return ValueNode(.array(elements.map(\.valueNode)))
    }
  }

  /// The child box for `key`, replacing an earlier one.
  func child(forKey key: String) -> PushDataBox {
    let child = PushDataBox()
    if case .object(var members) = content {
      if let index = members.firstIndex(where: { $0.0 == key }) {
        members[index].1 = child
      } else {
        members.append((key, child))
      }
      content = .object(members)
    } else {
      content = .object([(key, child)])
    }
    return child
  }

  /// A new element box.
  func appendChild() -> PushDataBox {
    let child = PushDataBox()
    if case .array(var elements) = content {
      elements.append(child)
      content = .array(elements)
    } else {
      content = .array([child])
    }
    return child
  }
}

/// The `Encoder` for one value.
final class PushDataEncoding: Encoder {
  let box: PushDataBox
  let codingPath: [any CodingKey]
  let options: PushDataEncoder

  init(box: PushDataBox, codingPath: [any CodingKey], options: PushDataEncoder) {
    self.box = box
    self.codingPath = codingPath
    self.options = options
  }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = box.content {} else { box.content = .object([]) }
    return KeyedEncodingContainer(PushDataKeyedEncodingContainer<Key>(encoder: self, box: box))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = box.content {} else { box.content = .array([]) }
    return PushDataUnkeyedEncodingContainer(encoder: self, box: box)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    PushDataSingleValueEncodingContainer(encoder: self, box: box)
  }

  /// Encodes `value` into `target`, writing the types Foundation encodes specially.
  func box<T: Encodable>(_ value: T, into target: PushDataBox, at path: [any CodingKey]) throws {
    if let date = value as? Date {
      target.content = .scalar(try encode(date, at: path))
    } else if let url = value as? URL {
      target.content = .scalar(ValueNode(.string(url.absoluteString)))
    } else if let decimal = value as? Decimal {
      guard let number = JSONNumber.parsing(decimal.description) else {
        throw invalid(value, "\(decimal) cannot be written as a JSON number", path)
      }
      target.content = .scalar(ValueNode(.number(number)))
    } else if let data = value as? Data {
      target.content = .scalar(ValueNode(.string(data.base64EncodedString())))
    } else {
      try value.encode(to: PushDataEncoding(box: target, codingPath: path, options: options))
    }
  }

  func encode(_ date: Date, at path: [any CodingKey]) throws -> ValueNode {
    switch options.dateEncodingStrategy {
    case .iso8601, .pattern:
      guard DatePattern.writableIntervals.contains(date.timeIntervalSince1970) else {
        throw invalid(
          date,
          "\(date.timeIntervalSince1970) seconds since 1970 is not a date in the years 0000 to 9999",
          path)
      }
    default:
      break
    }
    switch options.dateEncodingStrategy {
    case .iso8601:
      let utc = TimeZone(secondsFromGMT: 0) ?? .current
      let hasFraction = date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
      let pattern = hasFraction ? DatePattern.iso8601[3] : DatePattern.iso8601[0]
      return ValueNode(.string(pattern.string(from: date, timeZone: utc)))
    case .secondsSince1970:
      return try number(date.timeIntervalSince1970, at: path)
    case .millisecondsSince1970:
      return try number(date.timeIntervalSince1970 * 1_000, at: path)
    case .pattern(let pattern, let timeZone):
      return ValueNode(.string(pattern.string(from: date, timeZone: timeZone)))
    case .custom(let write):
      return ValueNode(.string(try write(date)))
    }
  }

  func number(_ value: Double, at path: [any CodingKey]) throws -> ValueNode {
    guard let number = JSONNumber.from(value) else {
      throw invalid(value, "\(value) cannot be written as a JSON number", path)
    }
    return ValueNode(.number(number))
  }

  func invalid(_ value: Any, _ description: String, _ path: [any CodingKey]) -> EncodingError {
    EncodingError.invalidValue(
      value, EncodingError.Context(codingPath: path, debugDescription: description))
  }
}

/// The keyed container of ``PushDataEncoding``.
struct PushDataKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: PushDataEncoding
  let box: PushDataBox

  var codingPath: [any CodingKey] { encoder.codingPath }

  func set(_ node: ValueNode, _ key: Key) {
    box.child(forKey: key.stringValue).content = .scalar(node)
  }

  mutating func encodeNil(forKey key: Key) throws { set(ValueNode(.null), key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(ValueNode(.bool(value)), key) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    set(ValueNode(.string(value)), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try encoder.number(value, at: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try encoder.number(Double(value), at: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    set(ValueNode(.number(JSONNumber(value))), key)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { set(Self.integer(value), key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encoder.box(value, into: box.child(forKey: key.stringValue), at: codingPath + [key])
  }

  static func integer<T: BinaryInteger>(_ value: T) -> ValueNode {
    ValueNode(.number(JSONNumber(lexeme: String(value))))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type,
    forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = box.child(forKey: key.stringValue)
    return PushDataEncoding(box: child, codingPath: codingPath + [key], options: encoder.options)
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = box.child(forKey: key.stringValue)
    return PushDataEncoding(box: child, codingPath: codingPath + [key], options: encoder.options)
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let key = PushDataCodingKey("super")
    return PushDataEncoding(
      box: box.child(forKey: "super"), codingPath: codingPath + [key], options: encoder.options)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    PushDataEncoding(
      box: box.child(forKey: key.stringValue), codingPath: codingPath + [key],
      options: encoder.options)
  }
}

/// The unkeyed container of ``PushDataEncoding``.
struct PushDataUnkeyedEncodingContainer: UnkeyedEncodingContainer {
  let encoder: PushDataEncoding
  let box: PushDataBox

  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int {
    if case .array(let elements) = box.content { return elements.count }
    return 0
  }

  var nextPath: [any CodingKey] { codingPath + [PushDataCodingKey(intValue: count)] }

  func append(_ node: ValueNode) {
    box.appendChild().content = .scalar(node)
  }

  mutating func encodeNil() throws { append(ValueNode(.null)) }
  mutating func encode(_ value: Bool) throws { append(ValueNode(.bool(value))) }
  mutating func encode(_ value: String) throws { append(ValueNode(.string(value))) }
  mutating func encode(_ value: Double) throws { append(try encoder.number(value, at: nextPath)) }
  mutating func encode(_ value: Float) throws {
    append(try encoder.number(Double(value), at: nextPath))
  }
  mutating func encode(_ value: Int) throws { append(ValueNode(.number(JSONNumber(value)))) }
  mutating func encode(_ value: Int8) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: Int16) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: Int32) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: Int64) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt8) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt16) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt32) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt64) throws {
    append(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = nextPath
    try encoder.box(value, into: box.appendChild(), at: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = nextPath
    return PushDataEncoding(box: box.appendChild(), codingPath: path, options: encoder.options)
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    return PushDataEncoding(box: box.appendChild(), codingPath: path, options: encoder.options)
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    return PushDataEncoding(box: box.appendChild(), codingPath: path, options: encoder.options)
  }
}

/// The single-value container of ``PushDataEncoding``.
struct PushDataSingleValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: PushDataEncoding
  let box: PushDataBox

  var codingPath: [any CodingKey] { encoder.codingPath }

  func set(_ node: ValueNode) { box.content = .scalar(node) }

  mutating func encodeNil() throws { set(ValueNode(.null)) }
  mutating func encode(_ value: Bool) throws { set(ValueNode(.bool(value))) }
  mutating func encode(_ value: String) throws { set(ValueNode(.string(value))) }
  mutating func encode(_ value: Double) throws { set(try encoder.number(value, at: codingPath)) }
  mutating func encode(_ value: Float) throws {
    set(try encoder.number(Double(value), at: codingPath))
  }
  mutating func encode(_ value: Int) throws { set(ValueNode(.number(JSONNumber(value)))) }
  mutating func encode(_ value: Int8) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: Int16) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: Int32) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: Int64) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt8) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt16) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt32) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode(_ value: UInt64) throws {
    set(PushDataKeyedEncodingContainer<PushDataCodingKey>.integer(value))
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.box(value, into: box, at: codingPath)
  }
}
