public import PushDiagnostics
public import PushJSON
import PushPayload

/// Decodes received pushes under a ``PushContract``: from a capture's bytes, a parsed capture,
/// a value tree, or the `userInfo` of a notification.
///
/// ```swift
/// let decoder = ReceivedPushDecoder(contract: .kuring)  // or the app's own contract
/// let push = decoder.decode(userInfo: notification.request.content.userInfo)
/// if push.decodes, push.kind == "notice" {
///   let id = push[field: "id"]?.numberValue?.intValue
/// }
/// ```
///
/// Decoding separates FCM's keys (``FCMMetadata``) from the app's, builds the `aps` model
/// (``APNS/APS``), chooses the kind from the discriminator and reads each of the kind's fields,
/// reporting absent and mistyped fields by name. Untyped text from Swift `print` and
/// `NSDictionary` captures is converted to the type a field needs, with a note when the capture
/// cannot show whether the device had that type.
public struct ReceivedPushDecoder: Sendable {
  /// The contract pushes are decoded under.
  public var contract: PushContract

  /// Creates a decoder for `contract`.
  ///
  /// There is no default: a push means what the receiving app makes of it, so the app names
  /// its own contract (read with ``PushContract/read(json:)``, or built in code) or a
  /// built-in one such as ``PushContract/kuring``.
  public init(contract: PushContract) {
    self.contract = contract
  }

  /// Reads and decodes a capture in any ``CaptureForm``.
  ///
  /// - Parameters:
  ///   - file: The capture.
  ///   - options: The form to assume, if any, and the nesting limit.
  /// - Returns: The decoded push, with the reading diagnostics first.
  public func decode(_ file: SourceFile, options: CaptureReader.Options = CaptureReader.Options())
    -> DecodedPush
  {
    decode(CaptureReader.read(file, options: options))
  }

  /// Reads and decodes the bytes of a capture.
  ///
  /// - Parameters:
  ///   - bytes: The capture's UTF-8 bytes.
  ///   - name: The name diagnostics use.
  /// - Returns: The decoded push.
  public func decode(bytes: [UInt8], name: String = "<capture>") -> DecodedPush {
    decode(SourceFile(name: name, bytes: bytes))
  }

  /// Decodes a parsed capture.
  ///
  /// - Parameter capture: The output of ``CaptureReader``.
  /// - Returns: The decoded push; when the capture has reading errors, only those diagnostics
  ///   and no kind.
  public func decode(_ capture: ParsedCapture) -> DecodedPush {
    var collector = DiagnosticCollector(file: capture.file)
    collector.append(contentsOf: capture.diagnostics)
    guard let root = capture.root, !capture.hasErrors else {
      return DecodedPush(
        contractName: contract.name, form: capture.form,
        diagnostics: collector.diagnostics.sortedForPresentation())
    }
    var push = decode(root, collector: &collector)
    push.form = capture.form
    return push
  }

  /// Decodes a push given as a value tree.
  ///
  /// - Parameters:
  ///   - root: The push.
  ///   - file: The source the tree was read from, for diagnostic positions.
  /// - Returns: The decoded push.
  public func decode(_ root: ValueNode, file: SourceFile? = nil) -> DecodedPush {
    var collector = file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector()
    return decode(root, collector: &collector)
  }

  // MARK: - Implementation

  package func decode(_ root: ValueNode, collector: inout DiagnosticCollector) -> DecodedPush {
    var push = DecodedPush(contractName: contract.name)
    guard let object = root.objectValue else {
      collector.emit(
        .decodeRootNotObject(found: root.decodeDescription), at: root.span, pointer: .root)
      push.diagnostics = collector.diagnostics.sortedForPresentation()
      return push
    }
    let (fcm, rest) = FCMMetadata.separate(object, into: &collector)
    push.fcm = fcm
    var appMembers: [JSONObject.Member] = []
    var apsNode: ValueNode?
    for member in rest {
      if member.key == "aps" {
        apsNode = member.value
      } else {
        appMembers.append(member)
      }
    }
    if let apsNode {
      push.aps = APNS.APS.read(apsNode, at: JSONPointer(tokens: ["aps"]), into: &collector)
    } else {
      collector.emit(
        .decodeMissingAPS(),
        at: SourceSpan(start: root.span.start, end: min(root.span.end, root.span.start + 1)),
        pointer: .root)
    }

    // Choose the kind.
    let discriminator = contract.discriminator
    var usedKeys: Set<String> = []
    var kind: PushContract.Kind?
    var discriminatorSpan: SourceSpan?
    if let member = object.member(named: discriminator) {
      usedKeys.insert(discriminator)
      if let value = member.value.stringValue {
        push.discriminatorValue = value
        discriminatorSpan = member.value.span
        guard let chosen = contract.kind(forDiscriminatorValue: value) else {
          collector.emit(
            .decodeUnsupportedKind(value, discriminator: discriminator),
            at: member.value.span,
            pointer: JSONPointer(tokens: [discriminator]),
            notes: [collector.note("the contract '\(contract.name)' knows \(knownValues)")]
          )
          push.kind = DecodedPush.unsupportedKind
          push.data = JSONObject(
            appMembers.filter { !usedKeys.contains($0.key) }.map(Self.stripped))
          push.diagnostics = collector.diagnostics.sortedForPresentation()
          return push
        }
        kind = chosen
      } else {
        collector.emit(
          .decodeDiscriminatorType(discriminator, found: member.value.decodeDescription),
          at: member.value.span,
          pointer: JSONPointer(tokens: [discriminator])
        )
        kind = contract.defaultKind
      }
    } else {
      kind = contract.defaultKind
    }
    guard let kind else {
      collector.emit(
        .decodeMissingDiscriminator(discriminator),
        at: SourceSpan(start: root.span.start, end: min(root.span.end, root.span.start + 1)),
        pointer: .root)
      push.data = JSONObject(appMembers.map(Self.stripped))
      push.diagnostics = collector.diagnostics.sortedForPresentation()
      return push
    }
    push.kind = kind.name

    // Read the fields.
    let anchor =
      discriminatorSpan
      ?? SourceSpan(start: root.span.start, end: min(root.span.end, root.span.start + 1))
    var fields: [JSONObject.Member] = []
    for field in kind.fields {
      usedKeys.insert(field.key)
      let value = read(
        field, of: kind, in: root, object: object, anchor: anchor, collector: &collector)
      fields.append(JSONObject.Member(key: field.key, value: value.withoutSpans))
    }
    push.fields = JSONObject(fields)
    push.data = JSONObject(appMembers.filter { !usedKeys.contains($0.key) }.map(Self.stripped))
    push.diagnostics = collector.diagnostics.sortedForPresentation()
    return push
  }

  private var knownValues: String {
    let values = contract.kinds.flatMap(\.discriminatorValues).map { "'\($0)'" }
    return values.isEmpty ? "no values" : values.joined(separator: ", ")
  }

  /// The value of `field`: converted, from a fallback, the default, or `null`.
  private func read(
    _ field: PushContract.Field,
    of kind: PushContract.Kind,
    in root: ValueNode,
    object: JSONObject,
    anchor: SourceSpan,
    collector: inout DiagnosticCollector
  ) -> ValueNode {
    let pointer = JSONPointer(tokens: [field.key])
    let fallbackValue = field.defaultValue ?? ValueNode(.null)
    if let node = object[field.key] {
      switch field.convert(node) {
      case .converted(let value, let fromUntypedText):
        if fromUntypedText {
          collector.emit(
            .decodeUntypedField(field.key, expected: field.expectation), at: node.span,
            pointer: pointer)
        }
        return value
      case .wrongType:
        var notes: [Diagnostic.Note] = []
        if !field.isRequired {
          notes.append(
            collector.note(
              "the app ignores the value and uses \(Self.describeFallback(field.defaultValue))",
              at: node.span))
        }
        collector.emit(
          .decodeFieldType(field.key, expected: field.expectation, found: node.decodeDescription),
          at: node.span,
          pointer: pointer,
          severity: field.isRequired ? .error : .warning,
          notes: notes
        )
        return field.isRequired ? ValueNode(.null) : fallbackValue
      case .wrongFormat:
        let text = node.stringValue ?? node.scalarText ?? ""
        collector.emit(
          .decodeFieldFormat(
            field.key, format: field.format.map(field.formatExpectation) ?? field.expectation,
            value: ValueNode.shortened(text)),
          at: node.span,
          pointer: pointer,
          severity: field.formatSeverity
        )
        // The app reads the text as it is; only a format error makes the field unusable.
        return field.formatSeverity == .error ? ValueNode(.null) : ValueNode(.string(text))
      }
    }
    for fallback in field.fallbacks {
      guard let node = root[fallback], case .converted(let value, _) = field.convert(node) else {
        continue
      }
      collector.emit(
        .decodeFieldFallback(field.key, source: fallback.description),
        at: node.span,
        pointer: fallback
      )
      return value
    }
    if field.isRequired {
      collector.emit(.decodeMissingField(field.key, kind: kind.name), at: anchor, pointer: pointer)
      return ValueNode(.null)
    }
    return fallbackValue
  }

  private static func describeFallback(_ value: ValueNode?) -> String {
    guard let value else { return "nothing" }
    return CanonicalJSONWriter(style: .compact).string(for: value)
  }

  private static func stripped(_ member: JSONObject.Member) -> JSONObject.Member {
    JSONObject.Member(key: member.key, value: member.value.withoutSpans)
  }
}
