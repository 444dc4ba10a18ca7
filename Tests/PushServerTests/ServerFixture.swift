import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// Runs `body` with a server on an ephemeral loopback port, and always stops it.
func withServer(
  _ configuration: PushServer.Configuration = PushServer.Configuration(tls: .disabled),
  _ body: (PushServer) throws -> Void
) throws {
  try #require(CurlClient.isAvailable, "the pushc serve tests need /usr/bin/curl")
  let server = try PushServer(configuration: configuration)
  try server.start()
  defer { server.stop() }
  try body(server)
}

/// A device token of the usual 64 hexadecimal digits.
let deviceToken = String(repeating: "ab", count: 32)

/// A provider token (JWT) with an ES256 header and claims issued `age` seconds ago; the
/// signature is not a real one, which the server does not verify yet.
func providerToken(age: Double = 0) -> String {
  unverifiedProviderToken(age: age)
}

/// The headers of a valid alert push.
func validHeaders(token: String = providerToken()) -> [String] {
  [
    "authorization: bearer \(token)", "apns-topic: com.example.app",
    "apns-push-type: alert",
  ]
}

/// A valid alert payload.
let alertPayload = Array(#"{"aps":{"alert":"Hello"}}"#.utf8)
