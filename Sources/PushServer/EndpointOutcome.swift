import PushDiagnostics

/// What an endpoint answered and why: the response, and what the record keeps about it.
struct EndpointOutcome {
  /// The response to send.
  var response: ServerResponse
  /// The reason in the response body, if any.
  var reason: String?
  /// The `apns-id` of the response, if any.
  var apnsID: String?
  /// pushc's diagnostics about the request, errors and warnings.
  var diagnostics: [Diagnostic]
  /// The device token of an APNs request, for filtering the record.
  var deviceToken: String?
  /// Where the rule that produced the answer is in the rules document (`/apns/faults/0`), if
  /// a rule did.
  var rule: String? = nil
}
