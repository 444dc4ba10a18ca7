import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// HTTP/1.1 framing: chunked bodies with the same bounds as `content-length` ones, malformed
/// requests answered `400` and closed, idle connections closed.
@Suite struct HTTP1Tests {
  private let path = "/3/device/" + deviceToken

  /// A request head with the valid APNs headers and `extra` lines.
  private func head(_ extra: [String]) -> String {
    (["POST \(path) HTTP/1.1", "host: 127.0.0.1"] + validHeaders() + extra)
      .joined(separator: "\r\n") + "\r\n\r\n"
  }

  @Test func aChunkedBodyIsRead() throws {
    try withServer { server in
      let response = try CurlClient.send(
        "http://127.0.0.1:\(server.port)\(path)",
        headers: validHeaders() + ["transfer-encoding: chunked"], body: alertPayload,
        options: ["--http1.1"])
      #expect(response.status == 200, "\(response)")
      #expect(server.requests.last?.body == alertPayload)
    }
  }

  @Test func chunksWithExtensionsAndTrailersAreJoinedAndTheConnectionKeptAlive() throws {
    try withServer { server in
      let connection = try RawConnection(port: server.port)
      let body = #"{"aps":{"alert":"Hello"}}"#
      let split = body.index(body.startIndex, offsetBy: 10)
      let first = body[..<split]
      let second = body[split...]
      connection.write(
        head(["transfer-encoding: chunked"])
          + "\(String(first.utf8.count, radix: 16));name=value\r\n\(first)\r\n"
          + "\(String(second.utf8.count, radix: 16, uppercase: true))\r\n\(second)\r\n"
          + "0\r\nx-trailer: 1\r\n\r\n"
          + "GET /_pushc/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
      let (text, closed) = connection.readUntilClosed(seconds: 5)
      #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
      #expect(text.contains(#"{"status":"ok""#), "\(text)")
      #expect(closed)
      #expect(server.requests.last?.body == Array(body.utf8))
    }
  }

  @Test func aChunkedBodyOverTheLimitIsAnsweredWithoutReadingIt() throws {
    try withServer { server in
      let connection = try RawConnection(port: server.port)
      // Announces 100 000 bytes and sends none of them.
      connection.write(head(["transfer-encoding: chunked"]) + "186a0\r\n")
      let (text, closed) = connection.readUntilClosed(seconds: 5)
      #expect(text.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"), "\(text)")
      #expect(text.hasSuffix(#"{"reason":"PayloadTooLarge"}"#))
      #expect(closed)
      #expect(server.requests.last?.reason == "PayloadTooLarge")
    }
  }

  struct Malformed: CustomTestStringConvertible, Sendable {
    var name: String
    var request: String
    var status = 400
    var testDescription: String { name }
  }

  static let malformed: [Malformed] = [
    Malformed(name: "no request line", request: "hello\r\n\r\n"),
    Malformed(name: "not HTTP/1", request: "GET / HTTP/2.0\r\n\r\n"),
    Malformed(name: "a line without a colon", request: "GET / HTTP/1.1\r\nhost\r\n\r\n"),
    Malformed(name: "an empty field name", request: "GET / HTTP/1.1\r\n: x\r\n\r\n"),
    Malformed(name: "space before the colon", request: "GET / HTTP/1.1\r\nhost : x\r\n\r\n"),
    Malformed(
      name: "obsolete line folding", request: "GET / HTTP/1.1\r\nx-a: 1\r\n  2\r\n\r\n"),
    Malformed(
      name: "two lengths",
      request: "POST / HTTP/1.1\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\n"),
    Malformed(name: "a signed length", request: "POST / HTTP/1.1\r\ncontent-length: +1\r\n\r\nx"),
    Malformed(
      name: "a length and chunked",
      request: "POST / HTTP/1.1\r\ncontent-length: 3\r\ntransfer-encoding: chunked\r\n\r\n"),
    Malformed(
      name: "a bad chunk size",
      request: "POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n"),
    Malformed(
      name: "a chunk without its CRLF",
      request: "POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n2\r\nabcd\r\n"),
    Malformed(
      name: "another transfer coding",
      request: "POST / HTTP/1.1\r\ntransfer-encoding: gzip\r\n\r\n", status: 501),
    Malformed(
      name: "a head over 64 KiB",
      request: "GET / HTTP/1.1\r\nx-a: \(String(repeating: "a", count: 70_000))", status: 431),
  ]

  @Test func statusLinesCarryTheirReasonPhrases() throws {
    // messages:send without an access token is FCM's 401, which has a phrase of its own.
    try withServer { server in
      let connection = try RawConnection(port: server.port)
      connection.write(
        "POST /v1/projects/pushc-local/messages:send HTTP/1.1\r\nhost: 127.0.0.1\r\n"
          + "content-type: application/json\r\ncontent-length: 14\r\nconnection: close\r\n\r\n"
          + #"{"message":{}}"#)
      let (text, _) = connection.readUntilClosed(seconds: 5)
      #expect(text.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(text)")
    }
  }

  @Test(arguments: malformed)
  func aMalformedRequestIsAnsweredAndClosed(_ testCase: Malformed) throws {
    try withServer { server in
      let connection = try RawConnection(port: server.port)
      connection.write(testCase.request)
      let (text, closed) = connection.readUntilClosed(seconds: 5)
      #expect(text.hasPrefix("HTTP/1.1 \(testCase.status) "), "\(text)")
      #expect(text.contains("connection: close\r\n"))
      #expect(closed)
      let health = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/health", options: ["--http1.1"])
      #expect(health.status == 200)
    }
  }

  @Test func aClientThatDoesNotReadIsNoLongerReadAndOthersAreServed() throws {
    try withServer { server in
      let slow = try RawConnection(port: server.port)
      let request = Array("GET /_pushc/health HTTP/1.1\r\nhost: x\r\n\r\n".utf8)
      // The server answers until 1 MiB of answers wait for this client, then stops reading
      // it; the kernel buffers fill and the writes stop.
      let written = slow.flood(request, seconds: 0.5, limit: 64 << 20)
      #expect(written < 64 << 20)
      let health = try CurlClient.send(
        "http://127.0.0.1:\(server.port)/_pushc/health", options: ["--http1.1"])
      #expect(health.status == 200)
    }
  }

  @Test func anIdleConnectionIsClosed() throws {
    try withServer(PushServer.Configuration(tls: .disabled, idleTimeout: 0.3)) { server in
      let connection = try RawConnection(port: server.port)
      connection.write("GET /_pushc/health HTTP/1.1\r\nhost: x\r\n\r\n")
      let (text, closed) = connection.readUntilClosed(seconds: 5)
      #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
      #expect(closed)
    }
  }
}
