/// How a request reached the server: the protocol chosen for its connection by sniffing the
/// first bytes (and ALPN, over TLS).
public enum ServerTransport: String, Hashable, Sendable {
  /// HTTP/2 over TLS, with ALPN `h2` or with the preface sent without ALPN.
  case h2
  /// Cleartext HTTP/2 with prior knowledge.
  case h2c
  /// HTTP/1.1 over plain TCP.
  case http1 = "http/1.1"
  /// HTTP/1.1 over TLS.
  case http1TLS = "http/1.1+tls"
}
