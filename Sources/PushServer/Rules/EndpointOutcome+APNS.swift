import PushDiagnostics
import PushJSON

extension EndpointOutcome {
  /// Apple's error answer for `reason`: its status (or `status`) with `{"reason": …}` (and
  /// `"timestamp"` for 410 Unregistered) and `apns-id`.
  static func apnsRejection(
    _ reason: String,
    status: Int? = nil,
    apnsID: String,
    diagnostics: [Diagnostic],
    token: String?,
    timestamp: Int? = nil,
    rule: String? = nil
  ) -> EndpointOutcome {
    var members: [(String, ValueNode)] = [("reason", .text(reason))]
    if let timestamp { members.append(("timestamp", .integer(timestamp))) }
    return EndpointOutcome(
      response: .json(
        status ?? APNSReason.status(of: reason), ValueNode.members(members).compactJSON,
        headers: [HTTPHeaderField(name: "apns-id", value: apnsID)]),
      reason: reason, apnsID: apnsID, diagnostics: diagnostics, deviceToken: token, rule: rule)
  }
}
