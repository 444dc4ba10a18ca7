/// One accepted socket: chooses its protocol from the first bytes (TLS record `0x16`, the
/// HTTP/2 preface, anything else HTTP/1.1; inside TLS by ALPN, or by the same sniffing when
/// the client offered none), then passes bytes between the socket, TLS and the HTTP handler.
final class Connection {
  let fd: Int32
  let id: Int
  /// When the connection was accepted, on the monotonic clock.
  let acceptedAt: Double
  /// When bytes last arrived (or the connection was accepted), on the monotonic clock.
  var lastReceivedAt: Double
  /// When the connection was sent away for being idle, on the monotonic clock.
  private(set) var timedOutAt: Double?
  /// Bytes waiting to be written to the socket, from ``outputOffset``.
  private(set) var output: [UInt8] = []
  private(set) var outputOffset = 0
  /// Whether the connection closes once its output is written.
  private(set) var isClosing = false

  private let router: RequestRouter
  private let tlsContext: TLSContext?
  private var tls: TLSSession?
  private var isTLS: Bool?
  private var handler: (any ProtocolHandler)?
  private var sniffed: [UInt8] = []
  private var isShuttingDown = false

  init(fd: Int32, id: Int, router: RequestRouter, tlsContext: TLSContext?, now: Double) {
    self.fd = fd
    self.id = id
    self.router = router
    self.tlsContext = tlsContext
    self.acceptedAt = now
    self.lastReceivedAt = now
  }

  /// Whether the protocol is chosen (and the TLS handshake finished).
  var isEstablished: Bool { handler != nil }

  /// Bytes still to write.
  var pendingOutputCount: Int { output.count - outputOffset }

  /// Whether the connection is done and its output written.
  var isDone: Bool {
    pendingOutputCount == 0 && (isClosing || (handler?.isFinished ?? isShuttingDown))
  }

  /// Takes bytes read from the socket.
  func receive(_ bytes: UnsafeRawBufferPointer) {
    guard !isClosing else { return }
    if isTLS == nil, let first = bytes.first {
      isTLS = first == 0x16 && tlsContext != nil
      if isTLS == true, let tlsContext {
        tls = TLSSession(context: tlsContext)
        if tls == nil { isClosing = true }
      }
    }
    if let tls {
      var plaintext: [UInt8] = []
      let alive = tls.receive(bytes, plaintext: &plaintext)
      if tls.isEstablished, handler == nil, let alpn = tls.negotiatedProtocol {
        install(alpn == "h2" ? .h2 : .http1TLS)
      }
      if !plaintext.isEmpty { plaintext.withUnsafeBytes { deliver($0) } }
      if !alive { isClosing = true }
    } else {
      deliver(bytes)
    }
    collectOutput()
  }

  /// Stops taking requests; the connection closes once those in flight are answered.
  func beginShutdown() {
    isShuttingDown = true
    handler?.beginShutdown()
    collectOutput()
  }

  /// When a held-back response is due, on the monotonic clock; `nil` when none is.
  var nextDeadline: Double? { handler?.nextDeadline }

  /// Sends the held-back responses due at `now`.
  func fireDeferred(now: Double) {
    handler?.fireDeferred(now: now)
    collectOutput()
  }

  /// Ends an idle connection as APNs does: HTTP/2 gets GOAWAY `{"reason":"IdleTimeout"}`,
  /// then the connection closes.
  func timeOut(now: Double) {
    guard timedOutAt == nil else { return }
    timedOutAt = now
    guard let handler else {
      isClosing = true
      return
    }
    handler.goAway(reason: "IdleTimeout")
    collectOutput()
  }

  /// Marks `count` bytes of the output as written.
  func didWrite(_ count: Int) {
    outputOffset += count
    if outputOffset == output.count {
      output.removeAll(keepingCapacity: true)
      outputOffset = 0
    }
  }

  /// Closes the connection at the next turn of the loop.
  func abort() {
    isClosing = true
  }

  // MARK: - Protocol choice

  private func deliver(_ bytes: UnsafeRawBufferPointer) {
    if let handler {
      if !handler.receive(bytes) { isClosing = true }
      return
    }
    sniffed.append(contentsOf: bytes)
    let preface = HTTP2Connection.preface
    let compared = min(sniffed.count, preface.count)
    let isPreface = sniffed[..<compared].elementsEqual(preface[..<compared])
    guard !isPreface || sniffed.count >= preface.count else { return }  // wait for more
    let tlsNow = isTLS == true
    install(isPreface ? (tlsNow ? .h2 : .h2c) : (tlsNow ? .http1TLS : .http1))
    let buffered = sniffed
    sniffed = []
    buffered.withUnsafeBytes { deliver($0) }
  }

  private func install(_ transport: ServerTransport) {
    let context = RequestContext(
      router: router, connectionID: id, transport: transport,
      clientCertificate: tls?.clientCertificate, serverName: tls?.serverName)
    switch transport {
    case .h2, .h2c:
      guard let connection = HTTP2Connection(context: context) else {
        isClosing = true
        return
      }
      handler = connection
    case .http1, .http1TLS:
      handler = HTTP1Connection(context: context)
    }
    if isShuttingDown { handler?.beginShutdown() }
  }

  private func collectOutput() {
    var plaintext: [UInt8] = []
    if let handler, !handler.takeOutput(into: &plaintext) { isClosing = true }
    if let tls {
      tls.send(plaintext)
      tls.drain(into: &output)
    } else {
      output.append(contentsOf: plaintext)
    }
  }
}
