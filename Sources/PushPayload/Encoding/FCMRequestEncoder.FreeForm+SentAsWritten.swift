import PushJSON

extension FCMRequestEncoder.FreeForm {
  /// Whether ``payload(_:)`` leaves `payload` as written: the same values, members and order,
  /// so that the two differ only in their spans and source texts (which the normalised copy
  /// lacks, and which no byte count or output reads).
  ///
  /// Nearly every `apns.payload` is sent as written: then the measuring encoder uses the
  /// payload itself instead of building (and later tearing down) a copy of it. Mirrors
  /// ``payload(_:)`` step by step; `false` whenever a step would change anything, such as an
  /// `aps` flag written as a Boolean, an empty member dropped or a repeated key resolved.
  static func isSentAsWritten(_ payload: ValueNode) -> Bool {
    guard case .object(let object) = payload.kind else {
      return prunesToItself(payload, depth: 0, pruneDepth: 1)
    }
    return keepsEveryMember(of: object) { key, value in
      if case .object(let aps) = value.kind, key == APNS.Payload.apsKey {
        return keepsEveryMember(of: aps, apsMemberIsKept)
      }
      return prunesToItself(value, depth: 1, pruneDepth: 0)
    }
  }

  /// Whether ``prune(_:depth:pruneDepth:)`` returns `node` unchanged.
  private static func prunesToItself(_ node: ValueNode, depth: Int, pruneDepth: Int) -> Bool {
    switch node.kind {
    case .object(let object):
      if depth < pruneDepth {
        return keepsEveryMember(of: object) { _, value in
          prunesToItself(value, depth: depth + 1, pruneDepth: pruneDepth)
        }
      }
      guard !hasRepeatedKeys(object) else { return false }
      return object.members.withUnsafeBufferPointer { members in
        members.indices.allSatisfy { index in
          prunesToItself(members[index].value, depth: depth + 1, pruneDepth: pruneDepth)
        }
      }
    case .array(let elements):
      return elements.allSatisfy { prunesToItself($0, depth: depth + 1, pruneDepth: 0) }
    default:
      return true
    }
  }

  /// Whether ``pruned(_:_:)`` with a transformation for which `isKept` says whether it returns
  /// a member's value unchanged returns `object` unchanged: no repeated key, and every value
  /// kept as it is and not empty.
  private static func keepsEveryMember(
    of object: JSONObject, _ isKept: (String, ValueNode) -> Bool
  ) -> Bool {
    guard !hasRepeatedKeys(object) else { return false }
    return object.members.withUnsafeBufferPointer { members in
      members.indices.allSatisfy { index in
        !isEmpty(members[index].value) && isKept(members[index].key, members[index].value)
      }
    }
  }

  /// Whether ``apsMember(_:_:)`` returns the value of the `aps` member `key` unchanged.
  private static func apsMemberIsKept(_ key: String, _ value: ValueNode) -> Bool {
    switch value.kind {
    case .bool
    where key == APNS.APS.Key.contentAvailable.rawValue
      || key == APNS.APS.Key.mutableContent.rawValue:
      // Written as `1`, or dropped.
      return false
    case .object where key == APNS.APS.Key.alert.rawValue:
      return prunesToItself(value, depth: 0, pruneDepth: 1)
    case .object(let sound) where key == APNS.APS.Key.sound.rawValue:
      return keepsEveryMember(of: sound) { key, value in
        if case .bool = value.kind, key == APNS.CriticalSound.Key.critical.rawValue {
          return false
        }
        return prunesToItself(value, depth: 1, pruneDepth: 0)
      }
    default:
      return prunesToItself(value, depth: 1, pruneDepth: 0)
    }
  }
}

extension FCMRequestEncoder.FreeForm {
  /// ``isSentAsWritten(_:)`` of the value `payload` of `tree`, told from its nodes: the reader
  /// tells it while it reads `apns.payload`, before the payload is a ``ValueNode``. `false` for
  /// a payload that is not an object, or in a tree that may repeat keys (not read by the
  /// scanner, ``ValueTree/keysAreDistinct``), which the caller then judges as a ``ValueNode``.
  ///
  /// Mirrors ``isSentAsWritten(_:)`` step by step, less the steps that resolve repeated keys:
  /// in the tree the scanner reads no object repeats a key, so they change nothing, and a value
  /// below the levels the SDKs prune is sent as written. The names compared are the raw values
  /// of ``APNS/APS/Key`` and ``APNS/CriticalSound/Key`` it compares (a test holds the two to
  /// the same answers).
  static func isSentAsWritten(_ payload: ValueTree.NodeID, in tree: ValueTree) -> Bool {
    guard tree.keysAreDistinct, tree.kind(payload) == .object else { return false }
    return keepsEveryMember(of: payload, in: tree) { key, value in
      guard tree.kind(value) == .object, tree.withUTF8(key, { $0.isSpelled("aps") }) else {
        return true
      }
      return keepsEveryMember(of: value, in: tree) { key, value in
        apsMemberIsKept(key, value, in: tree)
      }
    }
  }

  /// ``keepsEveryMember(of:_:)`` of the object `object` of `tree`, whose keys are distinct:
  /// every value kept as it is and not empty.
  private static func keepsEveryMember(
    of object: ValueTree.NodeID, in tree: ValueTree,
    _ isKept: (ValueTree.NodeID, ValueTree.NodeID) -> Bool
  ) -> Bool {
    for index in 0..<tree.count(object) {
      let value = tree.value(ofMember: index, of: object)
      guard !isEmpty(value, in: tree), isKept(tree.key(ofMember: index, of: object), value) else {
        return false
      }
    }
    return true
  }

  /// ``apsMemberIsKept(_:_:)`` of the member of `aps` whose key is `key` and value `value`.
  private static func apsMemberIsKept(
    _ key: ValueTree.NodeID, _ value: ValueTree.NodeID, in tree: ValueTree
  ) -> Bool {
    switch tree.kind(value) {
    case .bool:
      // Written as `1`, or dropped.
      return !tree.withUTF8(key) {
        $0.isSpelled("content-available") || $0.isSpelled("mutable-content")
      }
    case .object where tree.withUTF8(key, { $0.isSpelled("alert") }):
      return keepsEveryMember(of: value, in: tree) { _, _ in true }
    case .object where tree.withUTF8(key, { $0.isSpelled("sound") }):
      return keepsEveryMember(of: value, in: tree) { key, value in
        tree.kind(value) != .bool || !tree.withUTF8(key, { $0.isSpelled("critical") })
      }
    default:
      return true
    }
  }

  /// ``isEmpty(_:)`` of the value `node` of `tree`: `null`, `[]` or `{}`.
  private static func isEmpty(_ node: ValueTree.NodeID, in tree: ValueTree) -> Bool {
    switch tree.kind(node) {
    case .null: true
    case .array, .object: tree.count(node) == 0
    default: false
    }
  }
}
