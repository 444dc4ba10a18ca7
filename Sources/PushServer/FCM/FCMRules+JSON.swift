import PushJSON

extension FCMRules {
  /// The `tokens` and `fcm` sections of a rules document, as `GET /_pushc/rules` answers them;
  /// reading them back gives the same rules.
  var jsonMembers: [(String, ValueNode)] {
    let tokens = self.tokens.sorted { $0.key < $1.key }.map { token, device in
      (token, device.jsonValue)
    }
    var fcm: [(String, ValueNode)] = [("faults", .list(faults.map(\.jsonValue)))]
    if let latencyMilliseconds { fcm.append(("latency_ms", .integer(latencyMilliseconds))) }
    return [("tokens", .members(tokens)), ("fcm", .members(fcm))]
  }
}

extension FCMRules.Device {
  /// The device as an entry of `tokens`.
  var jsonValue: ValueNode {
    var members: [(String, ValueNode)] = []
    if let platform { members.append(("platform", .text(platform.rawValue))) }
    if let apnsToken { members.append(("apns_token", .text(apnsToken))) }
    if let bundleID { members.append(("bundle_id", .text(bundleID))) }
    if isUnregistered { members.append(("unregistered", ValueNode(.bool(true)))) }
    if let unregisteredAfter { members.append(("unregistered_after", .integer(unregisteredAfter))) }
    return .members(members)
  }
}

extension FCMRules.Fault {
  /// The fault as an entry of `fcm.faults`.
  var jsonValue: ValueNode {
    var members = ValueNode.faultMatch(token: token, topic: topic)
    members.append(("error", .text(error.rawValue)))
    if let times { members.append(("times", .integer(times))) }
    if let probability {
      members.append(("probability", ValueNode(.number(JSONNumber(lexeme: "\(probability)")))))
    }
    if let retryAfterSeconds { members.append(("retry_after_s", .integer(retryAfterSeconds))) }
    return .members(members)
  }
}
