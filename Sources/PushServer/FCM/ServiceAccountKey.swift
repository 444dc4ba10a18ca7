import COpenSSL
import CPushServerShim

/// The RSA key of the service account `pushc serve --emit-service-account` writes: made at
/// first use, held in memory only; it verifies the RS256 signatures of the JWT-bearer
/// assertions the Google auth libraries sign with the private key from that file.
final class ServiceAccountKey: @unchecked Sendable {
  /// The key's ID, the file's `private_key_id` and the assertions' header `kid`.
  let keyID: String
  private let key: OpaquePointer

  /// Generates a 2048-bit key.
  ///
  /// - Throws: When OpenSSL cannot make one.
  init() throws(PushServerError) {
    guard let key = pushc_generate_rsa_key(2048) else {
      throw PushServerError("cannot generate an RSA key: \(TLSContext.errorText())")
    }
    self.key = key
    let hex = Array("0123456789abcdef".utf8)
    keyID = String(
      decoding: (0..<40).map { _ in hex[Int.random(in: 0..<16)] }, as: UTF8.self)
  }

  deinit {
    EVP_PKEY_free(key)
  }

  /// The private key as PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`), as Google writes it.
  var privateKeyPEM: String {
    guard let bio = BIO_new(BIO_s_mem()) else { return "" }
    defer { BIO_free(bio) }
    guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else { return "" }
    var data: UnsafeMutablePointer<CChar>?
    let count = pushc_bio_mem_data(bio, &data)
    guard let data, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  }

  /// Whether `signature` (RS256: RSASSA-PKCS1-v1_5 with SHA-256) signs `message` with this key.
  func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
    let result = signature.withUnsafeBufferPointer { signatureBytes in
      message.withUnsafeBufferPointer {
        EVP_DigestVerify(
          context, signatureBytes.baseAddress, signatureBytes.count, $0.baseAddress, $0.count)
      }
    }
    ERR_clear_error()
    return result == 1
  }
}
