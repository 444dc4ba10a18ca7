import PushDiagnostics
import PushJSON
import PushPayload

/// Sends the APNs requests FCM makes of accepted messages to the server's own APNs side
/// (`--forward-apns`), in process: each goes through ``APNSEndpoint``'s checks as Apple's
/// server would see it, and the APNs rules in force (devices, faults, sink), and is recorded as
/// an APNs request of its own (connection 0, `h2`).
///
/// FCM authenticates to APNs with the key uploaded to the Firebase project; here that is the
/// first `--apns-key`, whose ES256 provider tokens the APNs side verifies. Without keys the
/// tokens are well formed but unsigned, which the APNs side accepts then. A token is used for
/// 40 minutes, inside Apple's window of 20 to 60.
final class FCMAPNSForwarder {
  /// How long one provider token is used, in seconds.
  static let tokenLifetime = 40.0 * 60

  private let apns: APNSEndpoint
  private let rules: ActiveRules
  private let key: ProviderKey?
  private let tokenState = ConnectionTokenState()
  private var token: (value: String, issuedAt: Double)?

  init(apns: APNSEndpoint, rules: ActiveRules, key: ProviderKey?) {
    self.apns = apns
    self.rules = rules
    self.key = key
  }

  /// Sends `request` (with its device token) at `now`; the request as received and the answer.
  func forward(_ request: APNS.Request, now: Double) -> (ServerRequest, EndpointOutcome) {
    let token = providerToken(now: now)
    var headers = request.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) }
    headers.append(HTTPHeaderField(name: "authorization", value: "bearer \(token)"))
    let serverRequest = ServerRequest(
      method: "POST",
      path: APNSEndpoint.devicePathPrefix + (request.deviceToken?.value ?? ""),
      headers: headers,
      body: request.payloadBytes,
      bodyExceededLimit: false,
      connectionID: 0,
      transport: .h2,
      tokenState: tokenState)
    return (serverRequest, rules.answer(serverRequest, now: now, endpoint: apns))
  }

  private func providerToken(now: Double) -> String {
    if let token, now - token.issuedAt < Self.tokenLifetime { return token.value }
    let keyID = key?.keyID ?? "FCMPUSHC01"
    let teamID = key?.teamID ?? "FCMPUSHC01"
    let header = ValueNode.members([("alg", .text("ES256")), ("kid", .text(keyID))])
    let claims = ValueNode.members([("iss", .text(teamID)), ("iat", .integer(Int(now)))])
    let signed = Self.urlSafe(header.compactJSON) + "." + Self.urlSafe(claims.compactJSON)
    let signature = key?.signature(of: Array(signed.utf8)) ?? Array("unsigned".utf8)
    let value = signed + "." + Self.urlSafe(signature)
    token = (value, now)
    return value
  }

  /// Unpadded base64url.
  private static func urlSafe(_ bytes: [UInt8]) -> String {
    String(
      Base64.encode(bytes).compactMap { character -> Character? in
        switch character {
        case "+": "-"
        case "/": "_"
        case "=": nil
        default: character
        }
      })
  }
}
