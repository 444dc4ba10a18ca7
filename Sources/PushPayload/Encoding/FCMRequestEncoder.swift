public import PushJSON

/// Encodes an ``FCM/SendRequest`` as the JSON body the Firebase Admin SDKs send to
/// `projects.messages.send`.
///
/// The output matches firebase-admin-python's `MessageEncoder` for the same message, which the
/// differential tests check:
/// - keys are the REST reference's snake_case, in the Python encoder's order for typed objects;
///   free-form objects (`apns.payload`, `webpush.notification`) keep the user's order;
/// - the `/topics/` prefix is stripped from `topic`;
/// - durations are written `"3s"` or `"3.500000000s"`, timestamps in UTC with six fraction
///   digits, enums in the spelling the SDKs send (`high`, `PRIORITY_HIGH`, `PRIVATE`), colours
///   read from `#RRGGBB` as the SDKs' component fractions;
/// - in `aps`, `content-available: true` and `mutable-content: true` become `1`, and in a
///   critical sound `critical: true` becomes `1`; `false` values are dropped;
/// - `null`, `[]` and `{}` are dropped at every typed level and at the top levels of
///   `apns.payload`, `aps`, `alert`, the sound dictionary and `webpush.notification`, as the
///   Python SDK's `remove_null_values` does, so an emptied object disappears too;
/// - `validate_only` is written only when it is `true`; the output-only `name` is never written.
///
/// Write the result with ``CanonicalJSONWriter``; its compact byte count is the size FCM sees.
public struct FCMRequestEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// The request body: `{"message": {...}}`, plus `"validate_only": true` for a dry run.
  public func encode(_ request: FCM.SendRequest) -> ValueNode {
    var members = [
      JSONObject.Member(key: FCMField.message.rawValue, value: encode(request.message.value))
    ]
    if request.validateOnly?.value == true {
      members.append(
        JSONObject.Member(key: FCMField.validateOnly.rawValue, value: ValueNode(.bool(true))))
    }
    return ValueNode(.object(JSONObject(members)))
  }

  /// The `Message` object alone.
  public func encode(_ message: FCM.Message) -> ValueNode {
    var object = Builder(capacity: 10)
    object[.android] = message.android.map { encode($0.value) }
    object[.apns] = message.apns.map { encode($0.value) }
    object[.condition] = message.condition.map { .string($0.value) }
    object[.data] = message.data.map { encode($0.value) }
    object[.notification] = message.notification.map { encode($0.value) }
    object[.fid] = message.fid.map { .string($0.value) }
    object[.token] = message.token.map { .string($0.value) }
    object[.topic] = message.topic.map { topic in
      let name = topic.value
      return .string(
        name.hasPrefix("/topics/") ? String(name.dropFirst("/topics/".count)) : name)
    }
    object[.webpush] = message.webpush.map { encode($0.value) }
    object[.fcmOptions] = message.fcmOptions.map { encode($0.value) }
    return object.node
  }

  // MARK: - Common

  func encode(_ notification: FCM.Notification) -> ValueNode {
    var object = Builder(capacity: 3)
    object[.body] = notification.body.map { .string($0.value) }
    object[.title] = notification.title.map { .string($0.value) }
    object[.image] = notification.image.map { .string($0.value) }
    return object.node
  }

  func encode(_ options: FCM.Options) -> ValueNode {
    var object = Builder()
    object[.analyticsLabel] = options.analyticsLabel.map { .string($0.value) }
    return object.node
  }

  func encode(_ map: FCM.StringMap) -> ValueNode {
    var object = Builder(capacity: map.entries.count)
    for entry in map.entries {
      object[entry.key] = .string(entry.value.value)
    }
    return object.node
  }

  // MARK: - Android

  func encode(_ android: FCM.AndroidConfig) -> ValueNode {
    var object = Builder(capacity: 10)
    object[.collapseKey] = android.collapseKey.map { .string($0.value) }
    object[.data] = android.data.map { encode($0.value) }
    object[.notification] = android.notification.map { encode($0.value) }
    object[.priority] = android.priority.map { .string($0.value.rawValue) }
    object[.restrictedPackageName] = android.restrictedPackageName.map { .string($0.value) }
    object[.ttl] = android.ttl.map { .string($0.value.protoJSON) }
    object[.fcmOptions] = android.fcmOptions.map { encode($0.value) }
    object[.directBootOK] = android.directBootOK.map { .bool($0.value) }
    object[.bandwidthConstrainedOK] = android.bandwidthConstrainedOK.map { .bool($0.value) }
    object[.restrictedSatelliteOK] = android.restrictedSatelliteOK.map { .bool($0.value) }
    return object.node
  }

  func encode(_ notification: FCM.AndroidNotification) -> ValueNode {
    var object = Builder(capacity: 8)
    object[.body] = notification.body.map { .string($0.value) }
    object[.bodyLocArgs] = notification.bodyLocArgs.map(strings)
    object[.bodyLocKey] = notification.bodyLocKey.map { .string($0.value) }
    object[.clickAction] = notification.clickAction.map { .string($0.value) }
    object[.color] = notification.color.map { .string($0.value) }
    object[.icon] = notification.icon.map { .string($0.value) }
    object[.sound] = notification.sound.map { .string($0.value) }
    object[.tag] = notification.tag.map { .string($0.value) }
    object[.title] = notification.title.map { .string($0.value) }
    object[.titleLocArgs] = notification.titleLocArgs.map(strings)
    object[.titleLocKey] = notification.titleLocKey.map { .string($0.value) }
    object[.channelID] = notification.channelID.map { .string($0.value) }
    object[.image] = notification.image.map { .string($0.value) }
    object[.ticker] = notification.ticker.map { .string($0.value) }
    object[.sticky] = notification.sticky.map { .bool($0.value) }
    object[.eventTime] = notification.eventTime.map { .string($0.value.protoJSON) }
    object[.localOnly] = notification.localOnly.map { .bool($0.value) }
    object[.notificationPriority] = notification.notificationPriority.map {
      .string($0.value.rawValue)
    }
    object[.vibrateTimings] = notification.vibrateTimings.map { timings in
      .array(timings.value.map { ValueNode(.string($0.value.protoJSON)) })
    }
    object[.defaultVibrateTimings] = notification.defaultVibrateTimings.map { .bool($0.value) }
    object[.defaultSound] = notification.defaultSound.map { .bool($0.value) }
    object[.defaultLightSettings] = notification.defaultLightSettings.map { .bool($0.value) }
    object[.lightSettings] = notification.lightSettings.map { encode($0.value) }
    object[.visibility] = notification.visibility.map { .string($0.value.rawValue) }
    object[.notificationCount] = notification.notificationCount.map {
      .number(JSONNumber($0.value))
    }
    object[.proxy] = notification.proxy.map { .string($0.value.rawValue) }
    object[.bypassProxyNotification] = notification.bypassProxyNotification.map {
      .bool($0.value)
    }
    return object.node
  }

  func encode(_ settings: FCM.LightSettings) -> ValueNode {
    var object = Builder()
    object[.color] = settings.color.map { color in
      var components = Builder()
      components[.red] = color.value.red.map { .number($0) }
      components[.green] = color.value.green.map { .number($0) }
      components[.blue] = color.value.blue.map { .number($0) }
      components[.alpha] = color.value.alpha.map { .number($0) }
      return components.node
    }
    object[.lightOnDuration] = settings.lightOnDuration.map { .string($0.value.protoJSON) }
    object[.lightOffDuration] = settings.lightOffDuration.map { .string($0.value.protoJSON) }
    return object.node
  }

  func strings(_ list: Located<[Located<String>]>) -> ValueNode {
    ValueNode(.array(list.value.map { ValueNode(.string($0.value)) }))
  }

  // MARK: - Web push

  func encode(_ webpush: FCM.WebpushConfig) -> ValueNode {
    var object = Builder(capacity: 4)
    object[.data] = webpush.data.map { encode($0.value) }
    object[.headers] = webpush.headers.map { encode($0.value) }
    object[.notification] = webpush.notification.map { FreeForm.prune($0.value, depth: 0) }
    object[.fcmOptions] = webpush.fcmOptions.map { options in
      var fields = Builder()
      fields[.link] = options.value.link.map { .string($0.value) }
      fields[.analyticsLabel] = options.value.analyticsLabel.map { .string($0.value) }
      return fields.node
    }
    return object.node
  }

  // MARK: - APNs

  func encode(_ apns: FCM.APNSConfig) -> ValueNode {
    var object = Builder(capacity: 4)
    object[.headers] = apns.headers.map { encode($0.value) }
    object[.payload] = apns.payload.map { FreeForm.payload($0.value) }
    object[.fcmOptions] = apns.fcmOptions.map { options in
      var fields = Builder()
      fields[.analyticsLabel] = options.value.analyticsLabel.map { .string($0.value) }
      fields[.image] = options.value.image.map { .string($0.value) }
      return fields.node
    }
    object[.liveActivityToken] = apns.liveActivityToken.map { .string($0.value) }
    return object.node
  }
}

extension FCMRequestEncoder {
  /// An object under construction: assigning `nil` or an empty object or array leaves the
  /// key out, and assigning a key twice keeps the first position with the last value, as a
  /// Python `dict` built from the JSON and then pruned does (`{"a": 1, "b": 1, "a": null,
  /// "a": 2}` is `{"a": 2, "b": 1}`).
  struct Builder {
    /// The members in first-assignment order; a key whose last value is empty is kept, as
    /// `null`, until ``node`` drops it, so a later assignment finds its first position.
    private var members: [JSONObject.Member] = []
    /// How many of ``members`` hold an empty value.
    private var emptyCount = 0
    /// The position of each key in ``members`` once the object is large, so building an object
    /// of n keys is O(n); small objects (almost all of them) are searched linearly, which is
    /// much cheaper than hashing.
    private var positions: [String: Int]?

    /// Objects with at most this many members are searched linearly.
    static let linearSearchLimit = 16

    /// An empty object.
    init() {}

    /// An empty object with room for `capacity` members, so that building it allocates once.
    init(capacity: Int) {
      members.reserveCapacity(capacity)
    }

    subscript(key: String) -> ValueNode.Kind? {
      get { self[key].map(\.kind) }
      set { set(key, newValue.map { ValueNode($0) }) }
    }

    /// The value of a typed object's `field`; each field is assigned at most once.
    subscript(field: FCMField) -> ValueNode.Kind? {
      get { self[field.rawValue] }
      set { setField(field.rawValue, newValue.map { ValueNode($0) }) }
    }

    /// The value of a typed object's `field`; each field is assigned at most once.
    subscript(field: FCMField) -> ValueNode? {
      get { self[field.rawValue] }
      set { setField(field.rawValue, newValue) }
    }

    /// Assigns a field of a typed object, which the encoders assign at most once each, so no
    /// earlier assignment has to be looked for.
    private mutating func setField(_ key: String, _ value: ValueNode?) {
      assert(position(of: key) == nil, "each field of a typed object is assigned once")
      guard let value else { return }
      positions?[key] = members.count
      members.append(JSONObject.Member(key: key, value: value))
      if positions == nil && members.count > Self.linearSearchLimit { reindex() }
      if FreeForm.isEmpty(value) { emptyCount += 1 }
    }

    subscript(key: String) -> ValueNode? {
      get {
        guard let position = position(of: key), !FreeForm.isEmpty(members[position].value)
        else { return nil }
        return members[position].value
      }
      set { set(key, newValue) }
    }

    private func position(of key: String) -> Int? {
      if let positions { return positions[key] }
      return members.firstIndex { $0.key == key }
    }

    /// Assigning `nil` to a key not yet set does nothing; an empty value takes the key's
    /// place, so that a later value of the same key keeps it.
    private mutating func set(_ key: String, _ value: ValueNode?) {
      let position = position(of: key)
      guard value != nil || position != nil else { return }
      let value = value ?? ValueNode(.null)
      if let position {
        if FreeForm.isEmpty(members[position].value) { emptyCount -= 1 }
        members[position].value = value
      } else {
        positions?[key] = members.count
        members.append(JSONObject.Member(key: key, value: value))
        if positions == nil && members.count > Self.linearSearchLimit { reindex() }
      }
      if FreeForm.isEmpty(value) { emptyCount += 1 }
    }

    private mutating func reindex() {
      var index: [String: Int] = [:]
      index.reserveCapacity(members.count)
      for (position, member) in members.enumerated() { index[member.key] = position }
      positions = index
    }

    /// The object, without the keys whose last value is empty.
    var node: ValueNode {
      let kept = emptyCount == 0 ? members : members.filter { !FreeForm.isEmpty($0.value) }
      return ValueNode(.object(JSONObject(kept)))
    }
  }

  /// The pruning of free-form objects the Python Admin SDK applies.
  enum FreeForm {
    /// Whether the SDKs drop `node`: `null`, `[]` or `{}`.
    static func isEmpty(_ node: ValueNode) -> Bool {
      switch node.kind {
      case .null: true
      case .array(let elements): elements.isEmpty
      case .object(let object): object.isEmpty
      default: false
      }
    }

    /// `node` rebuilt without source positions, duplicate keys resolved (last value wins, at
    /// the first key's position), and, for the levels below `pruneDepth`, without empty
    /// members.
    static func prune(_ node: ValueNode, depth: Int, pruneDepth: Int = 1) -> ValueNode {
      switch node.kind {
      case .object(let object):
        var builder = Builder(capacity: depth < pruneDepth ? object.members.count : 0)
        var raw: [JSONObject.Member] = []
        if depth >= pruneDepth { raw.reserveCapacity(object.members.count) }
        // Small objects (nearly all) are searched linearly, larger ones indexed.
        var positions: [String: Int]?
        for member in object.members {
          let value = prune(member.value, depth: depth + 1, pruneDepth: pruneDepth)
          if depth < pruneDepth {
            builder[member.key] = value
            continue
          }
          let position =
            positions.map { $0[member.key] } ?? raw.firstIndex { $0.key == member.key }
          if let position {
            raw[position].value = value
          } else {
            positions?[member.key] = raw.count
            raw.append(JSONObject.Member(key: member.key, value: value))
            if positions == nil && raw.count > Builder.linearSearchLimit {
              positions = Dictionary(
                raw.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { _, last in last })
            }
          }
        }
        return depth < pruneDepth ? builder.node : ValueNode(.object(JSONObject(raw)))
      case .array(let elements):
        return ValueNode(.array(elements.map { prune($0, depth: depth + 1, pruneDepth: 0) }))
      default:
        return ValueNode(node.kind)
      }
    }

    /// `apns.payload` with `aps` flags written as `1`, and empty members dropped at the levels
    /// the Python SDK prunes: the payload, `aps`, `alert` and the sound dictionary.
    static func payload(_ payload: ValueNode) -> ValueNode {
      guard let object = payload.objectValue else { return prune(payload, depth: 0) }
      var builder = Builder(capacity: object.members.count)
      for member in object.members {
        if member.key == APNS.Payload.apsKey, let aps = member.value.objectValue {
          builder[member.key] = self.aps(aps)
        } else {
          builder[member.key] = prune(member.value, depth: 1, pruneDepth: 0)
        }
      }
      return builder.node
    }

    static func aps(_ aps: JSONObject) -> ValueNode {
      var builder = Builder(capacity: aps.members.count)
      for member in aps.members {
        switch (member.key, member.value.kind) {
        case (APNS.APS.Key.contentAvailable.rawValue, .bool(let flag)),
          (APNS.APS.Key.mutableContent.rawValue, .bool(let flag)):
          builder[member.key] = flag ? .number(JSONNumber(1)) : nil
        case (APNS.APS.Key.alert.rawValue, .object):
          builder[member.key] = prune(member.value, depth: 0)
        case (APNS.APS.Key.sound.rawValue, .object(let sound)):
          var fields = Builder(capacity: sound.members.count)
          for field in sound.members {
            if field.key == APNS.CriticalSound.Key.critical.rawValue,
              case .bool(let flag) = field.value.kind
            {
              fields[field.key] = flag ? .number(JSONNumber(1)) : nil
            } else {
              fields[field.key] = prune(field.value, depth: 1, pruneDepth: 0)
            }
          }
          builder[member.key] = fields.node
        default:
          builder[member.key] = prune(member.value, depth: 1, pruneDepth: 0)
        }
      }
      return builder.node
    }
  }
}
