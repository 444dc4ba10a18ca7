import PushJSON
import Synchronization

/// Google's OAuth 2.0 for service accounts, as far as the FCM endpoint needs it: the service
/// account (its key made at first use), the access tokens `POST /token` issued for verified
/// JWT-bearer assertions, and whether a bearer token is one of them and still live.
final class OAuthAuthority: Sendable {
  /// How long an access token lives, in seconds (Google's tokens live an hour).
  static let tokenLifetime = 3600.0
  /// At most this many live tokens are kept; issuing more drops the oldest.
  static let maximumTokenCount = 10_000

  /// The project the service account belongs to.
  let projectID: String
  private let key = Mutex<ServiceAccountKey?>(nil)
  private let tokens = Mutex<[String: Double]>([:])

  init(projectID: String) {
    self.projectID = projectID
  }

  /// The service account's e-mail address, the assertions' `iss`.
  var clientEmail: String {
    "pushc-serve@\(projectID).iam.gserviceaccount.com"
  }

  /// The key, made now if this is its first use.
  ///
  /// - Throws: When OpenSSL cannot make it.
  func serviceAccountKey() throws(PushServerError) -> ServiceAccountKey {
    if let existing = key.withLock({ $0 }) { return existing }
    let made = try ServiceAccountKey()
    return key.withLock { current in
      if let current { return current }
      current = made
      return made
    }
  }

  /// The service-account JSON file (the fields of the file the Google Cloud console gives),
  /// whose `token_uri` is `tokenURI`.
  func serviceAccountJSON(tokenURI: String) throws(PushServerError) -> [UInt8] {
    let key = try serviceAccountKey()
    let document = ValueNode.members([
      ("type", .text("service_account")),
      ("project_id", .text(projectID)),
      ("private_key_id", .text(key.keyID)),
      ("private_key", .text(key.privateKeyPEM)),
      ("client_email", .text(clientEmail)),
      ("client_id", .text("100000000000000000000")),
      ("auth_uri", .text("https://accounts.google.com/o/oauth2/auth")),
      ("token_uri", .text(tokenURI)),
      ("auth_provider_x509_cert_url", .text("https://www.googleapis.com/oauth2/v1/certs")),
      (
        "client_x509_cert_url",
        .text(
          "https://www.googleapis.com/robot/v1/metadata/x509/pushc-serve%40\(projectID).iam.gserviceaccount.com"
        )
      ),
      ("universe_domain", .text("googleapis.com")),
    ])
    return CanonicalJSONWriter(style: .pretty).bytes(for: document) + [UInt8(ascii: "\n")]
  }

  /// A new access token, live for ``tokenLifetime`` from `now`.
  func issueToken(now: Double) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    let token =
      "ya29.pushc-"
      + String(decoding: (0..<64).map { _ in alphabet[Int.random(in: 0..<64)] }, as: UTF8.self)
    tokens.withLock { tokens in
      if tokens.count >= Self.maximumTokenCount {
        tokens = tokens.filter { $0.value > now }
        if tokens.count >= Self.maximumTokenCount,
          let oldest = tokens.min(by: { $0.value < $1.value })?.key
        {
          tokens[oldest] = nil
        }
      }
      tokens[token] = now + Self.tokenLifetime
    }
    return token
  }

  /// Whether `token` was issued here and has not expired at `now`.
  func accepts(_ token: String, now: Double) -> Bool {
    tokens.withLock { tokens in (tokens[token] ?? 0) > now }
  }
}
