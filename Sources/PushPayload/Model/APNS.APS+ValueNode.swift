public import PushJSON

extension APNS.APS {
  /// The `aps` dictionary as a value tree, with wire keys in ``Key`` order followed by
  /// ``otherKeys``.
  public var valueNode: ValueNode {
    var members: [JSONObject.Member] = []
    func add(_ key: Key, _ value: ValueNode?) {
      if let value { members.append(JSONObject.Member(key: key.rawValue, value: value)) }
    }
    add(.alert, alert?.valueNode)
    add(.badge, badge.map(APNSValueWriter.integer))
    add(.sound, sound?.valueNode)
    add(.threadID, threadID.map(APNSValueWriter.string))
    add(.category, category.map(APNSValueWriter.string))
    add(.contentAvailable, contentAvailable.map(APNSValueWriter.integer))
    add(.mutableContent, mutableContent.map(APNSValueWriter.integer))
    add(.targetContentID, targetContentID.map(APNSValueWriter.string))
    add(.interruptionLevel, interruptionLevel.map { APNSValueWriter.string($0.rawValue) })
    add(.relevanceScore, relevanceScore.map(APNSValueWriter.double))
    add(.filterCriteria, filterCriteria.map(APNSValueWriter.string))
    add(.staleDate, staleDate.map(APNSValueWriter.integer))
    add(.contentState, contentState.map { ValueNode(.object($0)) })
    add(.timestamp, timestamp.map(APNSValueWriter.integer))
    add(.event, event.map { APNSValueWriter.string($0.rawValue) })
    add(.dismissalDate, dismissalDate.map(APNSValueWriter.integer))
    add(.attributesType, attributesType.map(APNSValueWriter.string))
    add(.attributes, attributes.map { ValueNode(.object($0)) })
    add(.inputPushToken, inputPushToken.map(APNSValueWriter.integer))
    add(.inputPushChannel, inputPushChannel.map(APNSValueWriter.string))
    add(.contentChanged, contentChanged.map { ValueNode(.bool($0)) })
    add(.urlArgs, urlArgs.map(APNSValueWriter.strings))
    members += otherKeys.members
    return ValueNode(.object(JSONObject(members)))
  }
}

extension APNS.Payload {
  /// The payload as a value tree: `aps` first, then the custom keys.
  public var valueNode: ValueNode {
    var members: [JSONObject.Member] = []
    if let aps { members.append(JSONObject.Member(key: Self.apsKey, value: aps.valueNode)) }
    members += customKeys.members
    return ValueNode(.object(JSONObject(members)))
  }
}

extension APNS.Alert {
  /// The alert as a value tree.
  public var valueNode: ValueNode {
    switch self {
    case .string(let string): APNSValueWriter.string(string)
    case .dictionary(let dictionary): dictionary.valueNode
    }
  }
}

extension APNS.AlertDictionary {
  /// The alert dictionary as a value tree, with wire keys in ``Key`` order followed by
  /// ``otherKeys``.
  public var valueNode: ValueNode {
    var members: [JSONObject.Member] = []
    func add(_ key: Key, _ value: ValueNode?) {
      if let value { members.append(JSONObject.Member(key: key.rawValue, value: value)) }
    }
    add(.title, title?.valueNode)
    add(.subtitle, subtitle.map(APNSValueWriter.string))
    add(.body, body?.valueNode)
    add(.launchImage, launchImage.map(APNSValueWriter.string))
    add(.titleLocKey, titleLocKey.map(APNSValueWriter.string))
    add(.titleLocArgs, titleLocArgs.map(APNSValueWriter.strings))
    add(.subtitleLocKey, subtitleLocKey.map(APNSValueWriter.string))
    add(.subtitleLocArgs, subtitleLocArgs.map(APNSValueWriter.strings))
    add(.locKey, locKey.map(APNSValueWriter.string))
    add(.locArgs, locArgs.map(APNSValueWriter.strings))
    add(.actionLocKey, actionLocKey.map(APNSValueWriter.string))
    add(.action, action.map(APNSValueWriter.string))
    add(.summaryArg, summaryArg.map(APNSValueWriter.string))
    add(.summaryArgCount, summaryArgCount.map(APNSValueWriter.integer))
    add(.sound, sound?.valueNode)
    members += otherKeys.members
    return ValueNode(.object(JSONObject(members)))
  }
}

extension APNS.AlertText {
  /// The text as a value tree: a string, or `{"loc-key": …, "loc-args": […]}`.
  public var valueNode: ValueNode {
    switch self {
    case .string(let string):
      return APNSValueWriter.string(string)
    case .localized(let key, let arguments):
      return ValueNode(
        .object(
          JSONObject([
            JSONObject.Member(
              key: APNS.AlertDictionary.Key.locKey.rawValue, value: APNSValueWriter.string(key)),
            JSONObject.Member(
              key: APNS.AlertDictionary.Key.locArgs.rawValue,
              value: APNSValueWriter.strings(arguments)),
          ])
        )
      )
    }
  }
}

extension APNS.Sound {
  /// The sound as a value tree: a string, or the critical-sound dictionary.
  public var valueNode: ValueNode {
    switch self {
    case .named(let name):
      return APNSValueWriter.string(name)
    case .critical(let sound):
      var members: [JSONObject.Member] = []
      func add(_ key: APNS.CriticalSound.Key, _ value: ValueNode?) {
        if let value { members.append(JSONObject.Member(key: key.rawValue, value: value)) }
      }
      add(.critical, sound.critical.map(APNSValueWriter.integer))
      add(.name, sound.name.map(APNSValueWriter.string))
      add(.volume, sound.volume.map(APNSValueWriter.double))
      members += sound.otherKeys.members
      return ValueNode(.object(JSONObject(members)))
    }
  }
}

/// Value-tree constructors for the model's property types.
enum APNSValueWriter {
  static func string(_ value: String) -> ValueNode { ValueNode(.string(value)) }
  static func integer(_ value: Int) -> ValueNode { ValueNode(.number(JSONNumber(value))) }
  static func double(_ value: Double) -> ValueNode {
    guard let number = JSONNumber.from(value) else { return ValueNode(.null) }
    return ValueNode(.number(number))
  }
  static func strings(_ values: [String]) -> ValueNode { ValueNode(.array(values.map(string))) }
}
