public import Foundation
import PushDiagnostics
public import PushJSON

/// Decodes an app's own `Decodable` types from the data of a push, where every value is a
/// string.
///
/// FCM delivers `data` as strings, so a backend's `{"id": 76473, "important": true,
/// "meta": {"a": 1}}` arrives as `["id": "76473", "important": "true", "meta": "{\"a\":1}"]`.
/// This decoder converts each string to the type the property asks for:
///
/// | Property | Accepted values |
/// |---|---|
/// | `String` | a string |
/// | `Int`, `Int64`, `UInt8` … | a number, or a string of a decimal integer (`"76473"`) |
/// | `Double`, `Float` | a number, or a string of a JSON number (`"1.5"`) |
/// | `Decimal` | a number, or a string of a JSON number, kept exact |
/// | `Bool` | `true`/`false`, the numbers 0 and 1, or the strings `"true"`, `"false"`, `"1"`, `"0"` |
/// | `Date` | per ``DateDecodingStrategy`` |
/// | `URL` | a string that `URL(string:)` accepts |
/// | `Data` | a Base64 string |
/// | structs, arrays, dictionaries | a JSON value, or a string holding JSON text (re-hydrated) |
///
/// An optional property is `nil` when its key is absent, `null`, or an empty string (except for
/// `String` properties, which keep `""`), as backends send `""` for "no value".
///
/// ```swift
/// struct Notice: Decodable { let id: Int; let articleId: String; let baseUrl: URL }
/// let notice = try PushDataDecoder().decode(Notice.self, fromUserInfo: userInfo)
/// ```
///
/// Errors are the standard `DecodingError`s, with the coding path of the failing key.
public struct PushDataDecoder: Sendable {
  /// How `Date` properties are read.
  public enum DateDecodingStrategy: Sendable {
    /// ISO 8601 date-time text with an offset or `Z`, with or without a fraction of a second:
    /// `2025-03-02T09:00:00+09:00`.
    case iso8601
    /// Seconds since 1970, as a number or a numeric string.
    case secondsSince1970
    /// Milliseconds since 1970, as a number or a numeric string.
    case millisecondsSince1970
    /// Text in one of `patterns` (tried in order); a text without an offset is in `timeZone`.
    case patterns([DatePattern], timeZone: TimeZone)
    /// A function of the text (a number's text for numbers).
    case custom(@Sendable (String) throws -> Date)
  }

  /// How `Date` properties are read.
  public var dateDecodingStrategy: DateDecodingStrategy
  /// Values for the `userInfo` of the `Decoder` passed to `init(from:)`.
  public var userInfo: [CodingUserInfoKey: any Sendable]

  /// Creates a decoder.
  public init(
    dateDecodingStrategy: DateDecodingStrategy = .iso8601,
    userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    self.dateDecodingStrategy = dateDecodingStrategy
    self.userInfo = userInfo
  }

  /// Decodes `type` from a data map, as a backend sends it.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - data: The data map.
  /// - Returns: The value.
  /// - Throws: `DecodingError` when a key is missing or a value does not convert.
  public func decode<T: Decodable>(_ type: T.Type, from data: [String: String]) throws -> T {
    let members = data.sorted { $0.key < $1.key }.map {
      JSONObject.Member(key: $0.key, value: ValueNode(.string($0.value)))
    }
    return try decode(type, from: ValueNode(.object(JSONObject(members))))
  }

  /// Decodes `type` from the `userInfo` of a received notification; `aps` and FCM's keys are
  /// there too, and are ignored unless `type` asks for them.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - userInfo: `notification.request.content.userInfo`.
  /// - Returns: The value.
  /// - Throws: `DecodingError` when a key is missing or a value does not convert.
  public func decode<T: Decodable>(_ type: T.Type, fromUserInfo userInfo: [AnyHashable: Any]) throws
    -> T
  {
    try decode(type, from: UserInfoConverter.valueNode(from: userInfo).node)
  }

  /// Decodes `type` from a value tree, such as a capture's root or ``DecodedPush/data``.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - node: The value.
  /// - Returns: The value.
  /// - Throws: `DecodingError` when a key is missing or a value does not convert.
  public func decode<T: Decodable>(_ type: T.Type, from node: ValueNode) throws -> T {
    try PushDataDecoding(node: node, codingPath: [], options: self).unbox(
      T.self, from: node, at: [])
  }
}

/// The `Decoder` for one value.
final class PushDataDecoding: Decoder {
  let node: ValueNode
  let codingPath: [any CodingKey]
  let options: PushDataDecoder

  init(node: ValueNode, codingPath: [any CodingKey], options: PushDataDecoder) {
    self.node = node
    self.codingPath = codingPath
    self.options = options
  }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(
      PushDataKeyedContainer<Key>(decoder: self, object: try object(of: node, at: codingPath)))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    PushDataUnkeyedContainer(decoder: self, elements: try array(of: node, at: codingPath))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    PushDataSingleValueContainer(decoder: self)
  }

  // MARK: - Values

  /// Decodes `type` from `node`, converting the types Foundation decodes specially.
  func unbox<T: Decodable>(_ type: T.Type, from node: ValueNode, at path: [any CodingKey]) throws
    -> T
  {
    if T.self == Date.self, let value = try date(node, at: path) as? T { return value }
    if T.self == URL.self, let value = try url(node, at: path) as? T { return value }
    if T.self == Decimal.self, let value = try decimal(node, at: path) as? T { return value }
    if T.self == Data.self, let value = try data(node, at: path) as? T { return value }
    return try T(from: PushDataDecoding(node: node, codingPath: path, options: options))
  }

  /// The object `node` is, or holds as JSON text.
  func object(of node: ValueNode, at path: [any CodingKey]) throws -> JSONObject {
    if let object = node.objectValue { return object }
    if let held = try rehydrated(node, at: path) {
      if let object = held.objectValue { return object }
      throw mismatch([String: Any].self, "a dictionary", held, path, inText: true)
    }
    throw mismatch([String: Any].self, "a dictionary", node, path)
  }

  /// The array `node` is, or holds as JSON text.
  func array(of node: ValueNode, at path: [any CodingKey]) throws -> [ValueNode] {
    if let elements = node.arrayValue { return elements }
    if let held = try rehydrated(node, at: path) {
      if let elements = held.arrayValue { return elements }
      throw mismatch([Any].self, "an array", held, path, inText: true)
    }
    throw mismatch([Any].self, "an array", node, path)
  }

  /// The value held as JSON text by the string `node`, or `nil` when `node` is not a string.
  func rehydrated(_ node: ValueNode, at path: [any CodingKey]) throws -> ValueNode? {
    guard let text = node.stringValue else { return nil }
    let parsed = JSONReader.read(SourceFile(name: "<data>", text: text))
    guard !parsed.hasErrors, let document = parsed.documents.first else {
      let reason = parsed.diagnostics.first { $0.severity == .error }?.message ?? "not JSON"
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: path,
          debugDescription: "'\(ValueNode.shortened(text))' should hold JSON text: \(reason)"
        )
      )
    }
    return document
  }

  func string(_ node: ValueNode, at path: [any CodingKey]) throws -> String {
    guard let string = node.stringValue else { throw mismatch(String.self, "a string", node, path) }
    return string
  }

  func bool(_ node: ValueNode, at path: [any CodingKey]) throws -> Bool {
    switch node.kind {
    case .bool(let value): return value
    case .number(let number) where number.intValue == 0 || number.intValue == 1:
      return number.intValue == 1
    case .string("true"), .string("1"): return true
    case .string("false"), .string("0"): return false
    case .string(let text):
      throw corrupted("'\(ValueNode.shortened(text))' is not 'true' or 'false'", path)
    default: throw mismatch(Bool.self, "a Boolean", node, path)
    }
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type, _ node: ValueNode, at path: [any CodingKey])
    throws -> T
  {
    let text: String
    switch node.kind {
    case .number(let number): text = number.lexeme
    case .string(let string): text = string
    default: throw mismatch(T.self, "an integer", node, path)
    }
    if let value = T(text) { return value }
    if let number = JSONNumber.parsing(text), let value = number.intValue,
      let exact = T(exactly: value)
    {
      return exact
    }
    throw corrupted(
      "'\(ValueNode.shortened(text))' is not \(T.self == Int.self ? "an Int" : "a \(T.self)")", path
    )
  }

  func double(_ node: ValueNode, at path: [any CodingKey]) throws -> Double {
    let text: String
    switch node.kind {
    case .number(let number): text = number.lexeme
    case .string(let string): text = string
    default: throw mismatch(Double.self, "a number", node, path)
    }
    guard let value = JSONNumber.parsing(text)?.doubleValue else {
      throw corrupted("'\(ValueNode.shortened(text))' is not a number", path)
    }
    return value
  }

  func float(_ node: ValueNode, at path: [any CodingKey]) throws -> Float {
    let value = Float(try double(node, at: path))
    guard value.isFinite else {
      throw corrupted("\(node.scalarText ?? "") does not fit in a Float", path)
    }
    return value
  }

  func decimal(_ node: ValueNode, at path: [any CodingKey]) throws -> Decimal {
    let text: String
    switch node.kind {
    case .number(let number): text = number.lexeme
    case .string(let string): text = string
    default: throw mismatch(Decimal.self, "a number", node, path)
    }
    guard JSONNumber.parsing(text) != nil,
      let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    else { throw corrupted("'\(ValueNode.shortened(text))' is not a number", path) }
    return value
  }

  func url(_ node: ValueNode, at path: [any CodingKey]) throws -> URL {
    let text = try string(node, at: path)
    guard !text.isEmpty, let url = URL(string: text) else {
      throw corrupted("'\(ValueNode.shortened(text))' is not a URL", path)
    }
    return url
  }

  func data(_ node: ValueNode, at path: [any CodingKey]) throws -> Data {
    let text = try string(node, at: path)
    guard let data = Data(base64Encoded: text) else {
      throw corrupted("'\(ValueNode.shortened(text))' is not Base64", path)
    }
    return data
  }

  func date(_ node: ValueNode, at path: [any CodingKey]) throws -> Date {
    switch options.dateDecodingStrategy {
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try double(node, at: path))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try double(node, at: path) / 1_000)
    case .iso8601:
      let text = try string(node, at: path)
      for pattern in DatePattern.iso8601 {
        if let date = pattern.date(from: text, timeZone: TimeZone(secondsFromGMT: 0) ?? .current) {
          return date
        }
      }
      throw corrupted(
        "'\(ValueNode.shortened(text))' is not an ISO 8601 date-time such as '2025-03-02T09:00:00+09:00'",
        path)
    case .patterns(let patterns, let timeZone):
      let text = try string(node, at: path)
      for pattern in patterns {
        if let date = pattern.date(from: text, timeZone: timeZone) { return date }
      }
      let forms = patterns.map { "'\($0.pattern)'" }.joined(separator: ", ")
      throw corrupted("'\(ValueNode.shortened(text))' is not a date in the form \(forms)", path)
    case .custom(let read):
      guard let text = node.stringValue ?? node.numberValue?.lexeme else {
        throw mismatch(Date.self, "a string or a number", node, path)
      }
      return try read(text)
    }
  }

  func mismatch(
    _ type: Any.Type,
    _ expected: String,
    _ node: ValueNode,
    _ path: [any CodingKey],
    inText: Bool = false
  ) -> DecodingError {
    let found = inText ? "JSON text holding \(node.decodeDescription)" : node.decodeDescription
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "expected \(expected), found \(found)")
    )
  }

  func corrupted(_ description: String, _ path: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: path, debugDescription: description))
  }
}

/// The keyed container of ``PushDataDecoding``.
struct PushDataKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: PushDataDecoding
  let values: [String: ValueNode]
  let keys: [String]

  init(decoder: PushDataDecoding, object: JSONObject) {
    self.decoder = decoder
    var values: [String: ValueNode] = [:]
    var keys: [String] = []
    for member in object.members {
      if values.updateValue(member.value, forKey: member.key) == nil { keys.append(member.key) }
    }
    self.values = values
    self.keys = keys
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var allKeys: [Key] { keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

  func node(_ key: Key) throws -> ValueNode {
    guard let node = values[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'")
      )
    }
    return node
  }

  /// The value of an optional property, or `nil` when it is absent, `null` or (for
  /// non-string types) an empty string.
  func present(_ key: Key, isString: Bool) -> ValueNode? {
    guard let node = values[key.stringValue], !node.isNull else { return nil }
    if !isString, node.stringValue == "" { return nil }
    return node
  }

  func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

  func decodeNil(forKey key: Key) throws -> Bool { try node(key).isNull }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(node(key), at: path(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(node(key), at: path(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.double(node(key), at: path(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.float(node(key), at: path(key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder.integer(type, node(key), at: path(key))
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unbox(type, from: node(key), at: path(key))
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key, isString: false).map { try decoder.bool($0, at: path(key)) }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key, isString: true).map { try decoder.string($0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key, isString: false).map { try decoder.double($0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try present(key, isString: false).map { try decoder.float($0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try present(key, isString: false).map { try decoder.integer(type, $0, at: path(key)) }
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let isString = T.self == String.self || T.self == Substring.self
    return try present(key, isString: isString).map {
      try decoder.unbox(type, from: $0, at: path(key))
    }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type,
    forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let nested = PushDataDecoding(
      node: try node(key), codingPath: path(key), options: decoder.options)
    return try nested.container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let nested = PushDataDecoding(
      node: try node(key), codingPath: path(key), options: decoder.options)
    return try nested.unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let key = PushDataCodingKey("super")
    return PushDataDecoding(
      node: values["super"] ?? ValueNode(.null), codingPath: codingPath + [key],
      options: decoder.options)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    PushDataDecoding(
      node: values[key.stringValue] ?? ValueNode(.null), codingPath: path(key),
      options: decoder.options)
  }
}

/// The unkeyed container of ``PushDataDecoding``.
struct PushDataUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: PushDataDecoding
  let elements: [ValueNode]
  var currentIndex = 0

  init(decoder: PushDataDecoding, elements: [ValueNode]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func next() throws -> (ValueNode, [any CodingKey]) {
    let path = codingPath + [PushDataCodingKey(intValue: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self,
        DecodingError.Context(
          codingPath: path, debugDescription: "the array has only \(elements.count) elements")
      )
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], path)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (node, path) = try next()
    return try decoder.bool(node, at: path)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let (node, path) = try next()
    return try decoder.string(node, at: path)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let (node, path) = try next()
    return try decoder.double(node, at: path)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    let (node, path) = try next()
    return try decoder.float(node, at: path)
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    let (node, path) = try next()
    return try decoder.integer(type, node, at: path)
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (node, path) = try next()
    return try decoder.unbox(type, from: node, at: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (node, path) = try next()
    return try PushDataDecoding(node: node, codingPath: path, options: decoder.options).container(
      keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (node, path) = try next()
    return try PushDataDecoding(node: node, codingPath: path, options: decoder.options)
      .unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (node, path) = try next()
    return PushDataDecoding(node: node, codingPath: path, options: decoder.options)
  }
}

/// The single-value container of ``PushDataDecoding``.
struct PushDataSingleValueContainer: SingleValueDecodingContainer {
  let decoder: PushDataDecoding

  var codingPath: [any CodingKey] { decoder.codingPath }
  var node: ValueNode { decoder.node }

  func decodeNil() -> Bool { node.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(node, at: codingPath) }
  func decode(_ type: String.Type) throws -> String { try decoder.string(node, at: codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.double(node, at: codingPath) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.float(node, at: codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type, node, at: codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type, node, at: codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type, node, at: codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try decoder.integer(type, node, at: codingPath)
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.unbox(type, from: node, at: codingPath)
  }
}
