import PushJSON

/// `POST /token`, Google's OAuth 2.0 token endpoint for service accounts (RFC 7523): takes the
/// form `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>` the Google
/// auth libraries send, verifies the RS256 assertion against the service account's key (`iss`
/// its e-mail, `aud` the token URI, `iat` and `exp` at most an hour apart and around now) and
/// answers `{"access_token", "expires_in", "token_type": "Bearer"}`; otherwise Google's
/// `{"error", "error_description"}` with 400.
struct OAuthEndpoint {
  /// The token endpoint's path.
  static let path = "/token"
  /// The grant type of a JWT-bearer assertion.
  static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
  /// The audiences accepted besides the server's own token URI: Google's.
  static let googleAudiences = [
    "https://oauth2.googleapis.com/token", "https://www.googleapis.com/oauth2/v4/token",
    "https://accounts.google.com/o/oauth2/token",
  ]
  /// How far `iat` may be in the future, in seconds (clock skew).
  static let allowedSkew = 300.0

  let authority: OAuthAuthority

  /// Answers `request` at `now`; the reason for the record when it is refused.
  func respond(to request: ServerRequest, now: Double) -> (ServerResponse, reason: String?) {
    guard request.method == "POST" else {
      return refusal("invalid_request", "The token endpoint answers POST only.", status: 405)
    }
    guard let fields = PercentDecoding.formFields(request.body) else {
      return refusal("invalid_request", "The request body is not a form.")
    }
    let grant = fields.first { $0.name == "grant_type" }?.value
    guard grant == Self.grantType else {
      return refusal("unsupported_grant_type", "Invalid grant_type: \(grant ?? "")")
    }
    guard let assertion = fields.first(where: { $0.name == "assertion" })?.value,
      let jwt = CompactJWT(assertion[...]),
      jwt.header["alg"]?.stringValue == "RS256"
    else {
      return refusal("invalid_grant", "Invalid JWT Signature.")
    }
    guard let key = try? authority.serviceAccountKey(),
      key.verifies(jwt.signature, of: jwt.signedBytes)
    else {
      return refusal("invalid_grant", "Invalid JWT Signature.")
    }
    guard jwt.claims["iss"]?.stringValue == authority.clientEmail else {
      return refusal("invalid_grant", "Invalid grant: account not found")
    }
    // HTTP/1.1 names the host the client used; HTTP/2 requests here carry no `host` field
    // (`:authority` is not kept), so there any `…/token` URI is the server's own.
    let host = request.header("host")
    let audiences =
      Self.googleAudiences + ["http://\(host ?? "")/token", "https://\(host ?? "")/token"]
    guard let audience = jwt.claims["aud"]?.stringValue,
      audiences.contains(audience) || (host == nil && audience.hasSuffix(Self.path))
    else {
      return refusal(
        "invalid_grant",
        "Invalid JWT: Failed audience check. The right audience is http://\(host ?? "127.0.0.1")/token"
      )
    }
    guard let issuedAt = jwt.claims["iat"]?.numberValue?.doubleValue,
      let expiry = jwt.claims["exp"]?.numberValue?.doubleValue,
      issuedAt <= now + Self.allowedSkew, expiry > now, expiry - issuedAt <= 3600
    else {
      return refusal(
        "invalid_grant",
        "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable "
          + "timeframe. Check your iat and exp values in the JWT claim.")
    }
    guard jwt.claims["scope"]?.stringValue?.isEmpty == false else {
      return refusal("invalid_scope", "Invalid OAuth scope or ID token audience provided.")
    }
    let token = authority.issueToken(now: now)
    let body = ValueNode.members([
      ("access_token", .text(token)),
      ("expires_in", .integer(Int(OAuthAuthority.tokenLifetime) - 1)),
      ("token_type", .text("Bearer")),
    ])
    return (Self.json(200, body), nil)
  }

  private func refusal(_ error: String, _ description: String, status: Int = 400)
    -> (ServerResponse, reason: String?)
  {
    let body = ValueNode.members([
      ("error", .text(error)), ("error_description", .text(description)),
    ])
    return (Self.json(status, body), error)
  }

  private static func json(_ status: Int, _ body: ValueNode) -> ServerResponse {
    ServerResponse(
      status: status,
      headers: [HTTPHeaderField(name: "content-type", value: "application/json; charset=utf-8")],
      body: body.compactJSON)
  }
}
