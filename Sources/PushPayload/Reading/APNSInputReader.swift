package import PushDiagnostics
package import PushJSON

/// Reads raw APNs input into ``APNS/Request`` values for ``APNSRequestChecker``.
///
/// Three forms are read, detected from each document (see ``detectKind(of:)``; a document that
/// looks like none of them is read as a bare payload) or forced with ``APNSInputOptions/kind``:
///
/// - a bare payload, `{"aps": {...}, "custom": 1}`, with headers and the device token from
///   ``APNSInputOptions`` (provenance ``Provenance/option(name:)``);
/// - a request document, `{"device_token": "…", "headers": {...}, "payload": {...}}`, with the
///   headers as written (provenance ``Provenance/input(_:)``; numbers are read as their text,
///   names are lower-cased). An array of request documents is read element by element;
/// - a Simulator `.apns` file: a payload with a top-level `"Simulator Target Bundle"` key,
///   which is not part of what is delivered and gives `apns-topic`.
///
/// For JSON input, ``APNS/Request/payloadBytes`` are the payload's exact bytes in the file (for
/// a request document, the `payload` value's bytes as written, whitespace included), and
/// ``APNS/Request/isRawInput`` is true. For YAML input, and for Simulator files (whose bundle
/// key is removed), they are the compact canonical JSON pushc would send, and `isRawInput` is
/// false. Either way the payload's root has provenance ``Provenance/input(_:)`` at its place in
/// the document, so diagnostics point into the input.
///
/// Every document of the input (NDJSON lines, YAML documents) is one request, or one per
/// element for an array of request documents. FCM input is not read: ``detectKind(of:)`` tells
/// the caller to use ``FCMMessageReader`` instead, and reading it here reports
/// `apnsInputLooksLikeFCM`.
///
/// Emits: `apnsNoPayload`, `apnsInputLooksLikeFCM`, `apnsRequestUnknownField`,
/// `apnsValueType`, `apnsSimulatorTargetBundleMissing`.
package struct APNSInputReader: Sendable {
  /// The options in force.
  package var options: APNSInputOptions

  /// The key of a Simulator payload file that names the app.
  package static let simulatorTargetBundleKey = "Simulator Target Bundle"

  /// Creates a reader.
  package init(options: APNSInputOptions = APNSInputOptions()) {
    self.options = options
  }

  /// Reads every request of `source`.
  ///
  /// `apnsNoPayload` is reported only when the input was read without errors and holds no
  /// document.
  package func read(_ source: ParsedSource) -> APNSInputReadResult {
    var collector = DiagnosticCollector(file: source.file)
    var definitions: [APNSInputDefinition] = []
    // Read once: a source held as a tree makes its nodes on every read.
    let documents = source.documents
    for (index, document) in documents.enumerated() {
      let kind = options.kind ?? Self.detectKind(of: document) ?? .payload
      if kind == .fcm {
        collector.emit(
          .apnsInputLooksLikeFCM(),
          at: document.span,
          pointer: .root
        )
        continue
      }
      definitions += read(
        document, documentIndex: index, file: source.file, format: source.format,
        firstElementIndex: source.firstElementIndex)
    }
    if documents.isEmpty && !source.hasErrors {
      collector.emit(.apnsNoPayload(), at: SourceSpan(at: 0))
    }
    return APNSInputReadResult(
      file: source.file,
      kind: options.kind ?? documents.first.map { Self.detectKind(of: $0) ?? .payload },
      definitions: definitions,
      diagnostics: collector.diagnostics
    )
  }

  /// Reads the requests of one document.
  ///
  /// - Parameters:
  ///   - document: The root of the document.
  ///   - documentIndex: The 0-based position of the document in its file.
  ///   - file: The source, for the payload's bytes and positions; `nil` for trees built in code.
  ///   - format: The format the document was read from; only JSON bytes are used as they are.
  ///   - firstElementIndex: The index of an array's first element in the input's array (see
  ///     ``ParsedSource/firstElementIndex``).
  /// - Returns: One definition, or one per element of an array of request documents; none for
  ///   FCM input.
  package func read(
    _ document: ValueNode,
    documentIndex: Int = 0,
    file: SourceFile?,
    format: SourceFormat = .json,
    firstElementIndex: Int = 0
  ) -> [APNSInputDefinition] {
    let kind = options.kind ?? Self.detectKind(of: document) ?? .payload
    var nodes: [(ValueNode, JSONPointer)] = [(document, .root)]
    if kind == .request, let elements = document.arrayValue {
      nodes = elements.enumerated().map {
        ($0.element, JSONPointer.root.appending(index: firstElementIndex + $0.offset))
      }
    }
    guard kind != .fcm else { return [] }
    return nodes.map { node, pointer in
      var reader = APNSInputDocumentReader(options: options, file: file, format: format)
      return reader.read(node, pointer: pointer, kind: kind, documentIndex: documentIndex)
    }
  }

  // MARK: - Detection

  /// Top-level fields that make an object an FCM message (snake_case and lowerCamelCase).
  static let fcmFields: Set<String> = [
    "token", "topic", "condition", "fid", "notification", "data", "apns", "android", "webpush",
    "fcm_options", "fcmOptions", "validate_only", "validateOnly",
  ]

  /// Top-level fields of a request document.
  static let requestFields: Set<String> = ["device_token", "deviceToken", "headers", "payload"]

  /// The form of one document, or `nil` when it looks like none of them.
  ///
  /// Detection is positive: a document has a form only when it carries that form's marks. In
  /// order: an object with `Simulator Target Bundle` is a Simulator file; one with `aps` a bare
  /// payload; one with an object `message`, or with none of the request-document fields but an
  /// FCM field (`token`, `topic`, `condition`, `fid`, `notification`, `data`, `apns`,
  /// `android`, `webpush`, `fcm_options`, `validate_only`), an FCM message; one with
  /// `payload`, `headers` or `device_token` a request document. An array has the form of its
  /// first element. Anything else (`{}`, `{"name": "x"}`, a number, an empty array) has no
  /// form: ``PushCompiler`` reports `inputUnknownKind` for it unless the kind is given. VoIP,
  /// MDM and other payloads without `aps` are read as bare payloads only when the kind is
  /// given (`--kind apns`), or inside a request document.
  package static func detectKind(of document: ValueNode) -> APNSInputKind? {
    switch document.kind {
    case .array(let elements):
      guard let first = elements.first, let kind = detectKind(of: first) else { return nil }
      return kind == .simulator ? .payload : kind
    case .object(let object):
      if object[simulatorTargetBundleKey] != nil { return .simulator }
      if object["aps"] != nil { return .payload }
      if object["message"]?.objectValue != nil { return .fcm }
      if object.keys.contains(where: { requestFields.contains($0) }) { return .request }
      if object.keys.contains(where: { fcmFields.contains($0) }) { return .fcm }
      return nil
    default:
      return nil
    }
  }

  /// The form of the first document of `source`, or `nil` when it has none or the first
  /// looks like none of the forms.
  package static func detectKind(of source: ParsedSource) -> APNSInputKind? {
    source.firstDocumentOutline.flatMap { detectKind(of: $0) }
  }
}

/// Reads one request: the state of one ``APNSInputReader`` pass over one document or element.
struct APNSInputDocumentReader {
  let options: APNSInputOptions
  let file: SourceFile?
  let format: SourceFormat
  var collector: DiagnosticCollector

  init(options: APNSInputOptions, file: SourceFile?, format: SourceFormat) {
    self.options = options
    self.file = file
    self.format = format
    self.collector = file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector()
  }

  mutating func read(
    _ node: ValueNode,
    pointer: JSONPointer,
    kind: APNSInputKind,
    documentIndex: Int
  ) -> APNSInputDefinition {
    var checkerOptions = APNSRequestChecker.Options(payloadPointerBase: pointer)
    let request: APNS.Request
    switch kind {
    case .request:
      checkerOptions.payloadPointerBase = pointer.appending("payload")
      request = readRequestDocument(node, pointer: pointer)
    case .simulator:
      checkerOptions.destination = .simulator
      request = readSimulatorFile(node, pointer: pointer)
    case .payload, .fcm:
      if let object = node.objectValue {
        reportMisspelledSimulatorTargetBundle(in: object, pointer: pointer)
      }
      request = makeRequest(
        payload: node, payloadReference: SourceReference(pointer: pointer, span: node.span),
        headers: [], deviceToken: nil, bytesAsWritten: true)
    }
    return APNSInputDefinition(
      documentIndex: documentIndex,
      pointer: pointer,
      span: node.span,
      kind: kind,
      request: request,
      diagnostics: collector.diagnostics,
      checkerOptions: checkerOptions
    )
  }

  // MARK: - Forms

  /// Reads `{"device_token": …, "headers": {…}, "payload": {…}}`.
  mutating func readRequestDocument(_ node: ValueNode, pointer: JSONPointer) -> APNS.Request {
    guard let object = node.objectValue else {
      collector.emit(
        .apnsValueType(
          "request", expected: "a dictionary", found: APNSCheckContext.describe(node)),
        at: node.span,
        pointer: pointer
      )
      return makeRequest(
        payload: ValueNode(.null, span: node.span),
        payloadReference: SourceReference(pointer: pointer.appending("payload"), span: node.span),
        headers: [], deviceToken: nil, bytesAsWritten: false, isEmpty: true)
    }
    var deviceToken: Located<String>?
    var headers: [APNS.RequestHeader] = []
    var payload: JSONObject.Member?
    for member in object.members {
      let memberPointer = pointer.appending(member.key)
      switch member.key {
      case "device_token", "deviceToken":
        guard let token = member.value.stringValue else {
          collector.emit(
            .apnsValueType(
              member.key, expected: "a string", found: APNSCheckContext.describe(member.value)),
            at: member.value.span,
            pointer: memberPointer
          )
          continue
        }
        deviceToken = Located(
          token,
          source: SourceReference(
            pointer: memberPointer, span: member.value.span, keySpan: member.keySpan))
      case "headers":
        headers = readHeaders(member.value, pointer: memberPointer)
      case "payload":
        payload = member
      default:
        let candidates = ["device_token", "headers", "payload"]
        let suggestion =
          member.key == APNS.Payload.apsKey
          ? "payload" : EditDistance.closest(to: member.key, among: candidates)
        collector.emit(
          .apnsRequestUnknownField(member.key, suggestion: suggestion),
          at: member.keySpan,
          pointer: memberPointer
        )
      }
    }
    guard let payload else {
      return makeRequest(
        payload: ValueNode(.null, span: node.span),
        payloadReference: SourceReference(pointer: pointer.appending("payload"), span: node.span),
        headers: headers, deviceToken: deviceToken, bytesAsWritten: false, isEmpty: true)
    }
    return makeRequest(
      payload: payload.value,
      payloadReference: SourceReference(
        pointer: pointer.appending("payload"), span: payload.value.span, keySpan: payload.keySpan),
      headers: headers,
      deviceToken: deviceToken,
      bytesAsWritten: true
    )
  }

  /// Reads the `headers` dictionary of a request document.
  mutating func readHeaders(_ node: ValueNode, pointer: JSONPointer) -> [APNS.RequestHeader] {
    guard let object = node.objectValue else {
      collector.emit(
        .apnsValueType("headers", expected: "a dictionary", found: APNSCheckContext.describe(node)),
        at: node.span,
        pointer: pointer
      )
      return []
    }
    var headers: [APNS.RequestHeader] = []
    for member in object.members {
      let memberPointer = pointer.appending(member.key)
      let value: String
      switch member.value.kind {
      case .string(let string): value = string
      case .number, .bool: value = member.value.scalarText ?? ""
      default:
        collector.emit(
          .apnsValueType(
            "headers.\(member.key)", expected: "a string",
            found: APNSCheckContext.describe(member.value)),
          at: member.value.span,
          pointer: memberPointer
        )
        continue
      }
      headers.append(
        APNS.RequestHeader(
          name: member.key.lowercased(),
          value: value,
          provenance: .input(
            SourceReference(
              pointer: memberPointer, span: member.value.span, keySpan: member.keySpan))
        ))
    }
    return headers
  }

  /// Reads a Simulator payload file: the payload without `Simulator Target Bundle`, whose
  /// value becomes `apns-topic`.
  mutating func readSimulatorFile(_ node: ValueNode, pointer: JSONPointer) -> APNS.Request {
    let key = APNSInputReader.simulatorTargetBundleKey
    guard var object = node.objectValue else {
      return makeRequest(
        payload: node, payloadReference: SourceReference(pointer: pointer, span: node.span),
        headers: [], deviceToken: nil, bytesAsWritten: false)
    }
    var headers: [APNS.RequestHeader] = []
    if let member = object.member(named: key) {
      let memberPointer = pointer.appending(key)
      if let bundle = member.value.stringValue {
        headers.append(
          APNS.RequestHeader(
            .topic,
            value: bundle,
            provenance: .input(
              SourceReference(
                pointer: memberPointer, span: member.value.span, keySpan: member.keySpan))
          ))
      } else {
        collector.emit(
          .apnsValueType(
            key, expected: "a string (the app's bundle ID)",
            found: APNSCheckContext.describe(member.value)),
          at: member.value.span,
          pointer: memberPointer
        )
      }
      object.members.removeAll { $0.key == key }
    } else if reportMisspelledSimulatorTargetBundle(in: object, pointer: pointer) {
      // The misspelling is what is wrong, not a missing key.
    } else if options.topic == nil
      && !options.headers.contains(where: { $0.name == APNS.HeaderName.topic.rawValue })
    {
      collector.emit(.apnsSimulatorTargetBundleMissing(), at: node.span, pointer: pointer)
    }
    let payload = ValueNode(.object(object), span: node.span)
    return makeRequest(
      payload: payload, payloadReference: SourceReference(pointer: pointer, span: node.span),
      headers: headers, deviceToken: nil, bytesAsWritten: false)
  }

  /// Reports a top-level key of `object` that is nearly `Simulator Target Bundle`
  /// (`Simulate Target Bundle`, another case or spacing), which `xcrun simctl push` does not
  /// recognise, so the file would be a payload with one more custom key. Returns whether there
  /// was one.
  @discardableResult
  mutating func reportMisspelledSimulatorTargetBundle(in object: JSONObject, pointer: JSONPointer)
    -> Bool
  {
    let expected = APNSInputReader.simulatorTargetBundleKey
    guard object[expected] == nil,
      let member = object.members.first(where: { Self.isNearlySimulatorTargetBundle($0.key) })
    else { return false }
    collector.emit(
      .apnsSimulatorTargetBundleMisspelled(member.key),
      at: member.keySpan,
      pointer: pointer.appending(member.key),
      fixIts: [
        collector.fixIt(
          "rename it to '\(expected)'", replacing: member.keySpan,
          with: format == .yaml ? expected : "\"\(expected)\"")
      ]
    )
    return true
  }

  /// Whether `key` is `Simulator Target Bundle` misspelled: equal to it without case, spaces,
  /// `_` and `-`, or within three edits of that.
  static func isNearlySimulatorTargetBundle(_ key: String) -> Bool {
    guard key.count >= 15, key.count <= 30 else { return false }
    let folded = String(
      key.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" })
    return EditDistance.distance(folded, "simulatortargetbundle", limit: 3) != nil
  }

  // MARK: - Assembly

  /// Builds the request: the payload's bytes, the option headers over the document's, and the
  /// option device token over the document's.
  func makeRequest(
    payload: ValueNode,
    payloadReference: SourceReference,
    headers documentHeaders: [APNS.RequestHeader],
    deviceToken documentToken: Located<String>?,
    bytesAsWritten: Bool,
    isEmpty: Bool = false
  ) -> APNS.Request {
    let optionHeaders = options.allHeaders
    let replaced = Set(optionHeaders.map(\.name))
    var headers = documentHeaders.filter { !replaced.contains($0.name) }
    headers += optionHeaders.map {
      APNS.RequestHeader(name: $0.name, value: $0.value, provenance: .option(name: $0.optionName))
    }
    let deviceToken = options.deviceToken.map { Located($0) } ?? documentToken

    var bytes: [UInt8] = []
    var isRawInput = false
    if !isEmpty {
      if bytesAsWritten, let file, format != .yaml,
        payload.span.start >= 0, payload.span.end <= file.bytes.count, payload.span.count > 0
      {
        bytes = Array(file.bytes[payload.span.start..<payload.span.end])
        isRawInput = true
      } else {
        bytes = CanonicalJSONWriter(style: .compact).bytes(for: payload)
      }
    }
    return APNS.Request(
      deviceToken: deviceToken,
      headers: headers,
      payload: payload,
      payloadBytes: bytes,
      isRawInput: isRawInput,
      payloadProvenance: [.root: .input(payloadReference)]
    )
  }
}
