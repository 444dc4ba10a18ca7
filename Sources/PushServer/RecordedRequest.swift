public import PushDiagnostics
import PushJSON
import PushPayload

/// One request as the server received and answered it: what the record file and
/// `GET /_pushc/requests` hold, and what in-process tests assert on.
public struct RecordedRequest: Sendable {
  /// The request's number, counted from 1 per server.
  public var sequence: Int
  /// When the request was complete, in UNIX seconds.
  public var time: Double
  /// The connection's number, counted from 1 per server.
  public var connectionID: Int
  /// The protocol of the connection.
  public var transport: ServerTransport
  /// The method.
  public var method: String
  /// The path, query included.
  public var path: String
  /// The header fields in the order received.
  public var headers: [HTTPHeaderField]
  /// The body as received (at most 64 KiB; ``bodyExceededLimit`` says when more was sent).
  public var body: [UInt8]
  /// Whether the body was longer than the server keeps.
  public var bodyExceededLimit: Bool
  /// The response status.
  public var status: Int
  /// The reason of an error response, if any.
  public var reason: String?
  /// The `apns-id` of the response, if any.
  public var apnsID: String?
  /// The device token of an APNs request, if any.
  public var deviceToken: String?
  /// pushc's diagnostics about the request.
  public var diagnostics: [Diagnostic]
  /// Where the rule that produced the answer is in the rules document, as a JSON Pointer
  /// (`/apns/faults/0`, `/apns/devices/<token>`, `/apns/sink`); `nil` for Apple's answer.
  public var rule: String? = nil
  /// What the FCM side made of an FCM `messages:send` request (target, answer, APNs request,
  /// deliveries); `nil` for other requests.
  public var fcm: FCMRecord? = nil

  /// The first header named `name` (case-insensitive).
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name == lowered }?.value
  }

  /// The record as one JSON object, the line of the record file.
  var jsonValue: ValueNode {
    var members: [(String, ValueNode)] = [
      ("sequence", .integer(sequence)),
      ("time", .text(ServerClock.iso8601(time))),
      ("connection", .integer(connectionID)),
      ("protocol", .text(transport.rawValue)),
      ("method", .text(method)),
      ("path", .text(path)),
      ("headers", .list(headers.map { .list([.text($0.name), .text($0.value)]) })),
    ]
    if let text = String(validating: body, as: UTF8.self) {
      members.append(("body", .text(text)))
    } else {
      members.append(("body_base64", .text(Base64.encode(body))))
    }
    if bodyExceededLimit { members.append(("body_truncated", ValueNode(.bool(true)))) }
    var response: [(String, ValueNode)] = [("status", .integer(status))]
    if let reason { response.append(("reason", .text(reason))) }
    if let apnsID { response.append(("apns_id", .text(apnsID))) }
    if let rule { response.append(("rule", .text(rule))) }
    members.append(("response", .members(response)))
    let rendered = DiagnosticJSONRenderer(style: .compact).document(for: diagnostics)
    members.append(("diagnostics", rendered.objectValue?["diagnostics"] ?? .list([])))
    if let fcm { members.append(("fcm", fcm.jsonValue)) }
    return .members(members)
  }
}
