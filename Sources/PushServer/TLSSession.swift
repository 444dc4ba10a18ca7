import COpenSSL

/// One server-side TLS connection on OpenSSL memory BIOs: ciphertext from the socket goes in,
/// plaintext comes out, and what OpenSSL writes is drained into the socket's output.
final class TLSSession {
  private let ssl: OpaquePointer
  private let incoming: OpaquePointer
  private let outgoing: OpaquePointer
  /// Whether the handshake has finished.
  private(set) var isEstablished = false
  /// The certificate the client presented in the handshake, if any.
  private(set) var clientCertificate: ClientCertificate?
  /// The host name the client asked for in the handshake (SNI), if it named one.
  private(set) var serverName: String?

  init?(context: TLSContext) {
    guard let ssl = SSL_new(context.context) else { return nil }
    guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
      SSL_free(ssl)
      return nil
    }
    self.ssl = ssl
    self.incoming = incoming
    self.outgoing = outgoing
    SSL_set_bio(ssl, incoming, outgoing)
    SSL_set_accept_state(ssl)
  }

  deinit {
    SSL_free(ssl)  // frees both BIOs
  }

  /// The protocol ALPN chose, if the client offered one the server speaks.
  var negotiatedProtocol: String? {
    var data: UnsafePointer<UInt8>?
    var length: UInt32 = 0
    SSL_get0_alpn_selected(ssl, &data, &length)
    guard let data, length > 0 else { return nil }
    return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
  }

  /// Feeds `ciphertext` and appends the plaintext it yields; `false` when the connection
  /// failed or the client closed it.
  func receive(_ ciphertext: UnsafeRawBufferPointer, plaintext: inout [UInt8]) -> Bool {
    if ciphertext.count > 0 {
      _ = BIO_write(incoming, ciphertext.baseAddress, Int32(ciphertext.count))
    }
    if !isEstablished {
      let result = SSL_do_handshake(ssl)
      guard result == 1 else { return isRetryable(result) }
      isEstablished = true
      clientCertificate = ClientCertificate(ssl: ssl)
      serverName = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name).map { String(cString: $0) }
    }
    var buffer = [UInt8](repeating: 0, count: ServerLimits.readChunkByteCount)
    // Bounded: each round consumes input, which is at most what the socket gave.
    for _ in 0..<1024 {
      let count = buffer.withUnsafeMutableBytes {
        SSL_read(ssl, $0.baseAddress, Int32($0.count))
      }
      guard count > 0 else { return isRetryable(count) }
      plaintext.append(contentsOf: buffer[0..<Int(count)])
    }
    return true
  }

  /// Encrypts `plaintext` into the outgoing BIO.
  func send(_ plaintext: [UInt8]) {
    guard isEstablished, !plaintext.isEmpty else { return }
    _ = plaintext.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
  }

  /// Moves what OpenSSL wrote (handshake records, encrypted data) into `output`.
  func drain(into output: inout [UInt8]) {
    var buffer = [UInt8](repeating: 0, count: ServerLimits.readChunkByteCount)
    while BIO_ctrl_pending(outgoing) > 0 {
      let count = buffer.withUnsafeMutableBytes {
        BIO_read(outgoing, $0.baseAddress, Int32($0.count))
      }
      guard count > 0 else { break }
      output.append(contentsOf: buffer[0..<Int(count)])
    }
  }

  private func isRetryable(_ result: Int32) -> Bool {
    let error = SSL_get_error(ssl, result)
    ERR_clear_error()
    return error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE
  }
}
