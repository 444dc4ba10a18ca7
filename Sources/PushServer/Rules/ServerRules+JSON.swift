import PushJSON

extension ServerRules {
  /// The rules as a rules document, what `GET /_pushc/rules` answers; reading it back gives
  /// the same rules.
  var jsonValue: ValueNode {
    var apnsMembers: [(String, ValueNode)] = []
    let devices = apns.devices.sorted { $0.key < $1.key }.map { token, device in
      (
        token,
        ValueNode.members([
          ("unregistered_since", .text(ServerClock.iso8601(device.unregisteredSince)))
        ])
      )
    }
    apnsMembers.append(("devices", .members(devices)))
    apnsMembers.append(("faults", .list(apns.faults.map(\.jsonValue))))
    apnsMembers.append(("latency_ms", .integer(apns.latencyMilliseconds)))
    if let streams = apns.goawayAfterStreams {
      apnsMembers.append(("goaway_after_streams", .integer(streams)))
    }
    apnsMembers.append(("sink", ValueNode(.bool(apns.isSink))))
    apnsMembers.append(("seed", ValueNode(.number(JSONNumber(lexeme: String(apns.seed))))))
    return .members([("apns", .members(apnsMembers))])
  }
}

extension ServerRules.Fault {
  /// The fault as an entry of `apns.faults`.
  var jsonValue: ValueNode {
    var members = ValueNode.faultMatch(token: token, topic: topic)
    members.append(("status", .integer(status)))
    members.append(("reason", .text(reason)))
    switch trigger {
    case .always: break
    case .times(let count): members.append(("times", .integer(count)))
    case .probability(let probability):
      members.append(("probability", ValueNode(.number(JSONNumber(lexeme: "\(probability)")))))
    }
    return .members(members)
  }
}
