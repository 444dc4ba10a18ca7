import PushServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `pushc serve`: a local APNs endpoint that answers like Apple, checks every push with
/// pushc's rules and records it (see Documentation/Serve.md).
struct ServeCommand: Command {
  /// `--host <address>`.
  static let host = Option<String>(
    "host", valueName: "address", default: "127.0.0.1",
    help: "The IPv4 address to listen on; loopback by default.")
  /// `--port <n>`.
  static let port = Option<Int>(
    "port", valueName: "n", default: 2197, in: 0...65535,
    help: "The port for every protocol (TLS, h2c, HTTP/1.1); 0 picks a free one.")
  /// `--tls-cert <file>`.
  static let tlsCertificate = Option<String?>(
    "tls-cert", valueName: "file",
    help: "A PEM certificate chain to serve instead of the generated one; needs --tls-key.")
  /// `--tls-key <file>`.
  static let tlsKey = Option<String?>(
    "tls-key", valueName: "file", help: "The PEM private key of --tls-cert.")
  /// `--ca-out <file>`.
  static let caOut = Option<String?>(
    "ca-out", valueName: "file",
    help: "Write the generated CA certificate (PEM) here, for clients to trust.")
  /// `--record <file>`.
  static let record = Option<String?>(
    "record", valueName: "file",
    help: "Append every request as one JSON line to this file, flushed per request.")

  /// `--apns-key <KEYID=TEAMID:FILE>`, repeatable.
  static let apnsKey = Option<[String]>(
    "apns-key", valueName: "KEYID=TEAMID:FILE",
    help: "Verify provider tokens with this signing key (.p8); repeatable.")

  /// `--client-ca <file>`.
  static let clientCA = Option<String?>(
    "client-ca", valueName: "file",
    help: "Ask TLS clients for a certificate issued by a CA in this PEM file; its UID and "
      + "topics extension are the topics it may push to.")
  /// `--idle-timeout <seconds>`.
  static let idleTimeout = Option<Int>(
    "idle-timeout", valueName: "seconds", default: 3600, in: 1...86_400,
    help: "Send a connection idle this long GOAWAY IdleTimeout and close it.")

  /// `--environment development|production`.
  static let environment = Option<String>(
    "environment", valueName: "name", default: "development",
    help:
      "'development' (answers carry apns-unique-id, as api.sandbox.push.apple.com's) or "
      + "'production' (as api.push.apple.com's); client certificates must be for it.")

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "serve"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Serve a local APNs and FCM endpoint that checks and records each push.",
    discussion: """
      Listens on one port for HTTP/2 over TLS (with ALPN h2 or without ALPN), cleartext \
      HTTP/2 with prior knowledge (h2c) and HTTP/1.1, and prints one line, 'pushc serve: \
      listening on 127.0.0.1:PORT (h2, h2c, http/1.1)'. POST /3/device/<token> is checked \
      with pushc's APNs rules in Apple's order and answered as APNs answers: 200 with an \
      empty body, or Apple's status with {"reason": ...}. Provider tokens are checked for \
      shape and age, and their ES256 signatures verified with the --apns-key keys \
      (without any, signatures are not verified). GET /_pushc/requests lists what was \
      received, POST /_pushc/reset empties that list, GET /_pushc/health answers ok. --rules \
      scripts answers (unregistered devices, faults, latency, GOAWAY after N streams, an \
      always-200 sink; FCM registration tokens and faults); a rules file with errors is \
      reported and nothing is served (exit 78), and POST /_pushc/rules replaces the rules \
      while serving. Serves until SIGINT or SIGTERM, then answers the requests in flight, \
      flushes the record and exits 0. On the same port, POST \
      /v1/projects/PROJECT/messages:send is FCM's HTTP v1 API: the message is checked with \
      pushc's FCM rules and its lowered APNs request with the APNs rules, and answered in \
      FCM's shape; with --fcm-auth oauth (the default) it needs an access token from POST \
      /token, which the Firebase Admin SDKs get with the --emit-service-account file; \
      --forward-apns sends each iOS message on to the APNs side.
      """,
    options: [
      host, port, tlsCertificate, tlsKey, caOut, record, apnsKey, clientCA, idleTimeout,
      environment, rules,
    ]
      + fcmOptions,
    positionals: []
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let certificate = arguments[tlsCertificate]
    let key = arguments[tlsKey]
    guard (certificate == nil) == (key == nil) else {
      throw UsageError("--tls-cert and --tls-key go together")
    }
    if certificate != nil, arguments[caOut] != nil {
      throw UsageError("--ca-out writes the generated CA; with --tls-cert there is none")
    }
    var configuration = PushServer.Configuration(
      host: arguments[host], port: arguments[port], recordPath: arguments[record])
    configuration.idleTimeout = Double(arguments[idleTimeout])
    switch arguments[environment] {
    case "development": configuration.isDevelopment = true
    case "production": configuration.isDevelopment = false
    case let other:
      throw UsageError("--environment must be 'development' or 'production', not '\(other)'")
    }
    configuration.clientCAPath = arguments[clientCA]
    for value in arguments[apnsKey] {
      guard let equals = value.firstIndex(of: "="),
        let colon = value[equals...].firstIndex(of: ":"),
        equals > value.startIndex, value.index(after: equals) < colon,
        value.index(after: colon) < value.endIndex
      else {
        throw UsageError(
          "--apns-key '\(value)' is not KEYID=TEAMID:FILE, such as ABC123DEFG=DEF123GHIJ:AuthKey_ABC123DEFG.p8"
        )
      }
      configuration.providerKeys.append(
        PushServer.Configuration.ProviderKeyFile(
          keyID: String(value[..<equals]),
          teamID: String(value[value.index(after: equals)..<colon]),
          path: String(value[value.index(after: colon)...])))
    }
    if let certificate, let key {
      configuration.tls = .files(certificate: certificate, key: key)
    }
    try configureFCM(&configuration.fcm, arguments)
    if let path = arguments[rules] {
      let loaded = loadRules(path, console: console)
      guard let document = loaded.document else { return loaded.failure }
      configuration.rules = document.rules
      configuration.fcm.rules = document.fcmRules
    }

    // The signals are waited for on this thread; the server thread inherits the mask.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    let server: PushServer
    do {
      server = try PushServer(configuration: configuration)
    } catch {
      console.writeError("\(PushcCommand.toolName) serve: error: \(error)\n")
      return .failure
    }
    if let path = arguments[caOut], let pem = server.caCertificatePEM {
      do {
        try FileIO.writeFile(Array(pem.utf8), atPath: path)
      } catch {
        console.writeError(
          "\(PushcCommand.toolName) serve: error: cannot write '\(path)': \(error)\n")
        return .cannotWrite
      }
    }
    if let path = arguments[emitServiceAccount] {
      // Written once the port is bound (so `--port 0` is resolved in `token_uri`) and before
      // the start line, so a client that waits for that line finds the file complete.
      do {
        try FileIO.writeFile(try server.serviceAccountJSON(), atPath: path)
      } catch {
        console.writeError(
          "\(PushcCommand.toolName) serve: error: cannot write '\(path)': \(error)\n")
        return .cannotWrite
      }
    }
    do {
      try server.start()
    } catch {
      console.writeError("\(PushcCommand.toolName) serve: error: \(error)\n")
      return .failure
    }
    console.print(
      "\(PushcCommand.toolName) serve: listening on \(configuration.host):\(server.port) "
        + "(\(server.protocolList))\n")
    if configuration.providerKeys.isEmpty {
      console.writeError(
        "\(PushcCommand.toolName) serve: provider tokens are checked for shape and age only; "
          + "their signatures are not verified (no --apns-key)\n")
    }
    var received: Int32 = 0
    sigwait(&signals, &received)
    server.stop()
    return .success
  }
}
