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
  mutating func set(_ key: String, string: String)
  /// Sets `key` to `true` or `false`.
  mutating func set(_ key: String, bool: Bool)
  /// Sets `key` to a number.
  mutating func set(_ key: String, number: JSONNumber)
  /// Sets `key` to an array of strings, unless it is empty.
  mutating func set(_ key: String, strings: some Collection<String>)
  /// Sets `key` to a free-form value, unless it is empty.
  mutating func set(_ key: String, node: ValueNode)
  /// Sets `key` to `apns.payload` as the encoder normalised it, unless it is empty.
  mutating func set(_ key: String, apnsPayload: ValueNode)
  /// Sets `key` to the object whose members `build` sets, unless it has none; `capacity` is
  /// how many members it may have.
  mutating func setObject(_ key: String, capacity: Int, _ build: (inout Self) -> Void)
}

extension FCMObjectOutput {
  mutating func set(_ key: String, apnsPayload: ValueNode) {
    set(key, node: apnsPayload)
  }

  /// Sets the typed `field` to `string`, if given.
  mutating func set(_ field: FCMField, string: String?) {
    if let string { set(field.rawValue, string: string) }
  }

  /// Sets the typed `field` to `bool`, if given.
  mutating func set(_ field: FCMField, bool: Bool?) {
    if let bool { set(field.rawValue, bool: bool) }
  }

  /// Sets the typed `field` to `number`, if given.
  mutating func set(_ field: FCMField, number: JSONNumber?) {
    if let number { set(field.rawValue, number: number) }
  }

  /// Sets the typed `field` to `strings`, if given and not empty.
  mutating func set(_ field: FCMField, strings: (some Collection<String>)?) {
    if let strings { set(field.rawValue, strings: strings) }
  }

  /// Sets the typed `field` to the free-form `node`, if given and not empty.
  mutating func set(_ field: FCMField, node: ValueNode?) {
    if let node { set(field.rawValue, node: node) }
  }

  /// Sets the typed `field` to `apns.payload`, unless it is empty.
  mutating func set(_ field: FCMField, apnsPayload: ValueNode) {
    set(field.rawValue, apnsPayload: apnsPayload)
  }

  /// Sets the typed `field` to the object `build` fills, unless it stays empty.
  mutating func setObject(_ field: FCMField, capacity: Int, _ build: (inout Self) -> Void) {
    setObject(field.rawValue, capacity: capacity, build)
  }
}
