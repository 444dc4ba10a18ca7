import PushJSON

/// The control API under `/_pushc/`: `GET /_pushc/health`, `GET /_pushc/requests` (filters
/// `token`, `topic`, `status`) and `POST /_pushc/reset`. Its own requests are not recorded.
struct ControlEndpoint {
  /// The path prefix of the control API.
  static let pathPrefix = "/_pushc/"

  let recorder: RequestRecorder

  /// Answers `request`.
  func respond(to request: ServerRequest) -> ServerResponse {
    let path = request.pathWithoutQuery
    let routes: [(path: String, method: String)] = [
      ("/_pushc/health", "GET"), ("/_pushc/requests", "GET"), ("/_pushc/reset", "POST"),
    ]
    guard let route = routes.first(where: { $0.path == path }) else {
      return error(404, "no control endpoint '\(path)'")
    }
    guard request.method == route.method else {
      return error(405, "'\(path)' answers \(route.method) only")
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
      default:
        return error(400, "unknown filter '\(name)'; the filters are token, topic and status")
      }
    }
    return .json(
      200, ValueNode.members([("requests", .list(selected.map(\.jsonValue)))]).compactJSON)
  }

  private func error(_ status: Int, _ message: String) -> ServerResponse {
    .json(status, ValueNode.members([("error", .text(message))]).compactJSON)
  }
}
