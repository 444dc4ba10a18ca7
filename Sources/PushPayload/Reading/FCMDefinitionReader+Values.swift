import PushDiagnostics
import PushJSON

// Readers for the scalar and small composite values of the model. Each takes the field (or
// `nil` when it is absent) and returns the value, or `nil` after reporting why it cannot.
// `null` means "not set", as in proto3 JSON, except inside string maps.
extension FCMDefinitionReader {
  // MARK: - Strings

  /// A string; a YAML plain scalar that resolved to another type is read as its text, with a
  /// warning.
  mutating func string(_ field: Field) -> Located<String>? {
    switch value(field.value) {
    case .string(let string):
      return Located(string, source: field.source)
    case .null:
      return nil
    case .bool, .number:
      if let text = lenientText(field) { return Located(text, source: field.source) }
      collector.emit(
        .fcmTypeMismatch(field.path, expected: "a string", found: describe(field.value)),
        at: field.span,
        pointer: field.pointer,
        fixIts: scalarText(field.value).map { [quoteFixIt("quote it", field, text: $0)] } ?? []
      )
      return nil
    case .array, .object:
      typeMismatch(field, expected: "a string")
      return nil
    }
  }

  /// Field `name` of `fields` as a string, like ``string(_:)``; a string value is read without
  /// building a ``Field``.
  mutating func string(_ fields: FieldSet, _ name: FCMField) -> Located<String>? {
    guard let index = fields.memberIndex(of: name) else { return nil }
    if let located = fields.locatedString(ofMember: index) { return located }
    guard let field = fields[name] else { return nil }
    return string(field)
  }

  /// Reads field `name` of `fields` as a string into `target`, which is `nil` and stays untouched
  /// when the field is absent.
  mutating func readString(
    _ fields: FieldSet,
    _ name: FCMField,
    into target: inout Located<String>?
  ) {
    guard fields.has(name) else { return }
    target.setFromNil(string(fields, name))
  }

  /// The text of a YAML plain scalar that resolved to a non-string, after warning about it.
  mutating func lenientText(_ field: Field) -> String? {
    guard let text = tree.sourceText(field.value) else { return nil }
    let resolved: String
    switch tree.kind(field.value) {
    case .bool: resolved = "the boolean"
    case .number: resolved = "the number"
    case .null: resolved = "null"
    default: return nil
    }
    var fixIt = quoteFixIt("quote '\(text)'", field, text: text)
    if text.isEmpty {
      // An empty value sits right after `key:`; YAML needs a space before the quotes.
      let start = field.span.start
      let afterColon =
        start > 0
        && locator.file.map { start <= $0.bytes.count && $0.bytes[start - 1] == UInt8(ascii: ":") }
          == true
      fixIt = collector.fixIt(
        "write '\"\"'", replacing: field.span, with: (afterColon ? " " : "") + "\"\"")
    }
    collector.emit(
      .fcmUnquotedScalar(text, path: field.path, resolved: resolved),
      at: field.span,
      pointer: field.pointer,
      fixIts: [fixIt]
    )
    return text
  }

  /// A list of strings, such as `body_loc_args`.
  mutating func stringList(_ field: Field) -> Located<[Located<String>]>? {
    guard tree.kind(field.value) == .array else {
      if !tree.isNull(field.value) { typeMismatch(field, expected: "an array of strings") }
      return nil
    }
    var values: [Located<String>] = []
    for index in 0..<tree.count(field.value) {
      let element = tree.element(index, of: field.value)
      let elementField = field.element(index, element, in: tree)
      if tree.isNull(element) {
        typeMismatch(elementField, expected: "a string")
      } else if let value = string(elementField) {
        values.append(value)
      }
    }
    return Located(values, source: field.source)
  }

  /// A map from strings to strings: `data`, `headers`.
  mutating func stringMap(_ field: Field) -> Located<FCM.StringMap>? {
    guard tree.kind(field.value) == .object else {
      if !tree.isNull(field.value) { typeMismatch(field, expected: "an object of string values") }
      return nil
    }
    return stringMap(field.value, source: field.source, pathSpelling: field.pathSpelling)
  }

  /// Field `name` of `fields` as a map from strings to strings, like ``stringMap(_:)``; an
  /// object is read without building a ``Field``.
  ///
  /// With `defersValues`, a map whose entries are all strings written as the canonical writer
  /// writes them keeps its values in the tree until they are read
  /// (``FCMMessageReader/Options/defersDataValues``).
  mutating func stringMap(_ fields: FieldSet, _ name: FCMField, defersValues: Bool = false)
    -> Located<FCM.StringMap>?
  {
    guard let index = fields.memberIndex(of: name) else { return nil }
    guard let object = fields.object(ofMember: index) else {
      return fields[name].flatMap { stringMap($0) }
    }
    let source = fields.source(ofMember: index)
    if defersValues, let map = deferredStringMap(object, pointer: source.pointer) {
      return Located(map, source: source)
    }
    return stringMap(object, source: source, pathSpelling: fields.pathSpelling(of: name))
  }

  /// The map `object` holds, at `pointer`, with its keys and values left in the tree, when
  /// every entry is a string that ``ValueTree/isVerbatimString(_:)`` (as its key), which the
  /// reader would take as it is, report nothing about, and measure; `nil` otherwise. The keys'
  /// traits are noted in the same pass (``FCM/StringMap/keyTraits``).
  private func deferredStringMap(_ object: ValueTree.NodeID, pointer: JSONPointer)
    -> FCM.StringMap?
  {
    var byteCount = 0
    var traits = FCM.StringMap.KeyTraits()
    for index in 0..<tree.count(object) {
      let key = tree.key(ofMember: index, of: object)
      guard
        let entryByteCount = verbatimEntryByteCount(
          key: key, value: tree.value(ofMember: index, of: object))
      else { return nil }
      byteCount &+= entryByteCount
      tree.withUTF8(key) { traits.note($0, classifier: dataKeyClassifier) }
    }
    return FCM.StringMap(
      deferringValuesOf: object, in: tree, pointer: pointer, measuredByteCount: byteCount,
      keyTraits: traits)
  }

  /// The bytes the member whose key and value are `key` and `value` takes in compact JSON
  /// (`"key":"value"`), from their spans, when both are strings the canonical writer writes as
  /// their source spells them (``ValueTree/isVerbatimString(_:)``); `nil` otherwise.
  private func verbatimEntryByteCount(key: ValueTree.NodeID, value: ValueTree.NodeID) -> Int? {
    guard tree.isVerbatimString(key), tree.isVerbatimString(value) else { return nil }
    return tree.span(key).count &+ 1 &+ tree.span(value).count
  }

  /// The map `object` holds, at `source`, whose path is spelled `pathSpelling`.
  private mutating func stringMap(
    _ object: ValueTree.NodeID, source: SourceReference, pathSpelling: Field.PathSpelling
  ) -> Located<FCM.StringMap> {
    let pointer = source.pointer
    var entries: [FCM.StringMap.Entry] = []
    let count = tree.count(object)
    entries.reserveCapacity(count)
    // The entries' size in compact JSON (`"key":"value"` each), which their spans give while
    // every key and value is a string its source spells as the writer does (so no key is there
    // twice: the scanner that reads such strings gives up on an object with a repeated key).
    var measuredByteCount = 0
    var isMeasured = true
    for index in 0..<count {
      // The common case builds no `Field` and reads the member part by part: only the pointer
      // the model keeps is allocated.
      let keyNode = tree.key(ofMember: index, of: object)
      let valueNode = tree.value(ofMember: index, of: object)
      let key = tree.string(keyNode) ?? ""
      if tree.kind(valueNode) == .string, let string = tree.string(valueNode) {
        if isMeasured, let entryByteCount = verbatimEntryByteCount(key: keyNode, value: valueNode) {
          measuredByteCount &+= entryByteCount
        } else {
          isMeasured = false
        }
        let span = tree.span(valueNode)
        let keySpan = tree.span(keyNode)
        let entrySource = SourceReference(
          pointer: pointers.appending(key, to: pointer), span: span, keySpan: keySpan)
        entries.append(.init(key: key, value: Located(string, source: entrySource)))
        continue
      }
      isMeasured = false
      if let entry = nonStringEntry(
        key: key, keySpan: tree.span(keyNode), value: valueNode, pointer: pointer,
        path: pathSpelling)
      {
        entries.append(entry)
      }
    }
    return Located(
      FCM.StringMap(entries, measuredByteCount: isMeasured ? measuredByteCount : nil),
      source: source)
  }

  /// The entry for `member` of the string map at `pointer`, whose path is spelled `path`,
  /// when its value is not a string: the text of a YAML plain scalar (with a warning), or `nil`
  /// after reporting the value.
  private mutating func nonStringEntry(
    key: String,
    keySpan: SourceSpan,
    value: ValueTree.NodeID,
    pointer: JSONPointer,
    path: Field.PathSpelling
  ) -> FCM.StringMap.Entry? {
    let entry = Field(
      key: key,
      keySpan: keySpan,
      value: value,
      span: tree.span(value),
      pointer: pointer.appending(key),
      pathSpelling: .member(path, key)
    )
    switch self.value(value) {
    case .string(let string):
      return .init(key: key, value: Located(string, source: entry.source))
    case .null, .bool, .number:
      if let text = lenientText(entry) {
        return .init(key: key, value: Located(text, source: entry.source))
      }
      let text = scalarText(value) ?? ""
      collector.emit(
        .fcmNonStringValue(entry.path, found: describe(value)),
        at: entry.span,
        pointer: entry.pointer,
        fixIts: tree.isNull(value) ? [] : [quoteFixIt("quote it", entry, text: text)]
      )
    case .array, .object:
      collector.emit(
        .fcmNonStringValue(entry.path, found: describe(value)),
        at: entry.span,
        pointer: entry.pointer,
        fixIts: [Diagnostic.FixIt("encode the value as a JSON string")]
      )
    }
    return nil
  }

  // MARK: - Booleans and numbers

  mutating func bool(_ field: Field) -> Located<Bool>? {
    switch value(field.value) {
    case .bool(let value): return Located(value, source: field.source)
    case .null: return nil
    default:
      typeMismatch(field, expected: "true or false")
      return nil
    }
  }

  /// Reads field `name` of `fields` as a Boolean into `target`, which is `nil` and stays untouched
  /// when the field is absent; a Boolean value is read without building a ``Field``.
  ///
  /// Inlined: the Boolean fields are nearly always absent, and a call that returned at once
  /// cost about 40 instructions, eight or nine times a message.
  @inline(__always)
  mutating func readBool(_ fields: FieldSet, _ name: FCMField, into target: inout Located<Bool>?) {
    guard let index = fields.memberIndex(of: name) else { return }
    readBool(fields, name, atMember: index, into: &target)
  }

  /// Reads field `name` of `fields`, which member `index` sets, as a Boolean into `target`.
  @inline(never)
  mutating func readBool(
    _ fields: FieldSet, _ name: FCMField, atMember index: Int, into target: inout Located<Bool>?
  ) {
    if let located = fields.locatedBool(ofMember: index) {
      target.setFromNil(located)
      return
    }
    guard let field = fields[name] else { return }
    target.setFromNil(bool(field))
  }

  /// An `int32`, written as a number or, as proto3 JSON allows, a string of digits.
  mutating func int32(_ field: Field) -> Located<Int>? {
    let value: Int?
    switch self.value(field.value) {
    case .null: return nil
    case .number(let number): value = number.intValue
    case .string(let string): value = Int(string)
    default: value = nil
    }
    guard let value, value >= Int(Int32.min), value <= Int(Int32.max) else {
      typeMismatch(field, expected: "a 32-bit integer")
      return nil
    }
    return Located(value, source: field.source)
  }

  /// A component of a colour: a number.
  mutating func number(_ field: Field) -> JSONNumber? {
    switch value(field.value) {
    case .number(let number): return number
    case .null: return nil
    default:
      typeMismatch(field, expected: "a number")
      return nil
    }
  }

  // MARK: - Durations and timestamps

  /// Field `name` of `fields` as a duration, like ``duration(_:)``; a valid duration string is
  /// read without building a ``Field``.
  mutating func duration(_ fields: FieldSet, _ name: FCMField) -> Located<FCM.Duration>? {
    guard let index = fields.memberIndex(of: name) else { return nil }
    if let located = fields.locatedString(ofMember: index),
      let duration = FCM.Duration(protoJSON: located.value)
    {
      return Located(duration, source: located.source)
    }
    return fields[name].flatMap { duration($0) }
  }

  mutating func duration(_ field: Field) -> Located<FCM.Duration>? {
    let text: String
    let isString: Bool
    switch value(field.value) {
    case .null: return nil
    case .string(let string): (text, isString) = (string, true)
    case .number, .bool: (text, isString) = (scalarText(field.value) ?? "", false)
    case .array, .object:
      typeMismatch(field, expected: "a duration string such as '3600s'")
      return nil
    }
    if isString, let duration = FCM.Duration(protoJSON: text) {
      return Located(duration, source: field.source)
    }
    let suggestion = Self.durationSuggestion(for: text)
    collector.emit(
      .fcmInvalidDuration(text, path: field.path, suggestion: suggestion),
      at: field.span,
      pointer: field.pointer,
      fixIts: suggestion.map { [quoteFixIt("write '\($0)'", field, text: $0)] } ?? []
    )
    return nil
  }

  /// The proto3 Duration spelling of a number with an optional unit (`3600`, `1h`, `500ms`,
  /// `2.5 s`), or `nil`.
  static func durationSuggestion(for text: String) -> String? {
    let trimmed = text.trimmingSpaces.lowercased()
    let units: [(suffix: String, nanos: Int64)] = [
      ("ms", 1_000_000), ("sec", 1_000_000_000), ("s", 1_000_000_000), ("min", 60_000_000_000),
      ("m", 60_000_000_000), ("h", 3_600_000_000_000), ("d", 86_400_000_000_000),
      ("w", 604_800_000_000_000), ("", 1_000_000_000),
    ]
    for unit in units where trimmed.hasSuffix(unit.suffix) {
      let number = String(trimmed.dropLast(unit.suffix.count)).trimmingSpaces
      guard !number.isEmpty, let value = Double(number), value.isFinite,
        number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
      else { continue }
      let totalNanos = value * Double(unit.nanos)
      guard abs(totalNanos) < 9.0e18 else { return nil }
      let nanos = Int64(totalNanos.rounded())
      let duration = FCM.Duration(
        seconds: nanos / 1_000_000_000, nanos: Int32(nanos % 1_000_000_000))
      let written = duration.protoJSON
      // Prefer the shortest exact form: "0.5s" rather than "0.500000000s".
      if let dot = written.firstIndex(of: ".") {
        var fraction = written[written.index(after: dot)...].dropLast()
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return String(written[..<dot]) + "." + fraction + "s"
      }
      return written
    }
    return nil
  }

  mutating func timestamp(_ field: Field) -> Located<FCM.Timestamp>? {
    guard case .string(let text) = value(field.value) else {
      if !tree.isNull(field.value) {
        if let text = tree.sourceText(field.value) {
          collector.emit(
            .fcmInvalidTimestamp(text, path: field.path),
            at: field.span,
            pointer: field.pointer
          )
        } else {
          typeMismatch(field, expected: "an RFC 3339 timestamp string")
        }
      }
      return nil
    }
    guard let timestamp = FCM.Timestamp(rfc3339: text) else {
      collector.emit(
        .fcmInvalidTimestamp(text, path: field.path),
        at: field.span,
        pointer: field.pointer
      )
      return nil
    }
    return Located(timestamp, source: field.source)
  }

  // MARK: - Enums

  /// Field `name` of `fields` as an enum value, like
  /// ``enumeration(_:spellings:allowed:canonical:)``; a string that is a REST name is read
  /// without building a ``Field``.
  mutating func enumeration<Value>(
    _ fields: FieldSet,
    _ name: FCMField,
    spellings: [(text: String, value: Value, isSDKSpelling: Bool)],
    allowed: [String],
    canonical: (Value) -> String
  ) -> Located<Value>? {
    guard let index = fields.memberIndex(of: name) else { return nil }
    if let located = fields.locatedString(ofMember: index),
      let match = spellings.first(where: { $0.text == located.value }), !match.isSDKSpelling
    {
      return Located(match.value, source: located.source)
    }
    return fields[name].flatMap {
      enumeration($0, spellings: spellings, allowed: allowed, canonical: canonical)
    }
  }

  /// An enum value: one of `spellings` (text, value, whether the text is the Admin SDK
  /// spelling, which gets a warning naming `canonical(value)`).
  mutating func enumeration<Value>(
    _ field: Field,
    spellings: [(text: String, value: Value, isSDKSpelling: Bool)],
    allowed: [String],
    canonical: (Value) -> String
  ) -> Located<Value>? {
    let text: String
    let isString: Bool
    switch value(field.value) {
    case .null: return nil
    case .string(let string): (text, isString) = (string, true)
    case .array, .object:
      typeMismatch(field, expected: "a string")
      return nil
    case .bool, .number: (text, isString) = (scalarText(field.value) ?? "", false)
    }
    if isString, let match = spellings.first(where: { $0.text == text }) {
      if match.isSDKSpelling {
        let restName = canonical(match.value)
        collector.emit(
          .fcmEnumSpelling(text, path: field.path, canonical: restName),
          at: field.span,
          pointer: field.pointer,
          fixIts: [quoteFixIt("write '\(restName)'", field, text: restName)]
        )
      }
      return Located(match.value, source: field.source)
    }
    var suggestion: String?
    if let close = EditDistance.closest(to: text, among: spellings.map(\.text)),
      let match = spellings.first(where: { $0.text == close })
    {
      suggestion = canonical(match.value)
    }
    collector.emit(
      .fcmInvalidEnumValue(text, path: field.path, allowed: allowed, suggestion: suggestion),
      at: field.span,
      pointer: field.pointer,
      fixIts: suggestion.map { [quoteFixIt("write '\($0)'", field, text: $0)] } ?? []
    )
    return nil
  }

  // MARK: - Free-form objects

  /// A free-form JSON object (`apns.payload`, `webpush.notification`), kept as written.
  /// Field `name` of `fields` as an object, like ``object(_:)``; an object is read without
  /// building a ``Field``.
  mutating func object(_ fields: FieldSet, _ name: FCMField) -> Located<ValueNode>? {
    guard let index = fields.memberIndex(of: name) else { return nil }
    guard let located = fields.locatedObject(ofMember: index) else {
      return fields[name].flatMap { object($0) }
    }
    return located
  }

  mutating func object(_ field: Field) -> Located<ValueNode>? {
    switch tree.kind(field.value) {
    case .object: return Located(tree.valueNode(field.value), source: field.source)
    case .null: return nil
    default:
      typeMismatch(field, expected: "an object")
      return nil
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while scalars.first == " " || scalars.first == "\t" { scalars = scalars.dropFirst() }
    while scalars.last == " " || scalars.last == "\t" { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
