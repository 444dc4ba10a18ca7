import Foundation
import Testing
import _PushPayloadTestSupport

@testable import PushServer

/// ES256 provider-token verification with `providerKeys`, against tokens signed by PyJWT (with
/// `cryptography`, which the Firebase Admin SDK installs), as APNs client libraries sign them.
@Suite struct ProviderTokenTests {
  /// Makes `key.p8` (the configured key) and `other.p8` in `directory` and returns the tokens
  /// of ``tokenNames`` by name.
  static func makeTokens(in directory: String) throws -> [String: String] {
    let script = """
      import json, sys, time, jwt
      from cryptography.hazmat.primitives import serialization
      from cryptography.hazmat.primitives.asymmetric import ec
      d = sys.argv[1]
      keys = {}
      for name in ("key", "other"):
          k = ec.generate_private_key(ec.SECP256R1())
          pem = k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
          open(f"{d}/{name}.p8", "wb").write(pem)
          keys[name] = pem
      now = int(time.time())
      def token(key="key", kid="ABC123DEFG", iss="DEF123GHIJ", iat=now):
          return jwt.encode({"iss": iss, "iat": iat}, keys[key], algorithm="ES256",
                            headers={"kid": kid})
      valid = token()
      head, claims, signature = valid.split(".")
      other_claims = token(iss="DEF123GHIJ", iat=now - 1).split(".")[1]
      print(json.dumps({
          "valid": valid,
          "otherKey": token(key="other"),
          "otherKeyID": token(kid="ZZZ999ZZZZ"),
          "otherTeam": token(iss="ZZZ999ZZZZ"),
          "expired": token(iat=now - 7200),
          "tamperedClaims": head + "." + other_claims + "." + signature,
      }))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, directory]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(
      process.terminationStatus == 0,
      "needs python3 with PyJWT and cryptography (installed with firebase-admin)")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
  }

  @Test func signaturesAreVerifiedWithTheConfiguredKey() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-keys-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let tokens = try Self.makeTokens(in: directory.path)
    let key = PushServer.Configuration.ProviderKeyFile(
      keyID: "ABC123DEFG", teamID: "DEF123GHIJ",
      path: directory.appendingPathComponent("key.p8").path)
    let expected: [(String, Int, String?)] = [
      ("valid", 200, nil),
      ("otherKey", 403, "InvalidProviderToken"),
      ("otherKeyID", 403, "InvalidProviderToken"),
      ("otherTeam", 403, "InvalidProviderToken"),
      ("tamperedClaims", 403, "InvalidProviderToken"),
      ("expired", 403, "ExpiredProviderToken"),
    ]
    try withServer(PushServer.Configuration(tls: .disabled, providerKeys: [key])) { server in
      for (name, status, reason) in expected {
        let token = try #require(tokens[name])
        let response = try CurlClient.send(
          "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)",
          headers: validHeaders(token: token), body: alertPayload,
          options: ["--http2-prior-knowledge"])
        #expect(response.status == status, "\(name): \(response)")
        #expect(server.requests.last?.reason == reason, "\(name)")
      }
    }
  }

  @Test func changingTheTokenWithinTwentyMinutesOnOneConnectionIsTooManyUpdates() throws {
    try withServer { server in
      let url = "http://127.0.0.1:\(server.port)/3/device/\(deviceToken)"
      let first = providerToken()
      let second = providerToken(age: 60)
      func part(_ token: String) -> [String] {
        ["--http1.1", "--output", "/dev/null"]
          + validHeaders(token: token).flatMap { ["--header", $0] }
          + ["--data-binary", String(decoding: alertPayload, as: UTF8.self), url, "--next"]
      }
      // curl keeps one HTTP/1.1 connection for every part of one run.
      let response = try CurlClient.send(
        url, headers: validHeaders(token: first), body: alertPayload,
        options: part(first) + part(second) + ["--http1.1"])
      #expect(response.status == 200)
      let requests = server.requests
      #expect(requests.map(\.reason) == [nil, "TooManyProviderTokenUpdates", nil])
      #expect(requests.map(\.status) == [200, 429, 200])
      #expect(Set(requests.map(\.connectionID)).count == 1)
    }
  }

  @Test func aNewTokenIsAcceptedTwentyMinutesAfterTheLastChange() {
    let state = ConnectionTokenState()
    #expect(state.accepts("a", now: 1000))
    #expect(state.accepts("a", now: 1001))
    #expect(!state.accepts("b", now: 1000 + 20 * 60 - 1))
    #expect(state.accepts("b", now: 1000 + 20 * 60))
    #expect(!state.accepts("a", now: 1000 + 20 * 60 + 1))
  }

  @Test func aKeyFileThatIsNotAP256KeyIsAnError() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-bad-\(UUID().uuidString).p8").path
    try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let key = PushServer.Configuration.ProviderKeyFile(
      keyID: "ABC123DEFG", teamID: "DEF123GHIJ", path: path)
    #expect(throws: PushServerError.self) {
      _ = try PushServer(
        configuration: PushServer.Configuration(tls: .disabled, providerKeys: [key]))
    }
  }
}
