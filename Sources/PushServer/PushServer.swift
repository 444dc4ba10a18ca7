import PushDiagnostics
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A local APNs endpoint: one port that speaks HTTP/2 over TLS (with ALPN `h2` and without
/// ALPN), cleartext HTTP/2 with prior knowledge and HTTP/1.1; checks every
/// `POST /3/device/<token>` with pushc's rules and answers as Apple does; records every
/// request (``requests``, `GET /_pushc/requests`, the record file).
///
/// In a test:
///
/// ```swift
/// let server = try PushServer(configuration: .init(tls: .disabled))
/// try server.start()               // serves on its own thread
/// defer { server.stop() }
/// // send to http://127.0.0.1:\(server.port)/3/device/<token>
/// #expect(server.requests.last?.status == 200)
/// ```
///
/// Provider tokens are checked for shape and age, and their ES256 signatures verified with the
/// configured ``Configuration/providerKeys`` (without keys, signatures are not verified).
public final class PushServer: @unchecked Sendable {
  /// The configuration the server was made with.
  public let configuration: Configuration
  /// The port the server listens on (the one picked when the configuration says 0).
  public let port: Int
  /// The PEM certificate of the generated CA, for clients to trust; `nil` with certificate
  /// files or without TLS.
  public let caCertificatePEM: String?

  private let recorder: RequestRecorder
  private let activeRules: ActiveRules
  /// The FCM side's OAuth authority; `nil` with `--fcm-auth none`.
  let fcmAuthority: OAuthAuthority?
  /// The FCM side's rules, counters and subscriptions.
  let fcmState: FCMState
  private let loop: ServerLoop
  private let thread = Mutex<pthread_t?>(nil)
  private let hasRun = Atomic<Bool>(false)

  /// Binds the port, makes or reads the certificate and opens the record file; serves nothing
  /// until ``start()`` or ``run()``.
  ///
  /// - Throws: When OpenSSL or nghttp2 cannot be loaded, the port cannot be bound, a file
  ///   cannot be read or opened, or the rules are not valid.
  public init(configuration: Configuration = Configuration()) throws(PushServerError) {
    // Before anything below calls into either library.
    try ServerLibraries.load()
    self.configuration = configuration
    activeRules = ActiveRules(try Self.checked(configuration.rules))
    let tlsContext: TLSContext?
    switch configuration.tls {
    case .generated: tlsContext = try TLSContext()
    case .files(let certificate, let key):
      tlsContext = try TLSContext(certificatePath: certificate, keyPath: key)
    case .disabled: tlsContext = nil
    }
    if let path = configuration.clientCAPath {
      guard let tlsContext else {
        throw PushServerError("client certificates need TLS")
      }
      try tlsContext.requestClientCertificates(caPath: path)
    }
    caCertificatePEM = tlsContext?.authority?.caCertificatePEM
    recorder = try RequestRecorder(
      capacity: configuration.ringCapacity, path: configuration.recordPath)
    var keys: [ProviderKey] = []
    for file in configuration.providerKeys { keys.append(try ProviderKey(file)) }
    let (listener, port) = try ServerSocket.listen(
      host: configuration.host, port: configuration.port)
    self.port = port
    let apns = APNSEndpoint(
      isDevelopment: configuration.isDevelopment, tokenCheck: ProviderTokenCheck(keys: keys))
    fcmAuthority =
      configuration.fcm.authentication == .oauth
      ? OAuthAuthority(projectID: configuration.fcm.projectID) : nil
    fcmState = FCMState(rules: configuration.fcm.rules)
    let fcm = FCMEndpoint(
      authority: fcmAuthority, state: fcmState,
      forwarder: configuration.fcm.forwardsToAPNs
        ? FCMAPNSForwarder(apns: apns, rules: activeRules, key: keys.first) : nil)
    let router = RequestRouter(recorder: recorder, apns: apns, fcm: fcm, rules: activeRules)
    do {
      loop = try ServerLoop(
        listener: listener, router: router, tlsContext: tlsContext,
        idleTimeout: configuration.idleTimeout)
    } catch {
      close(listener)
      throw error
    }
  }

  /// The protocols the port speaks, as the start line lists them: `h2, h2c, http/1.1`.
  public var protocolList: String {
    configuration.tls == .disabled ? "h2c, http/1.1" : "h2, h2c, http/1.1"
  }

  /// Serves on the calling thread until ``stop()`` is called from another thread; returns once
  /// the requests in flight are answered and the record is flushed. Serves once per server.
  public func run() {
    guard !hasRun.exchange(true, ordering: .acquiringAndReleasing) else { return }
    loop.run()
  }

  /// Serves on a new thread; ``stop()`` ends it.
  ///
  /// - Throws: When the thread cannot be created.
  public func start() throws(PushServerError) {
    var created: pthread_t = 0
    let context = Unmanaged.passRetained(self).toOpaque()
    let result = pthread_create(
      &created, nil,
      { context in
        guard let context else { return nil }
        let server = Unmanaged<PushServer>.fromOpaque(context).takeRetainedValue()
        server.run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<PushServer>.fromOpaque(context).release()
      throw PushServerError("cannot start the server thread: error \(result)")
    }
    thread.withLock { $0 = created }
  }

  /// Stops serving: no new connections; requests in flight are answered (for at most five
  /// seconds); the record is flushed. Waits for the thread ``start()`` made.
  public func stop() {
    loop.requestStop()
    if let running = thread.withLock({ value -> pthread_t? in
      defer { value = nil }
      return value
    }) {
      pthread_join(running, nil)
    }
  }

  /// The recorded requests in the ring, oldest first.
  public var requests: [RecordedRequest] {
    recorder.requests
  }

  /// Empties the ring of recorded requests.
  public func reset() {
    recorder.reset()
  }

  /// The rules in force (see Documentation/Serve.md, "Rules").
  public var rules: ServerRules {
    activeRules.rules
  }

  /// Puts `rules` in force for the requests that follow, with the faults' counts and the
  /// probability generator started afresh, as `POST /_pushc/rules` does.
  ///
  /// - Throws: When the rules are not valid (an unknown reason, a status that is not the
  ///   reason's, a probability outside 0...1, …); the rules in force stay.
  public func replaceRules(_ rules: ServerRules) throws(PushServerError) {
    activeRules.replace(with: try Self.checked(rules))
  }

  /// `rules` with their device tokens in lower case, when reading them back as a rules
  /// document finds no error.
  private static func checked(_ rules: ServerRules) throws(PushServerError) -> ServerRules {
    var rules = rules
    rules.apns.devices = Dictionary(
      rules.apns.devices.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    for index in rules.apns.faults.indices {
      rules.apns.faults[index].token = rules.apns.faults[index].token?.lowercased()
    }
    let result = ServerRulesReader.read(rules.jsonValue, file: nil)
    guard result.isValid else {
      let problems = result.diagnostics.filter { $0.severity == .error }.map { diagnostic in
        (diagnostic.pointer.map { "\($0): " } ?? "") + diagnostic.message
      }
      throw PushServerError("invalid rules: " + problems.joined(separator: "; "))
    }
    return rules
  }
}
