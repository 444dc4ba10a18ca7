import PushDiagnostics
import PushJSON

/// A JWT in compact serialization (`header.claims.signature`, each part base64url): its
/// header and claims as JSON objects, the signed bytes and the signature. Nothing is verified.
struct CompactJWT {
  /// The header (`alg`, `kid`, `typ`).
  var header: JSONObject
  /// The claims.
  var claims: JSONObject
  /// `header.claims` as sent, the bytes the signature is over.
  var signedBytes: [UInt8]
  /// The signature.
  var signature: [UInt8]

  /// Splits `text`; `nil` when it is not three base64url parts of which the first two are
  /// JSON objects.
  init?(_ text: Substring) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = Self.object(parts[0]), let claims = Self.object(parts[1]),
      let signature = Base64.decodeURLSafe(parts[2]), !signature.isEmpty
    else { return nil }
    self.header = header
    self.claims = claims
    self.signedBytes = Array("\(parts[0]).\(parts[1])".utf8)
    self.signature = signature
  }

  private static func object(_ part: Substring) -> JSONObject? {
    guard let bytes = Base64.decodeURLSafe(part) else { return nil }
    let parsed = JSONReader.read(SourceFile(name: "jwt", bytes: bytes))
    guard !parsed.hasErrors else { return nil }
    return parsed.documents.first?.objectValue
  }
}
