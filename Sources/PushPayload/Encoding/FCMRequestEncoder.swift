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
/// Write the result with ``CanonicalJSONWriter``; its compact byte count is the size FCM sees,
/// which ``measure(_:)`` counts from the same rules without building the tree.
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
    encode(message, into: &object)
    return object.node
  }

  /// The size of the `Message` object in compact canonical JSON, the size FCM limits, counted
  /// without building or writing it, and `apns.payload` as encoded.
  ///
  /// The count is exactly that of ``CanonicalJSONWriter`` (compact) writing
  /// ``encode(_:)-(FCM.Message)``: both follow the same encoding rules.
  public func measure(_ message: FCM.Message) -> FCMMeasuredMessage {
    var counter = FCMCompactByteCounter()
    encode(message, into: &counter)
    return counter.takeMeasure()
  }

  /// Writes the members of `message` into `object`, in the Python encoder's order.
  func encode<Output: FCMObjectOutput>(_ message: FCM.Message, into object: inout Output) {
    // The platform configurations are large, and a binding (`if let`, or `map`'s closure)
    // copies one, retaining all its strings: their fields are read in place through
    // `message`, each by optional chaining, and `if case .some` tests each without a copy.
    if case .some = message.android {
      object.setObject(.android, capacity: 10) { encodeAndroid(of: message, into: &$0) }
    }
    if case .some = message.apns {
      object.setObject(.apns, capacity: 4) { encodeAPNS(of: message, into: &$0) }
    }
    object.set(.condition, string: message.condition?.value)
    // Maps and the notification are read in place too: binding one copies its source with it.
    if let count = message.data?.value.count {
      object.setObject(.data, capacity: count) { encode(message.data?.value, into: &$0) }
    }
    if case .some = message.notification {
      object.setObject(.notification, capacity: 3) {
        encode(notificationOf: message, into: &$0)
      }
    }
    object.set(.fid, string: message.fid?.value)
    object.set(.token, string: message.token?.value)
    object.set(
      .topic,
      string: message.topic.map { topic in
        let name = topic.value
        return FCMTopicName.hasPrefix(name)
          ? String(name.dropFirst(FCMTopicName.prefix.count)) : name
      })
    if case .some = message.webpush {
      object.setObject(.webpush, capacity: 4) { encodeWebpush(of: message, into: &$0) }
    }
    if let options = message.fcmOptions {
      object.setObject(.fcmOptions, capacity: 1) { encode(options.value, into: &$0) }
    }
  }

  // MARK: - Common

  /// Writes the members of `message.notification`, read in place.
  func encode<Output: FCMObjectOutput>(
    notificationOf message: FCM.Message, into object: inout Output
  ) {
    object.set(.body, string: message.notification?.value.body?.value)
    object.set(.title, string: message.notification?.value.title?.value)
    object.set(.image, string: message.notification?.value.image?.value)
  }

  func encode<Output: FCMObjectOutput>(_ options: FCM.Options, into object: inout Output) {
    object.set(.analyticsLabel, string: options.analyticsLabel?.value)
  }

  /// The entries of `map`; a key given twice keeps its first position with its last value.
  func encode<Output: FCMObjectOutput>(_ map: FCM.StringMap?, into object: inout Output) {
    guard let map else { return }
    // A map the reader measured is counted from its size (its keys are unique).
    if let byteCount = map.measuredEntriesByteCount,
      object.setMeasuredEntries(count: map.count, byteCount: byteCount)
    {
      return
    }
    // Read once: a map that defers its values makes them at each read of `entries`.
    let entries = map.entries
    guard let resolved = Self.withoutDuplicateKeys(entries) else {
      // Read in place: a `for` loop copies each entry out (retaining its strings and source).
      for index in entries.indices {
        object.set(FCMMemberKey(entries[index].key), string: entries[index].value.value)
      }
      return
    }
    for entry in resolved { object.set(FCMMemberKey(entry.key), string: entry.value) }
  }

  /// `entries` with each key once, at its first position with its last value, or `nil` when
  /// no key is repeated (nearly always).
  static func withoutDuplicateKeys(_ entries: [FCM.StringMap.Entry])
    -> [(key: String, value: String)]?
  {
    guard containsRepeatedKeys(entries, key: { $0.key }) else { return nil }
    var resolved: [(key: String, value: String)] = []
    var positions: [String: Int] = [:]
    for entry in entries {
      if let position = positions[entry.key] {
        resolved[position].value = entry.value.value
      } else {
        positions[entry.key] = resolved.count
        resolved.append((entry.key, entry.value.value))
      }
    }
    return resolved
  }

  /// Whether two of `items` have the same key, as `String` compares them (canonically
  /// equivalent keys are the same key, as the readers and the `Set` of a large collection
  /// judge them): small collections (nearly all) are searched linearly, comparing lengths
  /// before contents, larger ones hashed.
  static func containsRepeatedKeys<Item>(_ items: [Item], key: (Item) -> String) -> Bool {
    guard items.count > Builder.linearSearchLimit else {
      guard items.count > 1 else { return false }
      // Each key's length is read once; most pairs differ in it, and only keys of the same
      // length are read again and compared. A bit per length below 64 says whether an earlier
      // key has it: a key of a new length (nearly all) is compared with none. Equivalent keys
      // of different lengths (`é` and `e` with a combining accent, `K` and the Kelvin sign)
      // are not all ASCII: a key that is not is compared with every earlier key, and every
      // later key with it (its length is stored as -1).
      return withUnsafeTemporaryAllocation(of: Int.self, capacity: items.count) { lengths in
        var seenLengths: UInt64 = 0
        var hasNonASCIIKey = false
        for index in items.indices {
          let utf8 = key(items[index]).utf8
          let length = utf8.count
          let isASCII = utf8.allSatisfy { $0 < 0x80 }
          let bit: UInt64 = length < 64 ? 1 &<< UInt64(length) : 0
          if !isASCII || hasNonASCIIKey || bit == 0 || seenLengths & bit != 0 {
            for earlier in 0..<index
            where !isASCII || lengths[earlier] == length || lengths[earlier] < 0 {
              if key(items[earlier]) == key(items[index]) { return true }
            }
          }
          seenLengths |= bit
          lengths[index] = isASCII ? length : -1
          hasNonASCIIKey = hasNonASCIIKey || !isASCII
        }
        return false
      }
    }
    var seen = Set<String>(minimumCapacity: items.count)
    return items.contains { !seen.insert(key($0)).inserted }
  }

  // MARK: - Android

  /// Writes the members of `message.android`, read in place (an optional chain through the
  /// configuration copies all of it first).
  func encodeAndroid<Output: FCMObjectOutput>(of message: FCM.Message, into object: inout Output) {
    _ = message.withAndroid { android in encode(android, into: &object) }
  }

  /// Writes the members of the Android configuration at `android`.
  private func encode<Output: FCMObjectOutput>(
    _ android: UnsafePointer<FCM.AndroidConfig>, into object: inout Output
  ) {
    object.set(.collapseKey, string: android.pointee.collapseKey?.value)
    if let count = android.pointee.data?.value.entries.count {
      object.setObject(.data, capacity: count) {
        encode(android.pointee.data?.value, into: &$0)
      }
    }
    if case .some = android.pointee.notification {
      object.setObject(.notification, capacity: 8) { members in
        android.pointee.withNotificationAddress {
          FCM.AndroidNotification.encodeMembers(of: $0, into: &members, with: self)
        }
      }
    }
    object.set(.priority, string: android.pointee.priority?.value.rawValue)
    object.set(.restrictedPackageName, string: android.pointee.restrictedPackageName?.value)
    object.set(.ttl, duration: android.pointee.ttl?.value)
    if let options = android.pointee.fcmOptions {
      object.setObject(.fcmOptions, capacity: 1) { encode(options.value, into: &$0) }
    }
    object.set(.directBootOK, bool: android.pointee.directBootOK?.value)
    object.set(.bandwidthConstrainedOK, bool: android.pointee.bandwidthConstrainedOK?.value)
    object.set(.restrictedSatelliteOK, bool: android.pointee.restrictedSatelliteOK?.value)
  }

  func encode<Output: FCMObjectOutput>(_ settings: FCM.LightSettings, into object: inout Output) {
    if let color = settings.color?.value {
      object.setObject(.color, capacity: 4) { components in
        components.set(.red, number: color.red)
        components.set(.green, number: color.green)
        components.set(.blue, number: color.blue)
        components.set(.alpha, number: color.alpha)
      }
    }
    object.set(.lightOnDuration, duration: settings.lightOnDuration?.value)
    object.set(.lightOffDuration, duration: settings.lightOffDuration?.value)
  }

  // MARK: - Web push

  /// Writes the members of `message.webpush`, read in place.
  func encodeWebpush<Output: FCMObjectOutput>(of message: FCM.Message, into object: inout Output) {
    _ = message.withWebpush { webpush in encode(webpush, into: &object) }
  }

  /// Writes the members of the web push configuration at `webpush`.
  private func encode<Output: FCMObjectOutput>(
    _ webpush: UnsafePointer<FCM.WebpushConfig>, into object: inout Output
  ) {
    if let count = webpush.pointee.data?.value.entries.count {
      object.setObject(.data, capacity: count) {
        encode(webpush.pointee.data?.value, into: &$0)
      }
    }
    if let count = webpush.pointee.headers?.value.entries.count {
      object.setObject(.headers, capacity: count) {
        encode(webpush.pointee.headers?.value, into: &$0)
      }
    }
    object.set(
      .notification,
      node: webpush.pointee.notification.map { FreeForm.prune($0.value, depth: 0) })
    if let options = webpush.pointee.fcmOptions?.value {
      object.setObject(.fcmOptions, capacity: 2) { fields in
        fields.set(.link, string: options.link?.value)
        fields.set(.analyticsLabel, string: options.analyticsLabel?.value)
      }
    }
  }

  // MARK: - APNs

  /// Writes the members of `message.apns`, read in place.
  func encodeAPNS<Output: FCMObjectOutput>(of message: FCM.Message, into object: inout Output) {
    _ = message.withAPNS { apns in encode(apns, into: &object) }
  }

  /// Writes the members of the APNs configuration at `apns`.
  private func encode<Output: FCMObjectOutput>(
    _ apns: UnsafePointer<FCM.APNSConfig>, into object: inout Output
  ) {
    if let count = apns.pointee.headers?.value.entries.count {
      object.setObject(.headers, capacity: count) {
        encode(apns.pointee.headers?.value, into: &$0)
      }
    }
    if case .some = apns.pointee.payload {
      object.set(
        .payload, apnsPayloadAsWritten: apns.pointee.payload?.value,
        measuredByteCount: apns.pointee.measuredPayloadByteCount)
    }
    if case .some = apns.pointee.fcmOptions {
      object.setObject(.fcmOptions, capacity: 2) { fields in
        fields.set(.analyticsLabel, string: apns.pointee.fcmOptions?.value.analyticsLabel?.value)
        fields.set(.image, string: apns.pointee.fcmOptions?.value.image?.value)
      }
    }
    object.set(.liveActivityToken, string: apns.pointee.liveActivityToken?.value)
  }
}

extension FCMRequestEncoder {
  /// An object under construction: assigning `nil` or an empty object or array leaves the
  /// key out, and assigning a key twice keeps the first position with the last value, as a
  /// Python `dict` built from the JSON and then pruned does (`{"a": 1, "b": 1, "a": null,
  /// "a": 2}` is `{"a": 2, "b": 1}`).
  struct Builder: FCMObjectOutput {
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

    /// Assigns a field of a typed object, or a key of a map without repeated keys, which the
    /// encoders assign at most once each, so no earlier assignment has to be looked for.
    private mutating func setField(_ key: String, _ value: ValueNode) {
      assert(position(of: key) == nil, "each field of a typed object is assigned once")
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

    mutating func set(_ key: FCMMemberKey, string: String) {
      setField(key.name, ValueNode(.string(string)))
    }

    mutating func set(_ key: FCMMemberKey, bool: Bool) {
      setField(key.name, ValueNode(.bool(bool)))
    }

    mutating func set(_ key: FCMMemberKey, number: JSONNumber) {
      setField(key.name, ValueNode(.number(number)))
    }

    mutating func set(_ key: FCMMemberKey, strings: some Collection<String>) {
      setField(key.name, ValueNode(.array(strings.map { ValueNode(.string($0)) })))
    }

    mutating func set(_ key: FCMMemberKey, node: ValueNode) {
      setField(key.name, node)
    }

    mutating func setObject(_ key: FCMMemberKey, capacity: Int, _ build: (inout Builder) -> Void) {
      var object = Builder(capacity: capacity)
      build(&object)
      setField(key.name, object.node)
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

    /// Whether a key of `object` is given twice, which the builders then resolve.
    static func hasRepeatedKeys(_ object: JSONObject) -> Bool {
      FCMRequestEncoder.containsRepeatedKeys(object.members, key: { $0.key })
    }

    /// `node` rebuilt without source positions, duplicate keys resolved (last value wins, at
    /// the first key's position), and, for the levels below `pruneDepth`, without empty
    /// members.
    static func prune(_ node: ValueNode, depth: Int, pruneDepth: Int = 1) -> ValueNode {
      switch node.kind {
      case .object(let object):
        if depth < pruneDepth {
          return pruned(object) { _, value in
            prune(value, depth: depth + 1, pruneDepth: pruneDepth)
          }
        }
        let keysAreDistinct = !hasRepeatedKeys(object)
        var raw: [JSONObject.Member] = []
        raw.reserveCapacity(object.members.count)
        // Small objects (nearly all) are searched linearly, larger ones indexed.
        var positions: [String: Int]?
        for member in object.members {
          let value = prune(member.value, depth: depth + 1, pruneDepth: pruneDepth)
          if keysAreDistinct {
            raw.append(JSONObject.Member(key: member.key, value: value))
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
        return ValueNode(.object(JSONObject(raw)))
      case .array(let elements):
        return ValueNode(.array(elements.map { prune($0, depth: depth + 1, pruneDepth: 0) }))
      default:
        return ValueNode(node.kind)
      }
    }

    /// `apns.payload` with `aps` flags written as `1`, and empty members dropped at the levels
    /// the Python SDK prunes: the payload, `aps`, `alert` and the sound dictionary.
    static func payload(_ payload: ValueNode) -> ValueNode {
      guard case .object(let object) = payload.kind else { return prune(payload, depth: 0) }
      return pruned(object) { key, value in
        if case .object(let aps) = value.kind, key == APNS.Payload.apsKey { return self.aps(aps) }
        return prune(value, depth: 1, pruneDepth: 0)
      }
    }

    static func aps(_ aps: JSONObject) -> ValueNode {
      pruned(aps, apsMember)
    }

    /// The member `key` of `aps` as the SDKs write it, or `nil` when they drop it. The value's
    /// type is tested before the key, so most members are compared with no key.
    private static func apsMember(_ key: String, _ value: ValueNode) -> ValueNode? {
      switch value.kind {
      case .bool(let flag)
      where key == APNS.APS.Key.contentAvailable.rawValue
        || key == APNS.APS.Key.mutableContent.rawValue:
        return flag ? ValueNode(.number(JSONNumber(1))) : nil
      case .object where key == APNS.APS.Key.alert.rawValue:
        return prune(value, depth: 0)
      case .object(let sound) where key == APNS.APS.Key.sound.rawValue:
        return criticalSound(sound)
      default:
        return prune(value, depth: 1, pruneDepth: 0)
      }
    }

    /// The sound dictionary of `aps`, with `critical: true` written as `1`.
    private static func criticalSound(_ sound: JSONObject) -> ValueNode {
      pruned(sound) { key, value in
        if case .bool(let flag) = value.kind, key == APNS.CriticalSound.Key.critical.rawValue {
          return flag ? ValueNode(.number(JSONNumber(1))) : nil
        }
        return prune(value, depth: 1, pruneDepth: 0)
      }
    }

    /// `object` with each value replaced by `transform(key, value)`, without the members it
    /// drops (`nil`) or empties; a repeated key keeps its first position with its last value
    /// (``Builder``).
    static func pruned(
      _ object: JSONObject, _ transform: (String, ValueNode) -> ValueNode?
    ) -> ValueNode {
      // The members are read in place: copying one out retains its key and value.
      object.members.withUnsafeBufferPointer { members in
        guard !hasRepeatedKeys(object) else {
          var builder = Builder(capacity: members.count)
          for index in members.indices {
            builder[members[index].key] = transform(members[index].key, members[index].value)
          }
          return builder.node
        }
        // Distinct keys (nearly always): nothing to look up, the kept members are appended.
        var kept: [JSONObject.Member] = []
        kept.reserveCapacity(members.count)
        for index in members.indices {
          let key = members[index].key
          if let value = transform(key, members[index].value), !isEmpty(value) {
            kept.append(JSONObject.Member(key: key, value: value))
          }
        }
        return ValueNode(.object(JSONObject(kept)))
      }
    }
  }
}

extension FCM.AndroidNotification {
  /// Writes the members of the notification at `notification` with `encoder`, reading each
  /// field in place (``FCM/AndroidConfig/withNotificationAddress(_:)``).
  @inline(__always)
  fileprivate static func encodeMembers<Output: FCMObjectOutput>(
    of notification: UnsafePointer<FCM.AndroidNotification>, into object: inout Output,
    with encoder: FCMRequestEncoder
  ) {
    object.set(.body, string: notification.pointee.body?.value)
    object.set(.bodyLocArgs, strings: notification.pointee.bodyLocArgs?.value.lazy.map(\.value))
    object.set(.bodyLocKey, string: notification.pointee.bodyLocKey?.value)
    object.set(.clickAction, string: notification.pointee.clickAction?.value)
    object.set(.color, string: notification.pointee.color?.value)
    object.set(.icon, string: notification.pointee.icon?.value)
    object.set(.sound, string: notification.pointee.sound?.value)
    object.set(.tag, string: notification.pointee.tag?.value)
    object.set(.title, string: notification.pointee.title?.value)
    object.set(.titleLocArgs, strings: notification.pointee.titleLocArgs?.value.lazy.map(\.value))
    object.set(.titleLocKey, string: notification.pointee.titleLocKey?.value)
    object.set(.channelID, string: notification.pointee.channelID?.value)
    object.set(.image, string: notification.pointee.image?.value)
    object.set(.ticker, string: notification.pointee.ticker?.value)
    object.set(.sticky, bool: notification.pointee.sticky?.value)
    object.set(.eventTime, string: notification.pointee.eventTime?.value.protoJSON)
    object.set(.localOnly, bool: notification.pointee.localOnly?.value)
    object.set(
      .notificationPriority, string: notification.pointee.notificationPriority?.value.rawValue)
    object.set(
      .vibrateTimings,
      strings: notification.pointee.vibrateTimings?.value.lazy.map(\.value.protoJSON))
    object.set(.defaultVibrateTimings, bool: notification.pointee.defaultVibrateTimings?.value)
    object.set(.defaultSound, bool: notification.pointee.defaultSound?.value)
    object.set(.defaultLightSettings, bool: notification.pointee.defaultLightSettings?.value)
    // Tested by case, and bound only when set: binding copies the settings, about a hundred
    // bytes.
    if case .some = notification.pointee.lightSettings {
      object.setObject(.lightSettings, capacity: 3) {
        if let settings = notification.pointee.lightSettings {
          encoder.encode(settings.value, into: &$0)
        }
      }
    }
    object.set(.visibility, string: notification.pointee.visibility?.value.rawValue)
    object.set(
      .notificationCount,
      number: notification.pointee.notificationCount.map { JSONNumber($0.value) })
    object.set(.proxy, string: notification.pointee.proxy?.value.rawValue)
    object.set(.bypassProxyNotification, bool: notification.pointee.bypassProxyNotification?.value)
  }
}
