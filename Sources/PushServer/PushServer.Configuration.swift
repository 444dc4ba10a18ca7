extension PushServer {
  /// Where the server listens, how it does TLS, and what it records.
  public struct Configuration: Hashable, Sendable {
    /// Where the TLS certificate comes from.
    public enum TLS: Hashable, Sendable {
      /// A CA and a leaf certificate for `localhost`, `127.0.0.1` and the APNs host names,
      /// made at start-up (``PushServer/caCertificatePEM``).
      case generated
      /// A PEM certificate chain and its private key.
      case files(certificate: String, key: String)
      /// No TLS: h2c and HTTP/1.1 only.
      case disabled
    }

    /// An APNs signing key (`AuthKey_KEYID.p8`) that provider tokens are verified with.
    public struct ProviderKeyFile: Hashable, Sendable {
      /// The 10-character key ID, the tokens' `kid`.
      public var keyID: String
      /// The team ID, the tokens' `iss`.
      public var teamID: String
      /// The path of the `.p8` file.
      public var path: String

      /// Creates a key file reference.
      public init(keyID: String, teamID: String, path: String) {
        self.keyID = keyID
        self.teamID = teamID
        self.path = path
      }
    }

    /// The IPv4 address to listen on; loopback unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one (see ``PushServer/port``).
    public var port: Int
    /// The TLS certificate.
    public var tls: TLS
    /// The file each request is appended to as one JSON line, flushed per request.
    public var recordPath: String?
    /// How many requests `GET /_pushc/requests` and ``PushServer/requests`` keep.
    public var ringCapacity: Int
    /// Whether the server behaves as Apple's development environment (successful responses
    /// carry `apns-unique-id`).
    public var isDevelopment: Bool
    /// The keys provider tokens are verified with; without any, tokens are checked for shape
    /// and age only.
    public var providerKeys: [ProviderKeyFile]
    /// The rules the server starts with (`--rules FILE`); ``PushServer/replaceRules(_:)`` and
    /// `POST /_pushc/rules` replace them while it runs.
    public var rules: ServerRules
    /// The FCM side: project, authentication, tokens and faults, forwarding to APNs.
    public var fcm: FCMConfiguration
    /// Seconds without a byte from the client after which a connection is sent away with
    /// GOAWAY `{"reason":"IdleTimeout"}` (HTTP/2) and closed; one hour by default.
    public var idleTimeout: Double
    /// A PEM file of CA certificates: when set, TLS clients are asked for a certificate, which
    /// must chain to one of them (else `403 BadCertificate`); its UID and Apple's topics
    /// extension are the topics it may push to (else `400 TopicDisallowed`). Clients without
    /// a certificate use provider tokens as before.
    public var clientCAPath: String?

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1",
      port: Int = 0,
      tls: TLS = .generated,
      recordPath: String? = nil,
      ringCapacity: Int = 1000,
      isDevelopment: Bool = true,
      providerKeys: [ProviderKeyFile] = [],
      rules: ServerRules = ServerRules(),
      fcm: FCMConfiguration = FCMConfiguration(),
      idleTimeout: Double = 3600,
      clientCAPath: String? = nil
    ) {
      self.host = host
      self.port = port
      self.tls = tls
      self.recordPath = recordPath
      self.ringCapacity = ringCapacity
      self.isDevelopment = isDevelopment
      self.providerKeys = providerKeys
      self.rules = rules
      self.fcm = fcm
      self.idleTimeout = idleTimeout
      self.clientCAPath = clientCAPath
    }
  }
}
