import PushDiagnostics
import PushJSON

/// Topic management as the Admin SDKs call it, stored in ``FCMState`` so topic and condition
/// messages fan out to the subscribers:
///
/// - the FCM v1 registrations API the Python SDK 7 uses for `subscribe_to_topic` and
///   `unsubscribe_from_topic`: `POST /v1/projects/{p}/registrations/{token}/topicSubscriptions
///   ?topic_name={topic}` (body `{}`) and `DELETE …/topicSubscriptions/{topic}?allow_missing=true`,
///   answered `{}`, or FCM's `UNREGISTERED` error for an unregistered token;
/// - the Instance ID batch API the other SDKs (and Python's `*_legacy`) use:
///   `POST /iid/v1:batchAdd` and `/iid/v1:batchRemove` with `{"to": "/topics/{topic}",
///   "registration_tokens": […]}`, answered `{"results": [{}, {"error": "NOT_FOUND"}, …]}`
///   in token order, or `{"error": "…"}` with 400 for a malformed request.
struct FCMTopicEndpoint {
  /// The path prefix of the Instance ID API.
  static let instanceIDPrefix = "/iid/"
  /// The topic name pattern of the Admin SDKs.
  static func isTopicName(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
          || "-_.~%".unicodeScalars.contains($0)
      }
  }

  let state: FCMState

  /// Answers `POST /iid/v1:batchAdd` and `POST /iid/v1:batchRemove`.
  func respondToInstanceID(_ request: ServerRequest) -> FCMOutcome {
    let path = request.pathWithoutQuery
    let isAdd = path == "/iid/v1:batchAdd"
    guard isAdd || path == "/iid/v1:batchRemove" else {
      return instanceIDError(404, "NOT_FOUND")
    }
    guard request.method == "POST" else { return instanceIDError(405, "METHOD_NOT_ALLOWED") }
    let parsed = JSONReader.read(SourceFile(name: "request body", bytes: request.body))
    guard !parsed.hasErrors, let body = parsed.documents.first?.objectValue,
      var topic = body["to"]?.stringValue,
      let tokens = body["registration_tokens"]?.arrayValue?.compactMap(\.stringValue),
      !tokens.isEmpty, tokens.count == body["registration_tokens"]?.arrayValue?.count
    else {
      return instanceIDError(400, "INVALID_ARGUMENT")
    }
    if topic.hasPrefix("/topics/") { topic.removeFirst(8) }
    guard Self.isTopicName(topic) else { return instanceIDError(400, "INVALID_ARGUMENT") }
    let results = tokens.map { token -> ValueNode in
      if token.isEmpty { return .members([("error", .text("INVALID_ARGUMENT"))]) }
      if state.isUnregistered(token) { return .members([("error", .text("NOT_FOUND"))]) }
      if isAdd {
        guard state.subscribe(token, to: topic) else {
          return .members([("error", .text("RESOURCE_EXHAUSTED"))])
        }
      } else {
        state.unsubscribe(token, from: topic)
      }
      return .members([])
    }
    return FCMOutcome(
      response: .json(200, ValueNode.members([("results", .list(results))]).compactJSON))
  }

  /// Answers a registrations request whose path after `registrations/` is `parts`
  /// (`token`, `topicSubscriptions`, then the topic when deleting); `nil` for another path.
  func respondToRegistration(_ request: ServerRequest, parts: [Substring]) -> FCMOutcome? {
    guard let token = PercentDecoding.decode(parts[0]), !token.isEmpty else {
      return fcmError(
        FCMErrorResponse(
          .invalidArgument, message: "The registration token is not a valid FCM registration token"),
        token: nil)
    }
    let topicName: String?
    switch (request.method, parts.count) {
    case ("POST", 2):
      topicName = request.queryItems.first { $0.name == "topic_name" }
        .flatMap { PercentDecoding.decode($0.value[...]) }
    case ("DELETE", 3):
      topicName = PercentDecoding.decode(parts[2])
    default:
      return nil
    }
    guard let topic = topicName, Self.isTopicName(topic) else {
      return fcmError(
        FCMErrorResponse(
          .invalidArgument, message: "Malformed topic name.",
          fieldViolations: [.init(field: "topic_name", description: "Malformed topic name.")]),
        token: token)
    }
    if state.isUnregistered(token) {
      return fcmError(FCMErrorResponse(.unregistered), token: token)
    }
    if request.method == "POST" {
      guard state.subscribe(token, to: topic) else {
        return fcmError(
          FCMErrorResponse(
            .quotaExceeded,
            message: "pushc serve keeps at most \(FCMState.maximumSubscriptionCount) subscriptions."
          ),
          token: token)
      }
    } else {
      state.unsubscribe(token, from: topic)
    }
    return FCMOutcome(
      response: ServerResponse(
        status: 200,
        headers: [HTTPHeaderField(name: "content-type", value: "application/json; charset=UTF-8")],
        body: Array("{}".utf8)),
      token: token)
  }

  private func fcmError(_ error: FCMErrorResponse, token: String?) -> FCMOutcome {
    FCMOutcome(response: error.response, reason: error.recordedReason, token: token)
  }

  /// The Instance ID service's error shape, `{"error": "CODE"}`.
  private func instanceIDError(_ status: Int, _ code: String) -> FCMOutcome {
    FCMOutcome(
      response: .json(status, ValueNode.members([("error", .text(code))]).compactJSON),
      reason: code)
  }
}
