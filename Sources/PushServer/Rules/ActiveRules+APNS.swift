extension ActiveRules {
  /// The answer to an APNs request under the rules in force: in sink mode 200 for every
  /// `POST /3/device/…` without checks; otherwise `endpoint`'s answer, replaced, when it is
  /// 200, by the first fault that fires or the device's 410; with the rules' latency.
  func answer(_ request: ServerRequest, now: Double, endpoint: APNSEndpoint) -> EndpointOutcome {
    let apns = self.apns
    let path = request.pathWithoutQuery
    var outcome: EndpointOutcome
    if apns.isSink, request.method == "POST", path.hasPrefix(APNSEndpoint.devicePathPrefix) {
      let apnsID = request.header("apns-id") ?? ServerClock.uuid()
      var headers = [HTTPHeaderField(name: "apns-id", value: apnsID)]
      if endpoint.isDevelopment {
        headers.append(HTTPHeaderField(name: "apns-unique-id", value: ServerClock.uuid()))
      }
      outcome = EndpointOutcome(
        response: ServerResponse(status: 200, headers: headers, body: []), reason: nil,
        apnsID: apnsID, diagnostics: [],
        deviceToken: String(path.dropFirst(APNSEndpoint.devicePathPrefix.count)),
        rule: "/apns/sink")
    } else {
      outcome = endpoint.respond(to: request, now: now)
      if outcome.response.status == 200,
        let decision = decision(
          token: outcome.deviceToken, topic: request.header("apns-topic"), now: now)
      {
        outcome = .apnsRejection(
          decision.reason, status: decision.status, apnsID: outcome.apnsID ?? ServerClock.uuid(),
          diagnostics: outcome.diagnostics, token: outcome.deviceToken,
          timestamp: decision.timestamp, rule: decision.rule)
      }
    }
    outcome.response.delay = Double(apns.latencyMilliseconds) / 1000
    return outcome
  }
}
