import COpenSSL

extension ProviderKey {
  /// The JWS ES256 signature (the raw 32-byte r and s) of `message` with this key, or `nil`
  /// when OpenSSL fails: what the FCM side signs the provider tokens of forwarded requests
  /// with, as FCM signs with the APNs key uploaded to the Firebase project.
  func signature(of message: [UInt8]) -> [UInt8]? {
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return nil }
    var length = 0
    guard
      message.withUnsafeBufferPointer({
        EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count)
      }) == 1
    else { return nil }
    var der = [UInt8](repeating: 0, count: length)
    guard
      message.withUnsafeBufferPointer({ input in
        der.withUnsafeMutableBufferPointer {
          EVP_DigestSign(context, $0.baseAddress, &length, input.baseAddress, input.count)
        }
      }) == 1
    else { return nil }
    // OpenSSL signs in DER; JWS wants r and s as 32 bytes each.
    let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, length)
    }
    guard let parsed else { return nil }
    defer { ECDSA_SIG_free(parsed) }
    var r: OpaquePointer?
    var s: OpaquePointer?
    ECDSA_SIG_get0(parsed, &r, &s)
    var raw = [UInt8](repeating: 0, count: 64)
    guard let r, let s else { return nil }
    let written = raw.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return 0 }
      return BN_bn2binpad(r, base, 32) + BN_bn2binpad(s, base + 32, 32)
    }
    return written == 64 ? raw : nil
  }
}
