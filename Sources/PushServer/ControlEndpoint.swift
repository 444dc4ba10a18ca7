import PushDiagnostics
import PushJSON
import PushPayload

/// The control API under `/_pushc/`: `GET /_pushc/health`, `GET /_pushc/requests` (filters
/// `token`, `topic`, `status`, `reason`), `POST /_pushc/reset`, and `GET`/`POST /_pushc/rules`
/// (the rules in force; a POST replaces them). Its own requests are not recorded.
struct ControlEndpoint {
  /// The path prefix of the control API.
  static let pathPrefix = "/_pushc/"

  let recorder: RequestRecorder
  let rules: ActiveRules
  /// The FCM side, whose `tokens` and `fcm` rules a `POST /_pushc/rules` replaces too.
  let fcmState: FCMState?

  /// Answers `request`.
  func respond(to request: ServerRequest) -> ServerResponse {
    let path = request.pathWithoutQuery
    let routes: [(path: String, methods: [String])] = [
      ("/_pushc/health", ["GET"]), ("/_pushc/requests", ["GET"]), ("/_pushc/reset", ["POST"]),
      ("/_pushc/rules", ["GET", "POST"]),
    ]
    guard let route = routes.first(where: { $0.path == path }) else {
      return error(404, "no control endpoint '\(path)'")
    }
    guard route.methods.contains(request.method) else {
      return error(405, "'\(path)' answers \(route.methods.joined(separator: " and ")) only")
    }
    switch route.path {
    case "/_pushc/health":
      return .json(
        200,
        ValueNode.members([
          ("status", .text("ok")), ("requests", .integer(recorder.totalCount)),
        ]).compactJSON)
    case "/_pushc/requests":
      return requests(matching: request.queryItems)
    case "/_pushc/rules":
      if request.method == "POST" { return replaceRules(from: request.body) }
      return .json(200, rulesInForce.compactJSON)
    default:
      let count = recorder.reset()
      return .json(200, ValueNode.members([("removed", .integer(count))]).compactJSON)
    }
  }

  /// The recorded requests that match every filter of `query`.
  private func requests(matching query: [(name: String, value: String)]) -> ServerResponse {
    var selected = recorder.requests
    for (name, value) in query {
      switch name {
      case "token": selected = selected.filter { $0.deviceToken == value }
      case "topic": selected = selected.filter { $0.header("apns-topic") == value }
      case "status":
        guard let status = Int(value) else {
          return error(400, "the status filter must be a number, not '\(value)'")
        }
        selected = selected.filter { $0.status == status }
      case "reason": selected = selected.filter { $0.reason == value }
      default:
        return error(
          400, "unknown filter '\(name)'; the filters are token, topic, status and reason")
      }
    }
    return .json(
      200, ValueNode.members([("requests", .list(selected.map(\.jsonValue)))]).compactJSON)
  }

  /// Puts the rules document `body` (JSON) in force and answers it as `GET` would; 400 with
  /// the diagnostics (`{"version": …, "diagnostics": […]}`, as `pushc lint --format json`)
  /// when it is not valid, keeping the rules in force.
  private func replaceRules(from body: [UInt8]) -> ServerResponse {
    let file = SourceFile(name: Self.rulesBodyName, bytes: body)
    let document = RulesDocument(JSONReader.read(file))
    guard document.isValid else {
      return .json(400, DiagnosticJSONRenderer(style: .compact).bytes(for: document.diagnostics))
    }
    rules.replace(with: document.rules)
    fcmState?.replaceRules(document.fcmRules)
    return .json(200, rulesInForce.compactJSON)
  }

  /// The rules in force as one rules document: `apns`, then `tokens` and `fcm` when the
  /// server has an FCM side.
  private var rulesInForce: ValueNode {
    let apns = rules.rules.jsonValue
    guard case .object(var document) = apns.kind, let fcmRules = fcmState?.rules else {
      return apns
    }
    for (key, value) in fcmRules.jsonMembers {
      document.members.append(.init(key: key, value: value))
    }
    return ValueNode(.object(document))
  }

  /// The file name diagnostics about a `POST /_pushc/rules` body give.
  static let rulesBodyName = "POST /_pushc/rules"

  private func error(_ status: Int, _ message: String) -> ServerResponse {
    .json(status, ValueNode.members([("error", .text(message))]).compactJSON)
  }
}
