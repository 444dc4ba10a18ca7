import PushDiagnostics
import PushJSON

/// Reads one message definition: the state of one ``FCMMessageReader`` pass over one object.
struct FCMDefinitionReader {
  let options: FCMMessageReader.Options
  let locator: SourceTextLocator
  var collector: DiagnosticCollector

  init(file: SourceFile?, options: FCMMessageReader.Options) {
    self.options = options
    self.locator = SourceTextLocator(file: file)
    self.collector =
      file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector()
  }

  /// The known fields of one typed object by snake_case name; a later member with the same
  /// name replaces an earlier one, as in FCM. Typed objects have at most a few dozen fields, so a
  /// linear search beats hashing and the size stays bounded whatever the input.
  struct FieldSet {
    private var fields: [Field] = []

    subscript(name: FCMField) -> Field? {
      get { fields.first { $0.field == name } }
      set {
        let index = fields.firstIndex { $0.field == name }
        switch (index, newValue) {
        case (let index?, let field?): fields[index] = field
        case (nil, let field?): fields.append(field)
        case (let index?, nil): fields.remove(at: index)
        case (nil, nil): break
        }
      }
    }
  }

  /// A member of a typed object, resolved to its snake_case field name.
  struct Field {
    /// The snake_case field name, or the key of a map entry.
    var name: String
    /// The field of a typed object, or `nil` for a map entry or a document root.
    var field: FCMField? = nil
    /// The key as written.
    var key: String
    /// The bytes of the key, or `nil` for a document root.
    var keySpan: SourceSpan?
    /// The value.
    var value: ValueNode
    /// The pointer to the value, with keys as written.
    var pointer: JSONPointer
    /// How to spell ``path``; kept unbuilt, since only diagnostics need the text.
    var pathSpelling: PathSpelling

    /// The dotted path messages use, such as `android.ttl`.
    var path: String { pathSpelling.text }

    /// A field path, built into text only when a diagnostic needs it.
    indirect enum PathSpelling {
      /// A field of a typed object: `kind.path(of: field)`.
      case field(FCMObjectKind, FCMField)
      /// Ready text.
      case text(String)
      /// Element `index` of the array at a path: `path[index]`.
      case element(PathSpelling, Int)
      /// Member `key` of the map at a path: `path.key`.
      case member(PathSpelling, String)

      var text: String {
        switch self {
        case .field(let kind, let field): kind.path(of: field)
        case .text(let text): text
        case .element(let parent, let index): "\(parent.text)[\(index)]"
        case .member(let parent, let key): "\(parent.text).\(key)"
        }
      }
    }

    var source: SourceReference {
      SourceReference(pointer: pointer, span: value.span, keySpan: keySpan)
    }

    /// The field for element `index` of this array field.
    func element(_ index: Int, _ node: ValueNode) -> Field {
      Field(
        name: name,
        field: field,
        key: key,
        keySpan: nil,
        value: node,
        pointer: pointer.appending(index: index),
        pathSpelling: .element(pathSpelling, index)
      )
    }
  }

  // MARK: - Definitions

  /// Reads a bare message or a send request body.
  mutating func readDefinition(_ node: ValueNode, pointer: JSONPointer) -> FCM.SendRequest? {
    guard case .object(let object) = node.kind else {
      collector.emit(
        .fcmTypeMismatch("message", expected: "an object", found: Self.describe(node)),
        at: node.span,
        pointer: pointer
      )
      return nil
    }
    // A send request body has `message`; `validate_only` alone makes one only when nothing
    // in the object is a message field (`{"topic": "a", "validate_only": true}` is a message
    // with a misplaced flag).
    let names = object.members.map(\.key)
    let isEnvelope =
      names.contains(FCMField.message.rawValue)
      || (names.contains { FCMObjectKind.request.canonicalField(for: $0) != nil }
        && !names.contains { FCMObjectKind.message.canonicalField(for: $0) != nil })
    let root = Field(
      name: "message", key: "message", keySpan: nil, value: node, pointer: pointer,
      pathSpelling: .text("message"))
    guard isEnvelope else {
      guard let message = readMessage(root) else { return nil }
      return FCM.SendRequest(message: message)
    }
    let request = Field(
      name: "request", key: "request", keySpan: nil, value: node, pointer: pointer,
      pathSpelling: .text("request"))
    guard let fields = self.fields(of: request, kind: .request) else { return nil }
    let validateOnly = bool(fields[.validateOnly])
    guard let messageField = fields[.message] else {
      collector.emit(
        .fcmMissingField("message", object: "request"),
        at: node.span,
        pointer: pointer
      )
      return nil
    }
    guard let message = readMessage(messageField) else { return nil }
    return FCM.SendRequest(message: message, validateOnly: validateOnly)
  }

  // MARK: - Message

  mutating func readMessage(_ field: Field) -> Located<FCM.Message>? {
    guard let fields = self.fields(of: field, kind: .message) else { return nil }
    var message = FCM.Message()
    message.name = string(fields[.name])
    if let name = fields[.name], message.name != nil {
      collector.emit(
        .fcmOutputOnlyField(name.key),
        at: name.keySpan,
        pointer: name.pointer,
        fixIts: [Diagnostic.FixIt("remove '\(name.key)'")]
      )
    }
    message.token = string(fields[.token])
    message.fid = string(fields[.fid])
    message.topic = string(fields[.topic])
    message.condition = string(fields[.condition])
    message.data = stringMap(fields[.data])
    message.notification = readNotification(fields[.notification])
    message.android = readAndroid(fields[.android])
    message.webpush = readWebpush(fields[.webpush])
    message.apns = readAPNS(fields[.apns])
    message.fcmOptions = readOptions(fields[.fcmOptions], kind: .fcmOptions)
    return Located(message, source: field.source)
  }

  mutating func readNotification(_ field: Field?) -> Located<FCM.Notification>? {
    guard let field, let fields = self.fields(of: field, kind: .notification) else { return nil }
    let notification = FCM.Notification(
      title: string(fields[.title]),
      body: string(fields[.body]),
      image: string(fields[.image])
    )
    return Located(notification, source: field.source)
  }

  mutating func readOptions(_ field: Field?, kind: FCMObjectKind) -> Located<FCM.Options>? {
    guard let field, let fields = self.fields(of: field, kind: kind) else { return nil }
    return Located(
      FCM.Options(analyticsLabel: string(fields[.analyticsLabel])),
      source: field.source
    )
  }

  // MARK: - Fields

  /// The members of the object `field` holds, by snake_case field name, reporting unknown
  /// fields and fields spelled twice. Returns `nil` (after reporting it unless the value is
  /// `null`) when the value is not an object.
  mutating func fields(of field: Field, kind: FCMObjectKind) -> FieldSet? {
    guard case .object(let object) = field.value.kind else {
      if !field.value.isNull {
        typeMismatch(field, expected: "an object")
      }
      return nil
    }
    var result = FieldSet()
    for member in object.members {
      let pointer = field.pointer.appending(member.key)
      guard let name = kind.canonicalField(for: member.key) else {
        reportUnknownField(member, in: kind, pointer: pointer)
        continue
      }
      if name.rawValue != member.key && options.reportsCamelCaseFieldNames {
        collector.emit(
          .fcmCamelCaseField(member.key, canonical: name.rawValue),
          at: member.keySpan,
          pointer: pointer,
          fixIts: renameFixIt(member, to: name.rawValue).map { [$0] } ?? []
        )
      }
      if let previous = result[name], previous.key != member.key {
        collector.emit(
          .fcmConflictingFieldSpellings(previous.key, member.key),
          at: member.keySpan,
          pointer: pointer,
          notes: [collector.note("'\(previous.key)' is set here", at: previous.keySpan)]
        )
      }
      result[name] = Field(
        name: name.rawValue,
        field: name,
        key: member.key,
        keySpan: member.keySpan,
        value: member.value,
        pointer: pointer,
        pathSpelling: .field(kind, name)
      )
    }
    return result
  }

  mutating func reportUnknownField(
    _ member: JSONObject.Member,
    in kind: FCMObjectKind,
    pointer: JSONPointer
  ) {
    switch FCMFieldSuggestion.forUnknownField(member.key, in: kind) {
    case .rename(let suggestion):
      collector.emit(
        .fcmUnknownField(member.key, object: kind.path, suggestion: suggestion),
        at: member.keySpan,
        pointer: pointer,
        fixIts: renameFixIt(member, to: suggestion).map { [$0] } ?? []
      )
    case .misplaced(let hint):
      collector.emit(
        .fcmMisplacedField(member.key, object: kind.path, hint: hint),
        at: member.keySpan,
        pointer: pointer
      )
    case nil:
      collector.emit(
        .fcmUnknownField(member.key, object: kind.path, suggestion: nil),
        at: member.keySpan,
        pointer: pointer
      )
    }
  }

  // MARK: - Fix-its

  /// A fix-it renaming the key of `member`, when the source spells the key literally.
  func renameFixIt(_ member: JSONObject.Member, to name: String) -> Diagnostic.FixIt? {
    guard let start = locator.contentStart(of: member.key, in: member.keySpan) else {
      return Diagnostic.FixIt("rename '\(member.key)' to '\(name)'")
    }
    let span = SourceSpan(start: start, end: start + member.key.utf8.count)
    return collector.fixIt("rename '\(member.key)' to '\(name)'", replacing: span, with: name)
  }

  /// A fix-it replacing the value of `field` by `text` written as a double-quoted string, which
  /// is valid in JSON and YAML alike.
  func quoteFixIt(_ message: String, _ field: Field, text: String) -> Diagnostic.FixIt {
    var quoted: [UInt8] = []
    CanonicalJSONWriter.writeString(text, into: &quoted)
    return collector.fixIt(
      message,
      replacing: field.value.span,
      with: String(decoding: quoted, as: UTF8.self)
    )
  }

  // MARK: - Type errors

  mutating func typeMismatch(_ field: Field, expected: String) {
    collector.emit(
      .fcmTypeMismatch(field.path, expected: expected, found: Self.describe(field.value)),
      at: field.value.span,
      pointer: field.pointer
    )
  }

  /// How a value is named in messages: `a number (76473)`, `an object`.
  static func describe(_ node: ValueNode) -> String {
    switch node.kind {
    case .null: "null"
    case .bool(let value): "a boolean (\(value))"
    case .number(let number): "a number (\(number.lexeme))"
    case .string(let string): "a string ('\(string.count > 40 ? string.prefix(40) + "…" : string)')"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
