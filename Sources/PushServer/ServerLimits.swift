/// The bounds that keep one client from taking the server down.
enum ServerLimits {
  /// The longest body kept in memory; longer bodies are answered `413 PayloadTooLarge`
  /// without being stored (APNs accepts at most 5120 bytes).
  static let maximumBodyByteCount = 64 * 1024
  /// The largest HTTP/2 header list of one stream (names, values and 32 per field, as
  /// SETTINGS_MAX_HEADER_LIST_SIZE counts them); a larger one resets the stream.
  static let maximumHeaderListByteCount = 64 * 1024
  /// The longest HTTP/1.1 request head (request line and headers).
  static let maximumHTTP1HeadByteCount = 64 * 1024
  /// Output waiting for a slow client above which the server stops reading from it.
  static let maximumPendingOutputByteCount = 1024 * 1024
  /// Connections open at once; more are closed on accept.
  static let maximumConnectionCount = 1024
  /// Seconds a connection may take to choose its protocol and finish a TLS handshake, and to
  /// close after it was sent away for being idle.
  static let handshakeTimeout = 10.0
  /// Seconds between two checks of the handshake and idle timeouts.
  static let sweepInterval = 0.1
  /// Seconds a shutdown waits for in-flight streams before closing every connection.
  static let shutdownGracePeriod = 5.0
  /// Bytes read from a socket per `recv`.
  static let readChunkByteCount = 16 * 1024
}
