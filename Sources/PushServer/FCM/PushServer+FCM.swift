extension PushServer {
  /// The service-account JSON file for the FCM side (`--emit-service-account`): a fresh RSA key
  /// (made at the first call, kept in memory), the project ID, the client e-mail and
  /// `tokenURI`, by default `http://HOST:PORT/token` on this server's port (cleartext works on
  /// the port whatever the TLS setting).
  ///
  /// - Throws: When OpenSSL cannot make the key, or OAuth is off.
  public func serviceAccountJSON(tokenURI: String? = nil) throws(PushServerError) -> [UInt8] {
    guard let authority = fcmAuthority else {
      throw PushServerError("there is no service account with --fcm-auth none")
    }
    return try authority.serviceAccountJSON(
      tokenURI: tokenURI ?? "http://\(configuration.host):\(port)/token")
  }

  /// Replaces the FCM rules (tokens and faults); fault and send counts start again.
  public func replaceFCMRules(_ rules: FCMRules) {
    fcmState.replaceRules(rules)
  }

  /// The topic subscriptions, each topic with its registration tokens, sorted.
  public var topicSubscriptions: [(topic: String, tokens: [String])] {
    fcmState.subscriptions
  }
}
