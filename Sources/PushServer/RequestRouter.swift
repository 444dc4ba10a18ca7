/// Sends each complete request to its endpoint and records what was answered: the control API
/// under `/_pushc/`, APNs everywhere else (so unknown paths get Apple's `404 BadPath`). The FCM
/// endpoint (`/v1/projects/…`) slots in here, on the same port.
final class RequestRouter {
  let recorder: RequestRecorder
  let apns: APNSEndpoint
  let control: ControlEndpoint
  /// The rules in force (`--rules`, `POST /_pushc/rules`).
  let rules: ActiveRules

  init(
    recorder: RequestRecorder, apns: APNSEndpoint, rules: ActiveRules = ActiveRules(ServerRules())
  ) {
    self.recorder = recorder
    self.apns = apns
    self.rules = rules
    self.control = ControlEndpoint(recorder: recorder, rules: rules)
  }

  /// The response to `request`.
  func respond(to request: ServerRequest) -> ServerResponse {
    if request.pathWithoutQuery.hasPrefix(ControlEndpoint.pathPrefix) {
      return control.respond(to: request)
    }
    let now = ServerClock.now()
    let outcome = rules.answer(request, now: now, endpoint: apns)
    recorder.record(
      RecordedRequest(
        sequence: 0, time: now, connectionID: request.connectionID,
        transport: request.transport, method: request.method, path: request.path,
        headers: request.headers, body: request.body,
        bodyExceededLimit: request.bodyExceededLimit, status: outcome.response.status,
        reason: outcome.reason, apnsID: outcome.apnsID, deviceToken: outcome.deviceToken,
        diagnostics: outcome.diagnostics, rule: outcome.rule))
    return outcome.response
  }
}
