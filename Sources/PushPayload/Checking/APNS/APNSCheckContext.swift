import PushDiagnostics
import PushJSON

/// What every APNs rule needs: the request, the options, the push type and `aps`, and the
/// mapping from parts of the request back to the input.
struct APNSCheckContext {
  /// The request being checked.
  var request: APNS.Request { unsafeAddress { requestAddress } }
  /// The checker's options.
  var options: APNSRequestChecker.Options { unsafeAddress { optionsAddress } }
  /// Where ``request`` is: the context lends the checker's request and options rather than
  /// copying them (a retain of each of their references, and a release after), and lives only
  /// while ``APNSRequestChecker/check(_:collector:)`` holds them
  /// (``withContext(request:options:_:)``).
  private let requestAddress: UnsafePointer<APNS.Request>
  /// Where ``options`` is.
  private let optionsAddress: UnsafePointer<APNSRequestChecker.Options>
  /// The first `apns-push-type` header, if any.
  let pushTypeHeader: APNS.RequestHeader?
  /// The push type the header names, when it names a known one.
  let pushType: APNSLimits.PushType?
  /// The known push type, if any (kept apart from ``pushType``, whose description the rules
  /// that read it per key would otherwise copy).
  let knownPushType: APNS.PushType?
  /// The payload's top-level object, when it is one.
  let topLevel: JSONObject?
  /// The last `aps` member of the payload (the one APNs clients read), if any.
  let apsMember: JSONObject.Member?

  /// The pointer to `aps` inside the payload.
  static let apsPointer = JSONPointer(tokens: [APNS.Payload.apsKey])

  /// Calls `body` with the context of checking `request` with `options`, which it must not
  /// keep.
  static func withContext<Result>(
    request: borrowing APNS.Request,
    options: borrowing APNSRequestChecker.Options,
    _ body: (APNSCheckContext) -> Result
  ) -> Result {
    withUnsafePointer(to: request) { request in
      withUnsafePointer(to: options) { options in
        body(APNSCheckContext(requestAddress: request, optionsAddress: options))
      }
    }
  }

  private init(
    requestAddress: UnsafePointer<APNS.Request>,
    optionsAddress: UnsafePointer<APNSRequestChecker.Options>
  ) {
    self.requestAddress = requestAddress
    self.optionsAddress = optionsAddress
    let request = requestAddress
    // Found in place: `first(where:)` copies each header it passes (and `header(_:)` uses it).
    let headers = request.pointee.headers
    let pushTypeName = APNS.HeaderName.pushType.rawValue
    let pushTypeHeaderIndex = headers.firstIndex { $0.name == pushTypeName }
    self.pushTypeHeader = pushTypeHeaderIndex.map { headers[$0] }
    // The push type named by the header: its known type, then its description, found by index
    // (``APNSLimits/pushType(named:)`` copies each description it passes).
    // Read from the headers by index: a closure on the optional header would copy it.
    let pushType = pushTypeHeaderIndex.flatMap { headerIndex in
      let value = headers[headerIndex].value
      let length = value.utf8.count
      let pushTypes = APNSLimits.pushTypes
      return pushTypes.firstIndex {
        $0.pushType.rawValue.utf8.count == length && $0.pushType.rawValue == value
      }.map { pushTypes[$0] }
    }
    self.pushType = pushType
    self.knownPushType = pushType?.pushType
    let topLevel = request.pointee.payload.objectValue
    self.topLevel = topLevel
    // `member(named:)`, comparing lengths first: most top-level keys are not 3 bytes long.
    let apsKey = APNS.Payload.apsKey
    let apsKeyLength = apsKey.utf8.count
    self.apsMember = topLevel?.members.last {
      $0.key.utf8.count == apsKeyLength && $0.key == apsKey
    }
  }

  /// The `aps` dictionary, when the payload has one and it is an object.
  var aps: JSONObject? { apsMember?.value.objectValue }

  /// The name of the known push type, if any.
  var pushTypeName: String? { pushType?.name }

  /// Whether the payload is for a Live Activity: the push type says so, or no valid push type
  /// is given and `aps` has an `event`.
  var isLiveActivity: Bool {
    if let pushType { return pushType.pushType == .liveactivity }
    return aps?[aps: .event] != nil
  }

  /// The members of `object`, keeping only the last of each key (the one clients read).
  static func effectiveMembers(of object: JSONObject) -> [JSONObject.Member] {
    let members = object.members
    guard members.count > 1 else { return members }
    if members.count <= 16 {
      // Small objects, nearly always without a repeated key: comparing keys is cheaper than
      // hashing them.
      var repeats = false
      for index in 1..<members.count where !repeats {
        let key = members[index].key
        let length = key.utf8.count
        repeats = members[..<index].contains { $0.key.utf8.count == length && $0.key == key }
      }
      guard repeats else { return members }
    }
    var lastIndex: [String: Int] = [:]
    for (index, member) in object.members.enumerated() { lastIndex[member.key] = index }
    return object.members.enumerated().compactMap { index, member in
      lastIndex[member.key] == index ? member : nil
    }
  }

  // MARK: - Locations

  /// The input place of the payload value at `pointer` whose node spans `span`.
  func location(ofPayloadValueAt pointer: JSONPointer, span: SourceSpan) -> APNSLocation {
    guard let (provenance, remaining) = nearestProvenance(of: pointer) else {
      return APNSLocation(
        span: Self.isPlaceholder(span) ? nil : span,
        pointer: JSONPointer(tokens: options.payloadPointerBase.tokens + pointer.tokens)
      )
    }
    guard let reference = provenance.sourceReference else {
      return APNSLocation(span: nil, pointer: nil, origin: Self.origin(of: provenance))
    }
    let resolved: SourceSpan?
    if !Self.isPlaceholder(span) {
      resolved = span
    } else if remaining.isEmpty {
      resolved = reference.span
    } else {
      resolved = nil
    }
    return APNSLocation(
      span: resolved,
      pointer: JSONPointer(tokens: reference.pointer.tokens + remaining)
    )
  }

  /// The input place of the key of `member`, whose value is at `pointer` in the payload.
  func location(ofKeyOf member: JSONObject.Member, at pointer: JSONPointer) -> APNSLocation {
    var location = self.location(ofPayloadValueAt: pointer, span: member.value.span)
    if location.span != nil, !Self.isPlaceholder(member.keySpan) {
      location.span = member.keySpan
    }
    return location
  }

  /// The input place of the payload member `key` of the object at `parent`.
  func location(of member: JSONObject.Member, in parent: JSONPointer) -> APNSLocation {
    location(ofPayloadValueAt: parent.appending(member.key), span: member.value.span)
  }

  /// The input place of a header's value, or of its name when `name` is true.
  func location(of header: APNS.RequestHeader, name: Bool = false) -> APNSLocation {
    guard let reference = header.provenance.sourceReference else {
      return APNSLocation(span: nil, pointer: nil, origin: Self.origin(of: header.provenance))
    }
    let span = name ? reference.keySpan ?? reference.span : reference.span
    return APNSLocation(span: Self.isPlaceholder(span) ? nil : span, pointer: reference.pointer)
  }

  /// The input place of the device token.
  var deviceTokenLocation: APNSLocation {
    guard let source = request.deviceToken?.source else {
      return APNSLocation(
        span: nil, pointer: nil, origin: "the device token was given as an option")
    }
    return APNSLocation(span: source.span, pointer: source.pointer)
  }

  /// The provenance listed for `pointer` or its nearest ancestor, and the tokens from that
  /// ancestor down to `pointer`.
  private func nearestProvenance(of pointer: JSONPointer) -> (Provenance, [String])? {
    guard !request.payloadProvenance.isEmpty else { return nil }
    var tokens = pointer.tokens
    var removed: [String] = []
    while true {
      if let provenance = request.payloadProvenance[JSONPointer(tokens: tokens)] {
        return (provenance, removed.reversed())
      }
      guard let last = tokens.popLast() else { return nil }
      removed.append(last)
    }
  }

  /// Whether `span` is the empty span at 0 that values built in code have.
  static func isPlaceholder(_ span: SourceSpan) -> Bool {
    span.start == 0 && span.end == 0
  }

  /// A note saying where a value that was not written in the input came from.
  static func origin(of provenance: Provenance) -> String? {
    switch provenance {
    case .input: nil
    case .derived(let rule, _): "this value is built by the lowering rule '\(rule)'"
    case .inferred(_, let reason): "pushc inferred this value: \(reason)"
    case .defaulted(_, let reason): "this is a default value: \(reason)"
    case .option(let name): "this value was given with the option '\(name)'"
    case .injectedByFCM(let reason): "FCM adds this value on delivery (\(reason))"
    }
  }

  // MARK: - Text

  /// The dotted path of a payload pointer for messages, such as `aps.alert.title`.
  static func path(_ pointer: JSONPointer) -> String {
    pointer.tokens.joined(separator: ".")
  }

  /// A short description of a value for messages: `a number (3)`, `a string ('x')`.
  static func describe(_ node: ValueNode) -> String {
    switch node.kind {
    case .null: return "null"
    case .bool(let value): return "a boolean (\(value))"
    case .number(let number): return "a number (\(number.lexeme))"
    case .string(let string):
      let shown = string.count > 40 ? string.prefix(40) + "…" : Substring(string)
      return "a string ('\(shown)')"
    case .array: return "an array"
    case .object: return "a dictionary"
    }
  }

  /// How messages name a value type.
  static func describe(_ types: [APNSLimits.ValueType]) -> String {
    let names = types.map { type -> String in
      switch type {
      case .string: "a string"
      case .integer: "an integer"
      case .number: "a number"
      case .boolean: "a boolean"
      case .dictionary: "a dictionary"
      case .stringArray: "an array of strings"
      }
    }
    return names.count <= 1
      ? names.first ?? ""
      : names.dropLast().joined(separator: ", ")
        + " or " + (names.last ?? "")
  }

  /// Whether `node` has one of `types`.
  static func matches(_ node: ValueNode, _ types: [APNSLimits.ValueType]) -> Bool {
    // Cases without a binding test the node's kind without copying its payload.
    for type in types {
      switch type {
      case .string: if case .string = node.kind { return true }
      case .boolean: if case .bool = node.kind { return true }
      case .dictionary: if case .object = node.kind { return true }
      case .number: if case .number = node.kind { return true }
      case .integer:
        if case .number(let number) = node.kind, number.isIntegerLiteral { return true }
      case .stringArray:
        if case .array(let elements) = node.kind, elements.allSatisfy({ $0.stringValue != nil }) {
          return true
        }
      }
    }
    return false
  }
}

/// Where a diagnostic about part of a request points: bytes of the input, the JSON Pointer into
/// the input document, and a note when the value was not written in the input.
struct APNSLocation {
  /// The bytes, or `nil` when the value has none in the input.
  var span: SourceSpan?
  /// The pointer into the input document, or `nil` when the value has none.
  var pointer: JSONPointer?
  /// Where the value came from, when it was not written in the input.
  var origin: String?
}

extension DiagnosticCollector {
  /// Emits `message` at `location`, adding a note on where the value came from when it was not
  /// written in the input.
  mutating func emit(
    _ message: DiagnosticMessage,
    at location: APNSLocation,
    severity: Severity? = nil,
    notes: [Diagnostic.Note] = [],
    fixIts: [Diagnostic.FixIt] = []
  ) {
    var allNotes = notes
    if let origin = location.origin { allNotes.insert(note(origin), at: 0) }
    emit(
      message,
      at: location.span,
      pointer: location.pointer,
      severity: severity,
      notes: allNotes,
      fixIts: fixIts
    )
  }

  /// A note at `location`.
  func note(_ message: String, at location: APNSLocation) -> Diagnostic.Note {
    note(message, at: location.span, pointer: location.pointer)
  }

  /// A fix-it replacing the string `text`, whose bytes (quoted or not) are `span`, by
  /// `replacement`; only described when the bytes do not spell the text literally.
  func fixIt(
    _ message: String,
    replacingString text: String,
    at span: SourceSpan?,
    with replacement: String
  ) -> Diagnostic.FixIt {
    guard let span, !APNSCheckContext.isPlaceholder(span) else { return Diagnostic.FixIt(message) }
    let count = text.utf8.count
    if span.count == count + 2 {
      return fixIt(
        message,
        replacing: SourceSpan(start: span.start + 1, end: span.end - 1),
        with: replacement
      )
    }
    if span.count == count { return fixIt(message, replacing: span, with: replacement) }
    return Diagnostic.FixIt(message)
  }

  /// A fix-it replacing the bytes of a whole value by `replacement`, written as JSON.
  func fixIt(_ message: String, replacingValueAt span: SourceSpan?, with replacement: String)
    -> Diagnostic.FixIt
  {
    guard let span, !APNSCheckContext.isPlaceholder(span) else { return Diagnostic.FixIt(message) }
    return fixIt(message, replacing: span, with: replacement)
  }
}
