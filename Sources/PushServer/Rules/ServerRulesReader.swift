public import PushDiagnostics
public import PushJSON
import PushPayload

/// Reads a rules document (the value tree of a YAML or JSON file, or of a `POST /_pushc/rules`
/// body) into ``ServerRules``, checking every key and value: what is wrong is a diagnostic at
/// its place, with a "did you mean" and a fix-it where one is close.
///
/// Reads the top level and the `apns` section; `tokens` and `fcm` are the FCM endpoint's
/// sections, accepted here and read by its own reader.
///
/// Emits: ``DiagnosticID/serveConflictingKeys``, ``DiagnosticID/serveInvalidDate``,
/// ``DiagnosticID/serveInvalidDeviceToken``, ``DiagnosticID/serveInvalidType``,
/// ``DiagnosticID/serveMissingKey``, ``DiagnosticID/serveReasonStatusMismatch``,
/// ``DiagnosticID/serveUnknownKey``, ``DiagnosticID/serveUnknownReason``,
/// ``DiagnosticID/serveUnknownStatus``, ``DiagnosticID/serveValueOutOfRange``.
public enum ServerRulesReader {
  /// The rules read, and what was wrong.
  public struct Result: Sendable {
    /// The rules that could be read; use them only when ``isValid``.
    public var rules: ServerRules
    /// The diagnostics of the reading, and of the parsing before it.
    public var diagnostics: [Diagnostic]

    /// Whether no diagnostic is an error.
    public var isValid: Bool { !diagnostics.containsErrors }
  }

  /// The largest `latency_ms`: one minute.
  public static let maximumLatencyMilliseconds = 60_000

  /// Reads the parsed rules file or body: its one document (an empty file is no rules).
  public static func read(_ parsed: ParsedSource) -> Result {
    var result =
      parsed.documents.first.map { read($0, file: parsed.file) }
      ?? Result(rules: ServerRules(), diagnostics: [])
    var collector = DiagnosticCollector(file: parsed.file)
    for extra in parsed.documents.dropFirst() {
      collector.emit(
        .serveInvalidType(
          "a rules file", expected: "one document", found: "several"),
        at: extra.span)
    }
    result.diagnostics = parsed.diagnostics + collector.diagnostics + result.diagnostics
    return result
  }

  /// Reads `document`, whose text is `file` (`nil` for a document built in code).
  public static func read(_ document: ValueNode, file: SourceFile?) -> Result {
    var reading = Reading(
      collector: file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector(),
      bytes: file?.bytes ?? [])
    let rules = reading.readTopLevel(document)
    return Result(rules: rules, diagnostics: reading.collector.diagnostics)
  }

  /// The state of reading one document.
  private struct Reading {
    var collector: DiagnosticCollector
    let bytes: [UInt8]

    // MARK: - Sections

    mutating func readTopLevel(_ document: ValueNode) -> ServerRules {
      var rules = ServerRules()
      if document.isNull { return rules }
      guard
        let members = members(
          of: document, subject: "the rules", pointer: .root,
          allowed: ServerRules.topLevelKeys, section: "the rules")
      else { return rules }
      for member in members where member.key == "apns" {
        rules.apns = readAPNS(member.value, pointer: JSONPointer.root.appending("apns"))
      }
      return rules
    }

    mutating func readAPNS(_ node: ValueNode, pointer: JSONPointer) -> ServerRules.APNS {
      var apns = ServerRules.APNS()
      guard
        let members = members(
          of: node, subject: "'apns'", pointer: pointer, allowed: ServerRules.APNS.keys,
          section: "'apns'")
      else { return apns }
      for member in members {
        let value = member.value
        let here = pointer.appending(member.key)
        switch member.key {
        case "devices":
          apns.devices = readDevices(value, pointer: here)
        case "faults":
          apns.faults = readFaults(value, pointer: here)
        case "latency_ms":
          if let latency = integer(
            value, key: "latency_ms", pointer: here,
            in: 0...ServerRulesReader.maximumLatencyMilliseconds,
            range: "between 0 and \(ServerRulesReader.maximumLatencyMilliseconds) milliseconds")
          {
            apns.latencyMilliseconds = latency
          }
        case "goaway_after_streams":
          apns.goawayAfterStreams = integer(
            value, key: "goaway_after_streams", pointer: here, in: 1...Int.max,
            range: "at least 1")
        case "sink":
          if let flag = value.boolValue {
            apns.isSink = flag
          } else {
            wrongType(value, "'sink'", expected: "true or false", pointer: here)
          }
        case "seed":
          if let seed = integer(
            value, key: "seed", pointer: here, in: 0...Int.max, range: "0 or more")
          {
            apns.seed = UInt64(seed)
          }
        default:
          break
        }
      }
      return apns
    }

    mutating func readDevices(_ node: ValueNode, pointer: JSONPointer) -> [String: ServerRules
      .Device]
    {
      var devices: [String: ServerRules.Device] = [:]
      guard let object = node.objectValue else {
        wrongType(
          node, "'devices'", expected: "a mapping from device token to its state",
          pointer: pointer)
        return devices
      }
      for member in object.members {
        let here = pointer.appending(member.key)
        let token = member.key.lowercased()
        if !Self.isDeviceToken(token) {
          collector.emit(.serveInvalidDeviceToken(member.key), at: member.keySpan, pointer: here)
        }
        guard
          let fields = members(
            of: member.value, subject: "the state of a device", pointer: here,
            allowed: ServerRules.Device.keys, section: "a device")
        else { continue }
        guard let since = fields.last(where: { $0.key == "unregistered_since" }) else {
          collector.emit(
            .serveMissingKey("unregistered_since", in: "a device"), at: member.value.span,
            pointer: here)
          continue
        }
        if let time = date(
          since.value, key: "unregistered_since", pointer: here.appending("unregistered_since"))
        {
          devices[token] = ServerRules.Device(unregisteredSince: time)
        }
      }
      return devices
    }

    mutating func readFaults(_ node: ValueNode, pointer: JSONPointer) -> [ServerRules.Fault] {
      guard let entries = node.arrayValue else {
        wrongType(node, "'faults'", expected: "a list of faults", pointer: pointer)
        return []
      }
      var faults: [ServerRules.Fault] = []
      for (index, entry) in entries.enumerated() {
        if let fault = readFault(entry, pointer: pointer.appending(index: index)) {
          faults.append(fault)
        }
      }
      return faults
    }

    mutating func readFault(_ node: ValueNode, pointer: JSONPointer) -> ServerRules.Fault? {
      guard
        let members = members(
          of: node, subject: "a fault", pointer: pointer, allowed: ServerRules.Fault.keys,
          section: "a fault")
      else { return nil }
      var token: String?
      var topic: String?
      var reason: String?
      var status: (value: Int, node: ValueNode)?
      var times: (value: Int, node: ValueNode)?
      var probability: (value: Double, node: ValueNode)?
      var isValid = true
      for member in members {
        let value = member.value
        let here = pointer.appending(member.key)
        switch member.key {
        case "match":
          guard
            let fields = self.members(
              of: value, subject: "'match'", pointer: here, allowed: ServerRules.Fault.matchKeys,
              section: "'match'")
          else {
            isValid = false
            continue
          }
          for field in fields {
            let fieldPointer = here.appending(field.key)
            guard let text = field.value.stringValue, !text.isEmpty else {
              wrongType(
                field.value, "'match.\(field.key)'",
                expected: field.key == "token" ? "a device token" : "a topic (bundle ID)",
                pointer: fieldPointer)
              isValid = false
              continue
            }
            if field.key == "token" {
              if !Self.isDeviceToken(text.lowercased()) {
                collector.emit(
                  .serveInvalidDeviceToken(text), at: field.value.span, pointer: fieldPointer)
                isValid = false
              }
              token = text.lowercased()
            } else {
              topic = text
            }
          }
        case "reason":
          guard let text = value.stringValue else {
            wrongType(value, "'reason'", expected: "an APNs reason", pointer: here)
            isValid = false
            continue
          }
          guard APNSReason.statusByReason[text] != nil else {
            let suggestion = EditDistance.closest(
              to: text, among: APNSReason.statusByReason.keys.sorted())
            collector.emit(
              .serveUnknownReason(text, suggestion: suggestion), at: value.span, pointer: here,
              fixIts: suggestion.map { [replacement(value.span, with: $0, "use '\($0)'")] } ?? [])
            isValid = false
            continue
          }
          reason = text
        case "status":
          let statuses = Set(APNSReason.statusByReason.values).sorted()
          guard let number = value.numberValue, let code = number.intValue,
            statuses.contains(code)
          else {
            if value.numberValue == nil {
              wrongType(value, "'status'", expected: "an HTTP status", pointer: here)
            } else {
              collector.emit(
                .serveUnknownStatus(value.scalarText ?? "", statuses: statuses), at: value.span,
                pointer: here)
            }
            isValid = false
            continue
          }
          status = (code, value)
        case "times":
          guard
            let count = integer(
              value, key: "times", pointer: here, in: 1...Int.max, range: "at least 1")
          else {
            isValid = false
            continue
          }
          times = (count, value)
        case "probability":
          guard let number = value.numberValue?.doubleValue else {
            wrongType(value, "'probability'", expected: "a number between 0 and 1", pointer: here)
            isValid = false
            continue
          }
          guard (0...1).contains(number) else {
            collector.emit(
              .serveValueOutOfRange(
                "probability", value: value.scalarText ?? "", range: "between 0 and 1"),
              at: value.span, pointer: here)
            isValid = false
            continue
          }
          probability = (number, value)
        default:
          break
        }
      }
      if let times = members.first(where: { $0.key == "times" }),
        members.contains(where: { $0.key == "probability" })
      {
        collector.emit(.serveConflictingKeys(), at: times.keySpan, pointer: pointer)
        isValid = false
      }
      guard let reason else {
        if !members.contains(where: { $0.key == "reason" }) {
          collector.emit(.serveMissingKey("reason", in: "a fault"), at: node.span, pointer: pointer)
        }
        return nil
      }
      let expected = APNSReason.status(of: reason)
      if let status, status.value != expected {
        collector.emit(
          .serveReasonStatusMismatch(reason: reason, status: status.value, expected: expected),
          at: status.node.span, pointer: pointer.appending("status"),
          fixIts: [replacementNumber(status.node.span, with: expected)])
        isValid = false
      }
      guard isValid else { return nil }
      let trigger: ServerRules.Fault.Trigger =
        if let times { .times(times.value) } else if let probability {
          .probability(probability.value)
        } else { .always }
      return ServerRules.Fault(
        token: token, topic: topic, reason: reason, status: expected, trigger: trigger)
    }

    // MARK: - Values

    /// The members of `node`, with unknown keys reported; `nil` (reported) when it is not an
    /// object.
    mutating func members(
      of node: ValueNode,
      subject: String,
      pointer: JSONPointer,
      allowed: [String],
      section: String
    ) -> [JSONObject.Member]? {
      guard let object = node.objectValue else {
        wrongType(node, subject, expected: "a mapping", pointer: pointer)
        return nil
      }
      for member in object.members where !allowed.contains(member.key) {
        let suggestion = EditDistance.closest(to: member.key, among: allowed)
        collector.emit(
          .serveUnknownKey(member.key, in: section, suggestion: suggestion), at: member.keySpan,
          pointer: pointer.appending(member.key),
          fixIts: suggestion.map { [replacement(member.keySpan, with: $0, "rename to '\($0)'")] }
            ?? [])
      }
      return object.members.filter { allowed.contains($0.key) }
    }

    /// The integer `node` holds, in `range`; `nil` (reported) otherwise.
    mutating func integer(
      _ node: ValueNode,
      key: String,
      pointer: JSONPointer,
      in allowed: ClosedRange<Int>,
      range: String
    ) -> Int? {
      guard let number = node.numberValue else {
        wrongType(node, "'\(key)'", expected: "a whole number", pointer: pointer)
        return nil
      }
      guard let value = number.intValue else {
        collector.emit(
          .serveInvalidType("'\(key)'", expected: "a whole number", found: "'\(number.lexeme)'"),
          at: node.span, pointer: pointer)
        return nil
      }
      guard allowed.contains(value) else {
        collector.emit(
          .serveValueOutOfRange(key, value: number.lexeme, range: range), at: node.span,
          pointer: pointer)
        return nil
      }
      return value
    }

    /// The time `node` holds as an ISO 8601 string, in UNIX seconds; `nil` (reported)
    /// otherwise.
    mutating func date(_ node: ValueNode, key: String, pointer: JSONPointer) -> Double? {
      guard let text = node.stringValue ?? node.sourceText else {
        wrongType(node, "'\(key)'", expected: "an ISO 8601 date and time", pointer: pointer)
        return nil
      }
      guard let time = RulesDate.parse(text) else {
        collector.emit(.serveInvalidDate(text, key: key), at: node.span, pointer: pointer)
        return nil
      }
      return time
    }

    mutating func wrongType(
      _ node: ValueNode, _ subject: String, expected: String, pointer: JSONPointer
    ) {
      let found = node.typeName == "object" ? "a mapping" : "\(article(node.typeName))"
      collector.emit(
        .serveInvalidType(subject, expected: expected, found: found), at: node.span,
        pointer: pointer)
    }

    func article(_ typeName: String) -> String {
      switch typeName {
      case "null": "null"
      case "array": "a list"
      default: "a \(typeName)"
      }
    }

    /// A fix-it writing `text` over the bytes of `span`, quoted as they are.
    func replacement(_ span: SourceSpan, with text: String, _ message: String) -> Diagnostic.FixIt {
      let quote = span.start < bytes.count ? bytes[span.start] : 0
      let quoted =
        quote == UInt8(ascii: "\"")
        ? "\"\(text)\"" : quote == UInt8(ascii: "'") ? "'\(text)'" : text
      return collector.fixIt(message, replacing: span, with: quoted)
    }

    /// A fix-it writing the number `value` over the bytes of `span`.
    func replacementNumber(_ span: SourceSpan, with value: Int) -> Diagnostic.FixIt {
      collector.fixIt("use \(value)", replacing: span, with: String(value))
    }

    /// Whether `token` is 64 hexadecimal digits (lower case).
    static func isDeviceToken(_ token: String) -> Bool {
      token.utf8.count == 64
        && token.utf8.allSatisfy {
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }
  }
}
