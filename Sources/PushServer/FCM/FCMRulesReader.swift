public import PushDiagnostics
public import PushJSON
import PushPayload

/// Reads the `tokens` and `fcm` sections of a `pushc serve --rules` document (YAML or JSON,
/// already read into a value tree) into ``FCMRules``, with a diagnostic for every key it does
/// not know, every value of the wrong type and every value out of range.
///
/// The `apns` section and the document's other top-level keys are not its business (the APNs
/// rules reader checks them), unless ``checksTopLevel`` asks for the top-level keys too.
public struct FCMRulesReader: Sendable {
  /// The top-level keys of a rules document.
  public static let topLevelKeys = ["apns", "tokens", "fcm"]

  /// Whether the reader also reports a document that is not a dictionary and unknown
  /// top-level keys.
  public var checksTopLevel: Bool

  /// Creates a reader.
  public init(checksTopLevel: Bool = false) {
    self.checksTopLevel = checksTopLevel
  }

  /// What reading found.
  public struct Result: Sendable {
    /// The rules; the entries with errors are left out.
    public var rules: FCMRules
    /// The diagnostics, in document order.
    public var diagnostics: [Diagnostic]
  }

  /// Reads `document`, whose text is `file` (for positions), if any.
  public func read(_ document: ValueNode, file: SourceFile?) -> Result {
    var reading = Reading(
      collector: file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector())
    var rules = FCMRules()
    guard let root = document.objectValue else {
      if checksTopLevel {
        reading.wrongType(document, "the rules document", expected: "a dictionary", at: .root)
      }
      return Result(rules: rules, diagnostics: reading.collector.diagnostics)
    }
    if checksTopLevel {
      reading.unknownKeys(
        root, allowed: Self.topLevelKeys, section: "the rules document", at: .root)
    }
    if let tokens = root["tokens"] {
      rules.tokens = reading.tokens(tokens, at: JSONPointer.root.appending("tokens"))
    }
    if let fcm = root["fcm"] {
      reading.fcm(fcm, at: JSONPointer.root.appending("fcm"), into: &rules)
    }
    return Result(rules: rules, diagnostics: reading.collector.diagnostics)
  }
}

/// The reading of one document.
private struct Reading {
  var collector: DiagnosticCollector

  static let deviceKeys = [
    "platform", "apns_token", "bundle_id", "unregistered", "unregistered_after",
  ]
  static let fcmKeys = ["faults", "latency_ms"]
  static let faultKeys = ["match", "error", "times", "probability", "retry_after_s"]
  static let matchKeys = ["token", "topic"]

  mutating func tokens(_ node: ValueNode, at pointer: JSONPointer) -> [String: FCMRules.Device] {
    guard let object = node.objectValue else {
      wrongType(node, "tokens", expected: "a dictionary of registration tokens", at: pointer)
      return [:]
    }
    var devices: [String: FCMRules.Device] = [:]
    for member in object.members {
      let place = pointer.appending(member.key)
      if let device = device(member.value, token: member.key, at: place) {
        devices[member.key] = device
      }
    }
    return devices
  }

  mutating func device(_ node: ValueNode, token: String, at pointer: JSONPointer)
    -> FCMRules.Device?
  {
    let name = "tokens.\(token)"
    guard let object = node.objectValue else {
      wrongType(node, name, expected: "a dictionary", at: pointer)
      return nil
    }
    let errorsBefore = errorCount
    unknownKeys(object, allowed: Self.deviceKeys, section: "'\(name)'", at: pointer)
    var device = FCMRules.Device()
    if let value = object["platform"] {
      if let text = string(value, "\(name).platform", at: pointer.appending("platform")) {
        if let platform = FCMRules.Platform(rawValue: text) {
          device.platform = platform
        } else {
          invalid(
            value, "\(name).platform",
            "must be one of \(FCMRules.Platform.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), not '\(text)'",
            at: pointer.appending("platform"))
        }
      }
    }
    if let value = object["apns_token"] {
      let place = pointer.appending("apns_token")
      if let text = string(value, "\(name).apns_token", at: place) {
        if text.count == 64, text.allSatisfy(\.isHexDigit) {
          device.apnsToken = text.lowercased()
        } else {
          invalid(value, "\(name).apns_token", "must be 64 hexadecimal digits", at: place)
        }
      }
    }
    if let value = object["bundle_id"] {
      device.bundleID = string(value, "\(name).bundle_id", at: pointer.appending("bundle_id"))
    }
    if let value = object["unregistered"] {
      device.isUnregistered =
        bool(value, "\(name).unregistered", at: pointer.appending("unregistered")) ?? false
    }
    if let value = object["unregistered_after"] {
      device.unregisteredAfter = count(
        value, "\(name).unregistered_after", at: pointer.appending("unregistered_after"))
    }
    if object["unregistered"] != nil, object["unregistered_after"] != nil {
      collector.emit(
        .fcmRulesConflictingFields("unregistered", "unregistered_after"),
        at: object.member(named: "unregistered_after")?.keySpan, pointer: pointer)
    }
    let isIOS = device.platform == .ios
    if isIOS, object["apns_token"] == nil {
      collector.emit(
        .fcmRulesMissingField(
          "\(name).apns_token", "an iOS token needs the APNs device token FCM sends to"),
        at: node.span, pointer: pointer)
    }
    if isIOS, object["bundle_id"] == nil {
      collector.emit(
        .fcmRulesMissingField("\(name).bundle_id", "an iOS token needs its app's bundle ID"),
        at: node.span, pointer: pointer)
    }
    if !isIOS, let key = ["apns_token", "bundle_id"].first(where: { object[$0] != nil }) {
      invalid(
        object[key] ?? node, "\(name).\(key)", "is for iOS tokens only (platform: ios)",
        at: pointer.appending(key))
    }
    return errorCount == errorsBefore ? device : nil
  }

  mutating func fcm(_ node: ValueNode, at pointer: JSONPointer, into rules: inout FCMRules) {
    guard let object = node.objectValue else {
      wrongType(node, "fcm", expected: "a dictionary", at: pointer)
      return
    }
    unknownKeys(object, allowed: Self.fcmKeys, section: "'fcm'", at: pointer)
    if let faults = object["faults"] {
      let place = pointer.appending("faults")
      if let elements = faults.arrayValue {
        for (index, element) in elements.enumerated() {
          if let fault = fault(element, at: place.appending(index: index)) {
            rules.faults.append(fault)
          }
        }
      } else {
        wrongType(faults, "fcm.faults", expected: "a list", at: place)
      }
    }
    if let latency = object["latency_ms"] {
      let place = pointer.appending("latency_ms")
      rules.latencyMilliseconds = count(latency, "fcm.latency_ms", at: place)
    }
  }

  mutating func fault(_ node: ValueNode, at pointer: JSONPointer) -> FCMRules.Fault? {
    let name = "fcm.faults[\(pointer.tokens.last ?? "")]"
    guard let object = node.objectValue else {
      wrongType(node, name, expected: "a dictionary", at: pointer)
      return nil
    }
    let errorsBefore = errorCount
    unknownKeys(object, allowed: Self.faultKeys, section: "'\(name)'", at: pointer)
    var fault = FCMRules.Fault(error: .internal)
    if let match = object["match"] {
      let place = pointer.appending("match")
      if let members = match.objectValue {
        unknownKeys(members, allowed: Self.matchKeys, section: "'\(name).match'", at: place)
        if let token = members["token"] {
          fault.token = string(token, "\(name).match.token", at: place.appending("token"))
        }
        if let topic = members["topic"] {
          var text = string(topic, "\(name).match.topic", at: place.appending("topic"))
          if let name = text, name.hasPrefix("/topics/") { text = String(name.dropFirst(8)) }
          fault.topic = text
        }
      } else {
        wrongType(match, "\(name).match", expected: "a dictionary", at: place)
      }
    }
    if let error = object["error"] {
      let place = pointer.appending("error")
      if let text = string(error, "\(name).error", at: place) {
        if let code = FCMErrorCode(rawValue: text) {
          fault.error = code
        } else {
          invalid(
            error, "\(name).error",
            "must be an FCM error code ("
              + FCMErrorCode.allCases.map(\.rawValue).joined(separator: ", ") + "), not '\(text)'",
            at: place)
        }
      }
    } else {
      collector.emit(
        .fcmRulesMissingField("\(name).error", "a fault needs the FCM error code it answers"),
        at: node.span, pointer: pointer)
    }
    if let times = object["times"] {
      fault.times = count(times, "\(name).times", at: pointer.appending("times"))
    }
    if let probability = object["probability"] {
      let place = pointer.appending("probability")
      if let value = probability.numberValue?.doubleValue {
        if value >= 0, value <= 1 {
          fault.probability = value
        } else {
          invalid(probability, "\(name).probability", "must be between 0 and 1", at: place)
        }
      } else {
        wrongType(probability, "\(name).probability", expected: "a number", at: place)
      }
    }
    if object["times"] != nil, object["probability"] != nil {
      collector.emit(
        .fcmRulesConflictingFields("times", "probability"),
        at: object.member(named: "probability")?.keySpan, pointer: pointer)
    }
    if let retry = object["retry_after_s"] {
      let place = pointer.appending("retry_after_s")
      fault.retryAfterSeconds = count(retry, "\(name).retry_after_s", at: place)
      if errorCount == errorsBefore, !fault.error.allowsRetryAfter {
        invalid(
          retry, "\(name).retry_after_s",
          "goes with QUOTA_EXCEEDED or UNAVAILABLE only, not \(fault.error.rawValue)", at: place)
      }
    }
    return errorCount == errorsBefore ? fault : nil
  }

  // MARK: - Values

  var errorCount: Int {
    collector.diagnostics.count { $0.severity == .error }
  }

  mutating func unknownKeys(
    _ object: JSONObject, allowed: [String], section: String, at pointer: JSONPointer
  ) {
    for member in object.members where !allowed.contains(member.key) {
      collector.emit(
        .fcmRulesUnknownKey(
          member.key, in: section,
          suggestion: EditDistance.closest(to: member.key, among: allowed)),
        at: member.keySpan, pointer: pointer.appending(member.key))
    }
  }

  mutating func string(_ node: ValueNode, _ field: String, at pointer: JSONPointer) -> String? {
    if let text = node.stringValue { return text }
    wrongType(node, field, expected: "a string", at: pointer)
    return nil
  }

  mutating func bool(_ node: ValueNode, _ field: String, at pointer: JSONPointer) -> Bool? {
    if let value = node.boolValue { return value }
    wrongType(node, field, expected: "true or false", at: pointer)
    return nil
  }

  mutating func count(_ node: ValueNode, _ field: String, at pointer: JSONPointer) -> Int? {
    guard let number = node.numberValue?.doubleValue else {
      wrongType(node, field, expected: "a whole number", at: pointer)
      return nil
    }
    guard number >= 0, number == number.rounded(), number < 1e15 else {
      invalid(node, field, "must be a whole number of at least 0", at: pointer)
      return nil
    }
    return Int(number)
  }

  mutating func wrongType(
    _ node: ValueNode, _ field: String, expected: String, at pointer: JSONPointer
  ) {
    collector.emit(
      .fcmRulesWrongType(field, expected: expected, found: Self.describe(node)),
      at: node.span, pointer: pointer)
  }

  mutating func invalid(
    _ node: ValueNode, _ field: String, _ problem: String, at pointer: JSONPointer
  ) {
    collector.emit(.fcmRulesInvalidValue(field, problem), at: node.span, pointer: pointer)
  }

  /// `a string ('x')`, `a number (3)`, `a list`, `a dictionary`, `null`, `true`.
  static func describe(_ node: ValueNode) -> String {
    switch node.kind {
    case .string(let text): "a string ('\(text)')"
    case .object: "a dictionary"
    case .array: "a list"
    case .null: "null"
    default: node.scalarText.map { "'\($0)'" } ?? node.typeName
    }
  }
}
