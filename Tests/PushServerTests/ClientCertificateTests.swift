import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// Certificate authentication as APNs does it: the topics come from the client certificate's
/// UID and Apple's topics extension, the environment from Apple's markers; certificates are
/// made at test time with Python's `cryptography` and presented by curl over TLS.
@Suite struct ClientCertificateTests {
  /// Makes `ca.pem` (trusted by the server), `other-ca.pem`, and a certificate and key per
  /// name in `directory`: `app` (UID com.example.app, topics extension with its VoIP topic,
  /// both environments), `single` (UID only), `production` (production only), `stranger`
  /// (issued by the other CA).
  static func makeCertificates(in directory: String) throws {
    let script = """
      import datetime, sys
      from cryptography import x509
      from cryptography.x509.oid import NameOID, ObjectIdentifier
      from cryptography.hazmat.primitives import hashes, serialization
      from cryptography.hazmat.primitives.asymmetric import ec
      d = sys.argv[1]
      now = datetime.datetime.now(datetime.timezone.utc)
      def pem(path, data):
          open(f"{d}/{path}", "wb").write(data)
      def make(subject, issuer=None, issuer_key=None, extensions=(), ca=False):
          key = ec.generate_private_key(ec.SECP256R1())
          builder = (x509.CertificateBuilder().subject_name(subject)
                     .issuer_name(issuer or subject).public_key(key.public_key())
                     .serial_number(x509.random_serial_number())
                     .not_valid_before(now - datetime.timedelta(hours=1))
                     .not_valid_after(now + datetime.timedelta(days=1))
                     .add_extension(x509.BasicConstraints(ca=ca, path_length=None), True))
          for oid, value in extensions:
              builder = builder.add_extension(x509.UnrecognizedExtension(ObjectIdentifier(oid), value), False)
          return key, builder.sign(issuer_key or key, hashes.SHA256())
      def utf8(text):
          data = text.encode()
          return bytes([0x0C, len(data)]) + data
      def sequence(content):
          return bytes([0x30, len(content)]) + content
      topics = sequence(utf8("com.example.app") + sequence(utf8("app"))
                        + utf8("com.example.app.voip") + sequence(utf8("voip")))
      development = ("1.2.840.113635.100.6.3.1", b"\\x05\\x00")
      production = ("1.2.840.113635.100.6.3.2", b"\\x05\\x00")
      cas = {}
      for name in ("ca", "other-ca"):
          subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
          key, cert = make(subject, ca=True)
          cas[name] = (subject, key)
          pem(name + ".pem", cert.public_bytes(serialization.Encoding.PEM))
      for name, ca, extensions in [
          ("app", "ca", [("1.2.840.113635.100.6.3.6", topics), development, production]),
          ("single", "ca", []),
          ("production", "ca", [production]),
          ("stranger", "other-ca", [development]),
      ]:
          uid = "com.example.app" if name != "single" else "com.example.single"
          subject = x509.Name([x509.NameAttribute(NameOID.USER_ID, uid),
                               x509.NameAttribute(NameOID.COMMON_NAME, "Apple Push Services: " + uid)])
          key, cert = make(subject, cas[ca][0], cas[ca][1], extensions)
          pem(name + ".pem", cert.public_bytes(serialization.Encoding.PEM))
          pem(name + "-key.pem", key.private_bytes(serialization.Encoding.PEM,
              serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
      """
    let result = try PythonProcess.run(["-c", script, directory], input: Data())
    try #require(
      result.status == 0,
      "needs python3 with cryptography (installed with firebase-admin): \(result.error)")
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var certificate: String?
    var topic: String?
    var status: Int
    var reason: String?
    var testDescription: String {
      "\(certificate ?? "no certificate") to \(topic ?? "no topic"): \(reason ?? "200")"
    }
  }

  static let cases: [Case] = [
    Case(certificate: "app", topic: "com.example.app", status: 200),
    Case(certificate: "app", topic: "com.example.app.voip", status: 200),
    Case(certificate: "app", topic: "com.example.other", status: 400, reason: "TopicDisallowed"),
    Case(certificate: "app", topic: nil, status: 400, reason: "MissingTopic"),
    Case(certificate: "single", topic: nil, status: 200),
    Case(
      certificate: "production", topic: "com.example.app", status: 403,
      reason: "BadCertificateEnvironment"),
    Case(certificate: "stranger", topic: "com.example.app", status: 403, reason: "BadCertificate"),
    Case(certificate: nil, topic: "com.example.app", status: 403, reason: "MissingProviderToken"),
  ]

  @Test(arguments: cases)
  func topicsAndEnvironmentComeFromTheCertificate(_ testCase: Case) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-client-certs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.makeCertificates(in: directory.path)
    let file = { (name: String) in directory.appendingPathComponent(name).path }
    let configuration = PushServer.Configuration(clientCAPath: file("ca.pem"))
    try withServer(configuration) { server in
      let serverCA = file("server-ca.pem")
      try Data(try #require(server.caCertificatePEM).utf8).write(
        to: URL(fileURLWithPath: serverCA))
      var options = ["--http2", "--cacert", serverCA]
      if let name = testCase.certificate {
        options += ["--cert", file(name + ".pem"), "--key", file(name + "-key.pem")]
      }
      var headers = ["apns-push-type: alert"]
      if let topic = testCase.topic {
        headers.append("apns-topic: \(topic)")
        if topic.hasSuffix(".voip") { headers = ["apns-push-type: voip", "apns-topic: \(topic)"] }
      }
      let response = try CurlClient.send(
        "https://localhost:\(server.port)/3/device/\(deviceToken)", headers: headers,
        body: alertPayload, options: options)
      #expect(response.version == "HTTP/2")
      #expect(response.status == testCase.status, "\(response)")
      #expect(response.body == (testCase.reason.map { #"{"reason":"\#($0)"}"# } ?? ""))
      #expect(server.requests.last?.reason == testCase.reason)
    }
  }

  @Test func clientCertificatesNeedTLS() {
    #expect(throws: PushServerError.self) {
      _ = try PushServer(
        configuration: PushServer.Configuration(tls: .disabled, clientCAPath: "/tmp/ca.pem"))
    }
  }

  @Test func anUnreadableClientCAIsAnError() {
    #expect(throws: PushServerError.self) {
      _ = try PushServer(
        configuration: PushServer.Configuration(clientCAPath: "/nonexistent/ca.pem"))
    }
  }
}
