/// The provider token a connection authenticates with, and since when: APNs answers
/// `429 TooManyProviderTokenUpdates` when a connection changes its token less than 20 minutes
/// after it started using the previous one.
final class ConnectionTokenState {
  /// The shortest time, in seconds, a connection keeps a token before changing it.
  static let minimumTokenLifetime = 20.0 * 60

  /// The accepted token in use, if any.
  private(set) var token: String?
  /// When that token was first accepted, in UNIX seconds.
  private(set) var since = 0.0

  /// The last `authorization` value whose token verified on this connection, and its `iat`:
  /// the same value again needs only its age checked (clients send it with every request).
  private(set) var verified: (authorization: String, issuedAt: Double)?

  /// Remembers that `authorization` verified, with its `iat`.
  func rememberVerified(_ authorization: String, issuedAt: Double) {
    verified = (authorization, issuedAt)
  }

  /// Whether `token`, otherwise valid, is accepted at `now`: the connection's first token, the
  /// one in use, or a new one at least ``minimumTokenLifetime`` after the last change.
  func accepts(_ token: String, now: Double) -> Bool {
    if token == self.token { return true }
    if self.token != nil && now - since < Self.minimumTokenLifetime { return false }
    self.token = token
    since = now
    return true
  }
}
