import PushDiagnostics

/// What the FCM side answered and why: the response, what the record keeps about it, and the
/// APNs requests it forwarded to the APNs side (recorded after it).
struct FCMOutcome {
  /// The response to send.
  var response: ServerResponse
  /// The FCM error code (or canonical status, or OAuth error) of an error answer.
  var reason: String?
  /// pushc's diagnostics about the message.
  var diagnostics: [Diagnostic] = []
  /// The FCM part of the record, for `messages:send`.
  var record: FCMRecord?
  /// The registration token the request is about, for filtering the record.
  var token: String?
  /// The forwarded APNs requests with their answers.
  var forwarded: [(request: ServerRequest, outcome: EndpointOutcome)] = []
}
