import PushDiagnostics
import PushJSON

/// The checks of `authorization: bearer <JWT>`: present, a JWT whose header has `alg` ES256
/// and a `kid`, whose claims have `iss` and a numeric `iat` not older than one hour; with
/// keys, `kid` and `iss` must name one and its ES256 signature must verify.
struct ProviderTokenCheck {
  /// The keys tokens are verified with; none accepts every well-formed token.
  let keys: [ProviderKey]

  /// The APNs reason for the authorization of a request with `headers` at `now` (UNIX
  /// seconds), or `nil` when the token is accepted. A token that verified before on the
  /// connection (`state`) has only its age checked again.
  func reason(
    for headers: [HTTPHeaderField], now: Double, state: ConnectionTokenState? = nil
  ) -> String? {
    guard let authorization = headers.first(where: { $0.name == "authorization" })?.value else {
      return "MissingProviderToken"
    }
    if let verified = state?.verified, verified.authorization == authorization {
      return expiryReason(issuedAt: verified.issuedAt, now: now)
    }
    let prefix = "bearer "
    guard authorization.count > prefix.count,
      authorization.prefix(prefix.count).lowercased() == prefix
    else { return "InvalidProviderToken" }
    let parts = authorization.dropFirst(prefix.count).split(
      separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[2].isEmpty,
      let header = jsonObject(parts[0]), let claims = jsonObject(parts[1]),
      header["alg"]?.stringValue == "ES256",
      let keyID = header["kid"]?.stringValue, !keyID.isEmpty,
      let issuer = claims["iss"]?.stringValue, !issuer.isEmpty,
      let issuedAt = claims["iat"]?.numberValue?.doubleValue
    else { return "InvalidProviderToken" }
    if !keys.isEmpty {
      guard let key = keys.first(where: { $0.keyID == keyID && $0.teamID == issuer }),
        let signature = Base64.decodeURLSafe(parts[2]),
        key.verifies(signature, of: Array("\(parts[0]).\(parts[1])".utf8))
      else { return "InvalidProviderToken" }
    }
    state?.rememberVerified(authorization, issuedAt: issuedAt)
    return expiryReason(issuedAt: issuedAt, now: now)
  }

  /// `ExpiredProviderToken` when a token issued at `issuedAt` is over an hour old at `now`.
  private func expiryReason(issuedAt: Double, now: Double) -> String? {
    now - issuedAt > 3600 ? "ExpiredProviderToken" : nil
  }

  /// The JSON object in the base64url `part`, if it is one.
  private func jsonObject(_ part: Substring) -> JSONObject? {
    guard let bytes = Base64.decodeURLSafe(part) else { return nil }
    let parsed = JSONReader.read(SourceFile(name: "jwt", bytes: bytes))
    guard !parsed.hasErrors else { return nil }
    return parsed.documents.first?.objectValue
  }
}
