import COpenSSL

/// A provider token signing key, read from Apple's `.p8` file (a PEM PKCS #8 P-256 private
/// key), with its key ID and team ID: what verifies the ES256 signatures of provider tokens
/// whose header `kid` and claim `iss` name it.
final class ProviderKey {
  /// The 10-character key ID (`kid`).
  let keyID: String
  /// The team ID (`iss`).
  let teamID: String
  let key: OpaquePointer

  /// Reads the key at `path`.
  ///
  /// - Throws: When the file cannot be read or holds no P-256 key.
  init(_ file: PushServer.Configuration.ProviderKeyFile) throws(PushServerError) {
    guard let bio = BIO_new_file(file.path, "r") else {
      throw PushServerError("cannot read the key '\(file.path)': \(TLSContext.errorText())")
    }
    defer { BIO_free(bio) }
    guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else {
      throw PushServerError(
        "'\(file.path)' is not a PEM private key (.p8): \(TLSContext.errorText())")
    }
    guard EVP_PKEY_get_bits(key) == 256, EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else {
      EVP_PKEY_free(key)
      throw PushServerError("'\(file.path)' is not a P-256 key, as APNs signing keys are")
    }
    self.keyID = file.keyID
    self.teamID = file.teamID
    self.key = key
  }

  deinit {
    EVP_PKEY_free(key)
  }

  /// Whether `signature` (JWS ES256: the raw 32-byte r and s) signs `message` with this key.
  func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    guard signature.count == 64, let ecdsa = ECDSA_SIG_new() else { return false }
    defer { ECDSA_SIG_free(ecdsa) }
    let (r, s) = signature.withUnsafeBufferPointer { buffer in
      (
        BN_bin2bn(buffer.baseAddress, 32, nil),
        BN_bin2bn(buffer.baseAddress.map { $0 + 32 }, 32, nil)
      )
    }
    guard let r, let s, ECDSA_SIG_set0(ecdsa, r, s) == 1 else {
      BN_free(r)
      BN_free(s)
      return false
    }
    // OpenSSL verifies DER signatures.
    var der: UnsafeMutablePointer<UInt8>?
    let derCount = i2d_ECDSA_SIG(ecdsa, &der)
    guard derCount > 0, let der else { return false }
    defer { CRYPTO_free(der, #fileID, #line) }
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
    let result = message.withUnsafeBufferPointer {
      EVP_DigestVerify(context, der, Int(derCount), $0.baseAddress, $0.count)
    }
    ERR_clear_error()
    return result == 1
  }
}
