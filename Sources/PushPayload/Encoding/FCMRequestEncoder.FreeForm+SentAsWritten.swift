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
