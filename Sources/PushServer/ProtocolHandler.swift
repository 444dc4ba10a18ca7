/// The HTTP side of a connection once its protocol is chosen: HTTP/2 or HTTP/1.1, over TLS or
/// not. It takes plaintext in, produces plaintext out and asks the router for responses.
protocol ProtocolHandler: AnyObject {
  /// Takes bytes received from the client; `false` when the connection must close now.
  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool

  /// Appends the bytes to send; `false` when the connection must close now.
  func takeOutput(into output: inout [UInt8]) -> Bool

  /// Whether the connection has nothing more to do once its output is sent.
  var isFinished: Bool { get }

  /// Stops taking new requests; those in flight finish.
  func beginShutdown()

  /// When a held-back response is due (``fireDeferred(now:)``), on the monotonic clock; `nil`
  /// when none is held back.
  var nextDeadline: Double? { get }

  /// Sends the held-back responses due at `now`.
  func fireDeferred(now: Double)

  /// Ends the connection for `reason` (an APNs reason such as `IdleTimeout`): HTTP/2 sends
  /// GOAWAY with `{"reason": …}` and closes once the streams in flight are answered; HTTP/1.1
  /// closes after the request in flight.
  func goAway(reason: String)
}

/// What a handler needs from its connection to turn requests into responses.
struct RequestContext {
  /// The router that answers.
  let router: RequestRouter
  /// The connection's number.
  let connectionID: Int
  /// The protocol of the connection.
  let transport: ServerTransport
  /// The provider token the connection uses.
  let tokenState = ConnectionTokenState()
  /// The certificate the client presented in the TLS handshake, when the server asks for one.
  var clientCertificate: ClientCertificate? = nil
  /// The host name the client asked for in the TLS handshake (SNI), if any.
  var serverName: String? = nil

  /// Whether the client authenticated with a trusted certificate (then HTTP/2 allows every
  /// stream from the start).
  var isCertificateAuthenticated: Bool { clientCertificate?.isTrusted == true }

  /// Whether the client reached the server under one of Google's host names (the hosts-file
  /// route of the Admin SDKs with a built-in host), whose servers have no one-stream start.
  var reachedGoogleHost: Bool {
    guard let serverName else { return false }
    return Self.googleHostNames.contains(serverName.lowercased())
  }

  /// The Google host names the Firebase Admin SDKs call, which the generated certificate
  /// names (``CertificateAuthority/leafNames``), in its order.
  static let googleHostNames = [
    "fcm.googleapis.com", "oauth2.googleapis.com", "iid.googleapis.com",
  ]
}
