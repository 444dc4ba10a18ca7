import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// One port for every protocol, chosen per connection: h2 over TLS (with and without ALPN),
/// h2c with prior knowledge, HTTP/1.1 in clear and over TLS.
@Suite struct TransportTests {
  /// Writes the server's CA to a file for `curl --cacert`.
  private func caFile(_ server: PushServer) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-ca-\(UUID().uuidString).pem").path
    try Data(try #require(server.caCertificatePEM).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var scheme: String
    var host: String = "127.0.0.1"
    var options: [String]
    var version: String
    var transport: ServerTransport
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "h2c", scheme: "http", options: ["--http2-prior-knowledge"], version: "HTTP/2",
      transport: .h2c),
    Case(
      name: "HTTP/1.1", scheme: "http", options: ["--http1.1"], version: "HTTP/1.1",
      transport: .http1),
    Case(
      name: "TLS with ALPN h2", scheme: "https", host: "localhost", options: ["--http2"],
      version: "HTTP/2", transport: .h2),
    Case(
      name: "TLS to the APNs host name", scheme: "https", host: "api.sandbox.push.apple.com",
      options: ["--http2"], version: "HTTP/2", transport: .h2),
    Case(
      name: "TLS without ALPN, HTTP/2 preface", scheme: "https",
      options: ["--no-alpn", "--http2-prior-knowledge"], version: "HTTP/2", transport: .h2),
    Case(
      name: "TLS with ALPN http/1.1", scheme: "https", options: ["--http1.1"],
      version: "HTTP/1.1", transport: .http1TLS),
    Case(
      name: "TLS without ALPN, HTTP/1.1", scheme: "https",
      options: ["--no-alpn", "--http1.1"], version: "HTTP/1.1", transport: .http1TLS),
  ]

  @Test(arguments: cases)
  func pushIsAnsweredOnEveryProtocol(_ testCase: Case) throws {
    try withServer(PushServer.Configuration()) { server in
      let ca = try caFile(server)
      defer { try? FileManager.default.removeItem(atPath: ca) }
      var options = testCase.options + ["--cacert", ca]
      if testCase.host != "127.0.0.1" && testCase.host != "localhost" {
        options += ["--resolve", "\(testCase.host):\(server.port):127.0.0.1"]
      }
      let url = "\(testCase.scheme)://\(testCase.host):\(server.port)/3/device/\(deviceToken)"
      let response = try CurlClient.send(
        url, headers: validHeaders(), body: alertPayload, options: options)
      #expect(response.version == testCase.version)
      #expect(response.status == 200, "\(response)")
      #expect(response.body.isEmpty)
      let recorded = try #require(server.requests.last)
      #expect(recorded.transport == testCase.transport)
    }
  }

  @Test func streamsOnOneHTTP2ConnectionWithNghttp() throws {
    try #require(NghttpClient.isAvailable, "this test needs nghttp (Debian's nghttp2-client)")
    try withServer { server in
      let tokens = (1...5).map { String(repeating: String($0), count: 64) }
      let urls = tokens.map { "http://127.0.0.1:\(server.port)/3/device/\($0)" }
      let status = try NghttpClient.post(urls, headers: validHeaders(), body: alertPayload)
      #expect(status == 0)
      // nghttp opens every stream before the server's SETTINGS arrive; as with APNs, the
      // connection carries one stream until its first valid token, so the others may be
      // refused (HTTP2FrameTests has the exact cases).
      let requests = server.requests
      #expect(requests.first?.deviceToken == tokens[0])
      #expect(Set(requests.compactMap(\.deviceToken)).isSubset(of: Set(tokens)))
      #expect(requests.allSatisfy { $0.status == 200 && $0.transport == .h2c })
      #expect(Set(requests.map(\.connectionID)).count == 1)
    }
  }

  @Test func garbageAndVanishingClientsDoNotStopTheServer() throws {
    try withServer { server in
      for garbage in [
        "\u{16}\u{03}\u{01}garbage-after-a-tls-byte", "PRI * HTTP/2.0\r\n\r\nXX", "\r\n\r\n",
      ] {
        try sendRaw(Array(garbage.utf8), port: server.port)
      }
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/health", options: ["--http1.1"])
      #expect(response.status == 200)
    }
  }

  @Test func aTLSHandshakeThatNeverFinishesIsClosedAfterTenSeconds() throws {
    try withServer(PushServer.Configuration()) { server in
      let stalled = try RawConnection(port: server.port)
      // A TLS record header promising a ClientHello that never comes.
      stalled.write([0x16, 0x03, 0x01, 0x00, 0x40])
      let health = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/health", options: ["--http1.1"])
      #expect(health.status == 200)
      let (text, closed) = stalled.readUntilClosed(seconds: 15)
      #expect(closed)
      #expect(text.isEmpty)
    }
  }

  @Test func generatedCertificateIsAPEMCertificate() throws {
    let server = try PushServer(configuration: PushServer.Configuration())
    defer { server.stop() }
    let pem = try #require(server.caCertificatePEM)
    #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    #expect(server.protocolList == "h2, h2c, http/1.1")
  }

  @Test func unreadableCertificateFilesAreAnError() {
    #expect(throws: PushServerError.self) {
      _ = try PushServer(
        configuration: PushServer.Configuration(
          tls: .files(certificate: "/nonexistent/cert.pem", key: "/nonexistent/key.pem")))
    }
  }

  @Test func portInUseIsAnError() throws {
    let first = try PushServer(configuration: PushServer.Configuration(tls: .disabled))
    defer { first.stop() }
    #expect(throws: PushServerError.self) {
      _ = try PushServer(
        configuration: PushServer.Configuration(port: first.port, tls: .disabled))
    }
  }

  /// Connects, writes `bytes` and closes without reading.
  private func sendRaw(_ bytes: [UInt8], port: Int) throws {
    try RawConnection(port: port).write(bytes)
  }
}
