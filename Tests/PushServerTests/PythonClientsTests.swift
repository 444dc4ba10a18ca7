import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// APNs client libraries against the server over TLS with the generated CA: `aioapns` (no
/// ALPN, token authentication with a P-256 key it signs tokens with) and `httpx[http2]`.
@Suite struct PythonClientsTests {
  static let hasAioapns = PythonProcess.canImport("aioapns")
  static let hasHttpx = PythonProcess.canImport("httpx") && PythonProcess.canImport("h2")

  @Test func theClientsAreAvailableUnderCI() {
    if PythonProcess.isCI {
      #expect(Self.hasAioapns, "CI must install aioapns: 'python3 -m pip install aioapns'")
      #expect(Self.hasHttpx, "CI must install httpx[http2]: 'python3 -m pip install httpx[http2]'")
    }
  }

  /// A scratch folder with the server's CA as `ca.pem`.
  private func scratch(_ server: PushServer) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-python-clients-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(try #require(server.caCertificatePEM).utf8).write(
      to: directory.appendingPathComponent("ca.pem"))
    return directory
  }

  @Test(.enabled(if: hasAioapns || PythonProcess.isCI))
  func aioapnsSendsWithTokenAuthenticationWithoutALPN() throws {
    // The key is made first, then the server is started with it.
    let keys = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-aioapns-key-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: keys) }
    let keyPath = keys.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
    let made = try PythonProcess.run(
      [
        "-c",
        """
        import sys
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        key = ec.generate_private_key(ec.SECP256R1())
        open(sys.argv[1], "wb").write(key.private_bytes(serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        """, keyPath,
      ], input: Data())
    try #require(made.status == 0, "cannot make a P-256 key: \(made.error)")
    let configuration = PushServer.Configuration(
      providerKeys: [.init(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", path: keyPath)])
    try withServer(configuration) { server in
      let directory = try scratch(server)
      defer { try? FileManager.default.removeItem(at: directory) }
      let script = """
        import asyncio, json, ssl, sys
        from aioapns import APNs, NotificationRequest, PushType
        from aioapns.connection import APNsDevelopmentClientProtocol
        directory, port = sys.argv[1], int(sys.argv[2])
        APNsDevelopmentClientProtocol.APNS_SERVER = "127.0.0.1"
        APNsDevelopmentClientProtocol.APNS_PORT = port
        async def main():
            context = ssl.create_default_context(cafile=directory + "/ca.pem")
            client = APNs(key=open(sys.argv[3]).read(), key_id="ABC123DEFG", team_id="DEF123GHIJ",
                          topic="com.example.app", use_sandbox=True, ssl_context=context)
            results = {}
            for name, token in [("valid", "ab" * 32), ("badToken", "not-hex")]:
                request = NotificationRequest(device_token=token,
                    message={"aps": {"alert": "Hello"}}, push_type=PushType.ALERT)
                result = await asyncio.wait_for(client.send_notification(request), 10)
                results[name] = {"status": result.status, "reason": result.description}
            print(json.dumps(results))
        asyncio.run(main())
        """
      let result = try PythonProcess.run(
        ["-c", script, directory.path, String(server.port), keyPath], input: Data())
      try #require(result.status == 0, "aioapns failed: \(result.error)")
      let answers = try #require(
        try JSONSerialization.jsonObject(with: result.output) as? [String: [String: Any]])
      #expect(answers["valid"]?["status"] as? String == "200")
      #expect(answers["badToken"]?["status"] as? String == "400")
      #expect(answers["badToken"]?["reason"] as? String == "BadDeviceToken")
      let recorded = server.requests
      #expect(recorded.count == 2)
      #expect(recorded.allSatisfy { $0.transport == .h2 })
    }
  }

  @Test(.enabled(if: hasHttpx || PythonProcess.isCI))
  func httpxSendsOverHTTP2WithTheGeneratedCA() throws {
    try withServer(PushServer.Configuration()) { server in
      let directory = try scratch(server)
      defer { try? FileManager.default.removeItem(at: directory) }
      let script = """
        import json, sys, httpx
        directory, port, token = sys.argv[1], sys.argv[2], sys.argv[3]
        with httpx.Client(http2=True, verify=directory + "/ca.pem", timeout=10) as client:
            url = f"https://localhost:{port}/3/device/" + "ab" * 32
            headers = {"authorization": "bearer " + token, "apns-topic": "com.example.app",
                       "apns-push-type": "alert"}
            ok = client.post(url, headers=headers, content=b'{"aps":{"alert":"hi"}}')
            bad = client.post(url, headers={**headers, "apns-priority": "7"},
                              content=b'{"aps":{"alert":"hi"}}')
            print(json.dumps({"version": ok.http_version, "ok": ok.status_code,
                              "okBody": ok.text, "bad": bad.status_code, "badBody": bad.json()}))
        """
      let result = try PythonProcess.run(
        ["-c", script, directory.path, String(server.port), providerToken()], input: Data())
      try #require(result.status == 0, "httpx failed: \(result.error)")
      let answer = try #require(
        try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
      #expect(answer["version"] as? String == "HTTP/2")
      #expect(answer["ok"] as? Int == 200)
      #expect(answer["okBody"] as? String == "")
      #expect(answer["bad"] as? Int == 400)
      #expect((answer["badBody"] as? [String: String])?["reason"] == "BadPriority")
    }
  }
}
