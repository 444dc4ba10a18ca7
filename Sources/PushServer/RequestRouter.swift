/// Sends each complete request to its endpoint and records what was answered: the control API
/// under `/_pushc/`, FCM under `/v1/` (with `/token` and `/iid/`), APNs everywhere else (so
/// unknown paths get Apple's `404 BadPath`).
final class RequestRouter {
  let recorder: RequestRecorder
  let apns: APNSEndpoint
  let fcm: FCMEndpoint
  let control: ControlEndpoint
  /// The rules in force (`--rules`, `POST /_pushc/rules`).
  let rules: ActiveRules

  init(
    recorder: RequestRecorder, apns: APNSEndpoint, fcm: FCMEndpoint,
    rules: ActiveRules = ActiveRules(ServerRules())
  ) {
    self.recorder = recorder
    self.apns = apns
    self.fcm = fcm
    self.rules = rules
    self.control = ControlEndpoint(recorder: recorder, rules: rules, fcmState: fcm.state)
  }

  /// The response to `request`.
  func respond(to request: ServerRequest) -> ServerResponse {
    let path = request.pathWithoutQuery
    if path.hasASCIIPrefix(ControlEndpoint.pathPrefix) {
      return control.respond(to: request)
    }
    let now = ServerClock.now()
    if FCMEndpoint.handles(path) {
      return respondFCM(to: request, now: now)
    }
    let outcome = rules.answer(request, now: now, endpoint: apns)
    recordAPNs(request, answered: outcome, now: now)
    return outcome.response
  }

  /// Records an APNs request (received, or forwarded by the FCM side) with its answer.
  private func recordAPNs(_ request: ServerRequest, answered outcome: EndpointOutcome, now: Double)
  {
    recorder.record(
      RecordedRequest(
        sequence: 0, time: now, connectionID: request.connectionID,
        transport: request.transport, method: request.method, path: request.path,
        headers: request.headers, body: request.body,
        bodyExceededLimit: request.bodyExceededLimit, status: outcome.response.status,
        reason: outcome.reason, apnsID: outcome.apnsID, deviceToken: outcome.deviceToken,
        diagnostics: outcome.diagnostics, rule: outcome.rule))
  }

  /// The FCM side's response to `request`, recorded, followed by the APNs requests it forwarded.
  private func respondFCM(to request: ServerRequest, now: Double) -> ServerResponse {
    var outcome = fcm.respond(to: request, now: now)
    var recorded = RecordedRequest(
      sequence: 0, time: now, connectionID: request.connectionID,
      transport: request.transport, method: request.method, path: request.path,
      headers: request.headers, body: request.body,
      bodyExceededLimit: request.bodyExceededLimit, status: outcome.response.status,
      reason: outcome.reason, apnsID: nil, deviceToken: outcome.token,
      diagnostics: outcome.diagnostics)
    // Moved into the record: the outcome keeps no use for it.
    recorded.fcm = outcome.record.take()
    recorder.record(recorded)
    var response = outcome.response
    if let latency = fcm.state.latencyMilliseconds, latency > 0 {
      response.delay = Double(latency) / 1000
    }
    for (forwarded, answer) in outcome.forwarded {
      recordAPNs(forwarded, answered: answer, now: now)
    }
    return response
  }
}
