import PushJSON

/// Where ``FCMRequestEncoder`` writes the members of an object: a tree
/// (``FCMRequestEncoder/Builder``), or the count of its compact bytes
/// (``FCMCompactByteCounter``).
///
/// The encoding rules are written once, against this protocol, so the two outputs cannot
/// disagree. Each key is set at most once per object (typed fields are assigned once, maps have
/// their repeated keys resolved first), and a value the Admin SDKs drop — an empty array or
/// object, or `null` — leaves its key out.
protocol FCMObjectOutput {
  /// Sets `key` to a string.
  mutating func set(_ key: FCMMemberKey, string: String)
  /// Sets `key` to the proto3 JSON form of a duration, a string (``FCM/Duration/protoJSON``).
  mutating func set(_ key: FCMMemberKey, duration: FCM.Duration)
  /// Sets `key` to `true` or `false`.
  mutating func set(_ key: FCMMemberKey, bool: Bool)
  /// Sets `key` to a number.
  mutating func set(_ key: FCMMemberKey, number: JSONNumber)
  /// Sets `key` to an array of strings, unless it is empty.
  mutating func set(_ key: FCMMemberKey, strings: some Collection<String>)
  /// Sets `key` to a free-form value, unless it is empty.
  mutating func set(_ key: FCMMemberKey, node: ValueNode)
  /// Sets `key` to `apns.payload`, given as written, normalised as the Admin SDKs send it
  /// (``FCMRequestEncoder/FreeForm/payload(_:)``), unless that is empty; `measuredByteCount`
  /// is the size of the payload as written when the reader measured it
  /// (``FCM/APNSConfig/measuredPayloadByteCount``).
  mutating func set(
    _ key: FCMMemberKey, apnsPayloadAsWritten payload: ValueNode, measuredByteCount: Int?)
  /// Sets `key` to the object whose members `build` sets, unless it has none; `capacity` is
  /// how many members it may have.
  mutating func setObject(_ key: FCMMemberKey, capacity: Int, _ build: (inout Self) -> Void)
  /// Sets the members of a string map whose `count` entries take `byteCount` bytes of compact
  /// JSON (``FCM/StringMap/measuredEntriesByteCount``) and returns `true`, when the output
  /// needs nothing but that; returns `false`, having set nothing, when it needs the entries.
  mutating func setMeasuredEntries(count: Int, byteCount: Int) -> Bool
}

// The typed setters are forced inline: they are a test and a call, and whether the optimiser
// inlines them into the encoders otherwise changes with unrelated code in the module.
extension FCMObjectOutput {
  /// Needs the entries: an output that writes them.
  @inline(__always)
  mutating func setMeasuredEntries(count: Int, byteCount: Int) -> Bool { false }

  @inline(__always)
  mutating func set(
    _ key: FCMMemberKey, apnsPayloadAsWritten payload: ValueNode, measuredByteCount: Int?
  ) {
    set(key, node: FCMRequestEncoder.FreeForm.payload(payload))
  }

  /// Sets the typed `field` to `string`, if given.
  @inline(__always)
  mutating func set(_ field: FCMField, string: String?) {
    if let string { set(FCMMemberKey(field), string: string) }
  }

  /// Sets `key` to the proto3 JSON form of `duration` (``FCM/Duration/protoJSON``): an output
  /// that only counts bytes counts it without writing it.
  @inline(__always)
  mutating func set(_ key: FCMMemberKey, duration: FCM.Duration) {
    set(key, string: duration.protoJSON)
  }

  /// Sets the typed `field` to the proto3 JSON form of `duration`, if given.
  @inline(__always)
  mutating func set(_ field: FCMField, duration: FCM.Duration?) {
    if let duration { set(FCMMemberKey(field), duration: duration) }
  }

  /// Sets the typed `field` to `bool`, if given.
  @inline(__always)
  mutating func set(_ field: FCMField, bool: Bool?) {
    if let bool { set(FCMMemberKey(field), bool: bool) }
  }

  /// Sets the typed `field` to `number`, if given.
  @inline(__always)
  mutating func set(_ field: FCMField, number: JSONNumber?) {
    if let number { set(FCMMemberKey(field), number: number) }
  }

  /// Sets the typed `field` to `strings`, if given and not empty.
  @inline(__always)
  mutating func set(_ field: FCMField, strings: (some Collection<String>)?) {
    if let strings { set(FCMMemberKey(field), strings: strings) }
  }

  /// Sets the typed `field` to the free-form `node`, if given and not empty.
  @inline(__always)
  mutating func set(_ field: FCMField, node: ValueNode?) {
    if let node { set(FCMMemberKey(field), node: node) }
  }

  /// Sets the typed `field` to `apns.payload`, given as written, normalised, unless that is
  /// empty or not given; `measuredByteCount` as for
  /// ``set(_:apnsPayloadAsWritten:measuredByteCount:)``.
  @inline(__always)
  mutating func set(
    _ field: FCMField, apnsPayloadAsWritten payload: ValueNode?, measuredByteCount: Int?
  ) {
    if let payload {
      set(FCMMemberKey(field), apnsPayloadAsWritten: payload, measuredByteCount: measuredByteCount)
    }
  }

  /// Sets the typed `field` to the object `build` fills, unless it stays empty.
  @inline(__always)
  mutating func setObject(_ field: FCMField, capacity: Int, _ build: (inout Self) -> Void) {
    setObject(FCMMemberKey(field), capacity: capacity, build)
  }
}

/// The key of a member: the name of a typed field, whose JSON is known without reading it, or
/// a key of the user's.
struct FCMMemberKey {
  /// The key.
  let name: String
  /// The bytes the key takes as a JSON string, quotes included, when known without reading
  /// it: a field's name is plain ASCII without anything to escape.
  let quotedByteCount: Int?

  /// The key of a typed field.
  @inline(__always)
  init(_ field: FCMField) {
    name = field.rawValue
    quotedByteCount = name.utf8.count + 2
  }

  /// A key of the user's.
  init(_ name: String) {
    self.name = name
    quotedByteCount = nil
  }
}
