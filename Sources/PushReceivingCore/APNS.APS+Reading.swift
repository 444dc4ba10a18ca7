package import PushDiagnostics
package import PushJSON
package import PushPayload

extension APNS.APS {
  /// Builds the model of an `aps` dictionary, leniently.
  ///
  /// Keys of the wrong type are reported and left out; keys Apple does not define are reported
  /// and kept in ``otherKeys``. Untyped text from a Swift `print` or `NSDictionary` description
  /// (``ValueNode/isUntypedText``) is converted to the type the key needs. With duplicate keys the
  /// last one wins.
  ///
  /// - Parameters:
  ///   - node: The value of `aps`.
  ///   - pointer: Where `aps` is, for diagnostics.
  ///   - collector: Receives ``DiagnosticMessage/decodeAPSNotObject(found:)``,
  ///     ``DiagnosticMessage/decodeAPSValueType(_:expected:found:)`` and
  ///     ``DiagnosticMessage/decodeAPSUnknownKey(_:container:)``.
  /// - Returns: The model, or `nil` when `node` is not a dictionary.
  package static func read(
    _ node: ValueNode,
    at pointer: JSONPointer = JSONPointer(tokens: [APNS.Payload.apsKey]),
    into collector: inout DiagnosticCollector
  ) -> APNS.APS? {
    guard let object = node.objectValue else {
      collector.emit(
        .decodeAPSNotObject(found: node.decodeDescription), at: node.span, pointer: pointer)
      return nil
    }
    var reader = APNSValueReader(collector: collector)
    var aps = APNS.APS()
    for member in object.members {
      let value = member.value
      let at = pointer.appending(member.key)
      let name = member.key
      guard let key = Key(rawValue: member.key) else {
        reader.reportUnknown(member, container: APNS.Payload.apsKey, pointer: at)
        aps.otherKeys.members.append(member)
        continue
      }
      switch key {
      case .alert: aps.alert = reader.alert(value, name: name, pointer: at)
      case .badge: aps.badge = reader.integer(value, name: name, pointer: at)
      case .sound: aps.sound = reader.sound(value, name: name, pointer: at)
      case .threadID: aps.threadID = reader.string(value, name: name, pointer: at)
      case .category: aps.category = reader.string(value, name: name, pointer: at)
      case .contentAvailable: aps.contentAvailable = reader.integer(value, name: name, pointer: at)
      case .mutableContent: aps.mutableContent = reader.integer(value, name: name, pointer: at)
      case .targetContentID: aps.targetContentID = reader.string(value, name: name, pointer: at)
      case .interruptionLevel:
        aps.interruptionLevel = reader.string(value, name: name, pointer: at).map(
          APNS.InterruptionLevel.init)
      case .relevanceScore: aps.relevanceScore = reader.double(value, name: name, pointer: at)
      case .filterCriteria: aps.filterCriteria = reader.string(value, name: name, pointer: at)
      case .staleDate: aps.staleDate = reader.integer(value, name: name, pointer: at)
      case .contentState: aps.contentState = reader.object(value, name: name, pointer: at)
      case .timestamp: aps.timestamp = reader.integer(value, name: name, pointer: at)
      case .event:
        aps.event = reader.string(value, name: name, pointer: at).map(APNS.LiveActivityEvent.init)
      case .dismissalDate: aps.dismissalDate = reader.integer(value, name: name, pointer: at)
      case .attributesType: aps.attributesType = reader.string(value, name: name, pointer: at)
      case .attributes: aps.attributes = reader.object(value, name: name, pointer: at)
      case .inputPushToken: aps.inputPushToken = reader.integer(value, name: name, pointer: at)
      case .inputPushChannel: aps.inputPushChannel = reader.string(value, name: name, pointer: at)
      case .contentChanged: aps.contentChanged = reader.boolean(value, name: name, pointer: at)
      case .urlArgs: aps.urlArgs = reader.strings(value, name: name, pointer: at)
      }
    }
    collector = reader.collector
    return aps
  }
}

extension APNS.Payload {
  /// Builds the model of a whole APNs payload, leniently (see ``APNS/APS/read(_:at:into:)``).
  ///
  /// - Parameters:
  ///   - node: The payload.
  ///   - collector: Receives the diagnostics of `aps`, and
  ///     ``DiagnosticMessage/decodeRootNotObject(found:)`` when `node` is not a dictionary.
  /// - Returns: The model, or `nil` when `node` is not a dictionary.
  package static func read(_ node: ValueNode, into collector: inout DiagnosticCollector) -> APNS
    .Payload?
  {
    guard let object = node.objectValue else {
      collector.emit(
        .decodeRootNotObject(found: node.decodeDescription), at: node.span, pointer: .root)
      return nil
    }
    var payload = APNS.Payload()
    for member in object.members {
      if member.key == APNS.Payload.apsKey {
        payload.aps = APNS.APS.read(
          member.value, at: JSONPointer(tokens: [APNS.Payload.apsKey]), into: &collector)
      } else {
        payload.customKeys.members.append(member)
      }
    }
    return payload
  }
}

/// Reads the typed values of the APNs model, reporting mismatches.
struct APNSValueReader {
  var collector: DiagnosticCollector

  mutating func mistyped(_ node: ValueNode, name: String, expected: String, pointer: JSONPointer) {
    collector.emit(
      .decodeAPSValueType(name, expected: expected, found: node.decodeDescription),
      at: node.span,
      pointer: pointer
    )
  }

  mutating func reportUnknown(_ member: JSONObject.Member, container: String, pointer: JSONPointer)
  {
    collector.emit(
      .decodeAPSUnknownKey(member.key, container: container), at: member.keySpan, pointer: pointer)
  }

  mutating func string(_ node: ValueNode, name: String, pointer: JSONPointer) -> String? {
    if let string = node.stringValue { return string }
    mistyped(node, name: name, expected: "a string", pointer: pointer)
    return nil
  }

  mutating func integer(_ node: ValueNode, name: String, pointer: JSONPointer) -> Int? {
    if let number = node.numberValue, let value = number.intValue { return value }
    if node.isUntypedText, let text = node.stringValue,
      let value = JSONNumber.parsing(text)?.intValue
    {
      return value
    }
    mistyped(node, name: name, expected: "an integer", pointer: pointer)
    return nil
  }

  mutating func double(_ node: ValueNode, name: String, pointer: JSONPointer) -> Double? {
    if let number = node.numberValue, let value = number.doubleValue { return value }
    if node.isUntypedText, let text = node.stringValue,
      let value = JSONNumber.parsing(text)?.doubleValue
    {
      return value
    }
    mistyped(node, name: name, expected: "a number", pointer: pointer)
    return nil
  }

  mutating func boolean(_ node: ValueNode, name: String, pointer: JSONPointer) -> Bool? {
    if let value = node.boolValue { return value }
    if node.isUntypedText, let text = node.stringValue {
      switch text {
      case "1", "true": return true
      case "0", "false": return false
      default: break
      }
    }
    mistyped(node, name: name, expected: "a Boolean", pointer: pointer)
    return nil
  }

  mutating func object(_ node: ValueNode, name: String, pointer: JSONPointer) -> JSONObject? {
    if let object = node.objectValue { return object }
    mistyped(node, name: name, expected: "a dictionary", pointer: pointer)
    return nil
  }

  mutating func strings(_ node: ValueNode, name: String, pointer: JSONPointer) -> [String]? {
    guard let elements = node.arrayValue else {
      mistyped(node, name: name, expected: "an array of strings", pointer: pointer)
      return nil
    }
    var strings: [String] = []
    for (position, element) in elements.enumerated() {
      if let string = element.stringValue {
        strings.append(string)
      } else {
        mistyped(
          element, name: "\(name)[\(position)]", expected: "a string",
          pointer: pointer.appending(index: position))
      }
    }
    return strings
  }

  mutating func alert(_ node: ValueNode, name: String, pointer: JSONPointer) -> APNS.Alert? {
    if let string = node.stringValue { return .string(string) }
    guard let object = node.objectValue else {
      mistyped(node, name: name, expected: "a string or a dictionary", pointer: pointer)
      return nil
    }
    var alert = APNS.AlertDictionary()
    for member in object.members {
      let value = member.value
      let at = pointer.appending(member.key)
      let path = "\(name).\(member.key)"
      guard let key = APNS.AlertDictionary.Key(rawValue: member.key) else {
        reportUnknown(member, container: "aps.\(name)", pointer: at)
        alert.otherKeys.members.append(member)
        continue
      }
      switch key {
      case .title: alert.title = alertText(value, name: path, pointer: at)
      case .subtitle: alert.subtitle = string(value, name: path, pointer: at)
      case .body: alert.body = alertText(value, name: path, pointer: at)
      case .launchImage: alert.launchImage = string(value, name: path, pointer: at)
      case .titleLocKey: alert.titleLocKey = string(value, name: path, pointer: at)
      case .titleLocArgs: alert.titleLocArgs = strings(value, name: path, pointer: at)
      case .subtitleLocKey: alert.subtitleLocKey = string(value, name: path, pointer: at)
      case .subtitleLocArgs: alert.subtitleLocArgs = strings(value, name: path, pointer: at)
      case .locKey: alert.locKey = string(value, name: path, pointer: at)
      case .locArgs: alert.locArgs = strings(value, name: path, pointer: at)
      case .actionLocKey: alert.actionLocKey = string(value, name: path, pointer: at)
      case .action: alert.action = string(value, name: path, pointer: at)
      case .summaryArg: alert.summaryArg = string(value, name: path, pointer: at)
      case .summaryArgCount: alert.summaryArgCount = integer(value, name: path, pointer: at)
      case .sound: alert.sound = sound(value, name: path, pointer: at)
      }
    }
    return .dictionary(alert)
  }

  /// A `title` or `body`: a string, or `{"loc-key": …, "loc-args": […]}`.
  mutating func alertText(_ node: ValueNode, name: String, pointer: JSONPointer) -> APNS.AlertText?
  {
    if let string = node.stringValue { return .string(string) }
    guard let object = node.objectValue else {
      mistyped(
        node, name: name, expected: "a string or a dictionary of 'loc-key' and 'loc-args'",
        pointer: pointer)
      return nil
    }
    var key: String?
    var arguments: [String] = []
    for member in object.members {
      let at = pointer.appending(member.key)
      switch member.key {
      case APNS.AlertDictionary.Key.locKey.rawValue:
        key = string(member.value, name: "\(name).\(member.key)", pointer: at)
      case APNS.AlertDictionary.Key.locArgs.rawValue:
        arguments = strings(member.value, name: "\(name).\(member.key)", pointer: at) ?? []
      default: reportUnknown(member, container: "aps.\(name)", pointer: at)
      }
    }
    guard let key else {
      mistyped(
        node, name: name, expected: "a string or a dictionary with 'loc-key'", pointer: pointer)
      return nil
    }
    return .localized(key: key, arguments: arguments)
  }

  mutating func sound(_ node: ValueNode, name: String, pointer: JSONPointer) -> APNS.Sound? {
    if let string = node.stringValue { return .named(string) }
    guard let object = node.objectValue else {
      mistyped(
        node, name: name, expected: "a string or a critical-sound dictionary", pointer: pointer)
      return nil
    }
    var sound = APNS.CriticalSound()
    for member in object.members {
      let at = pointer.appending(member.key)
      let path = "\(name).\(member.key)"
      switch APNS.CriticalSound.Key(rawValue: member.key) {
      case .critical?: sound.critical = integer(member.value, name: path, pointer: at)
      case .name?: sound.name = string(member.value, name: path, pointer: at)
      case .volume?: sound.volume = double(member.value, name: path, pointer: at)
      case nil:
        reportUnknown(member, container: "aps.\(name)", pointer: at)
        sound.otherKeys.members.append(member)
      }
    }
    return .critical(sound)
  }
}
