import COpenSSL
import CPushServerShim

/// The server's OpenSSL context: TLS 1.2 or later, the certificate and key, and the ALPN
/// selection of APNs (`h2`, else `http/1.1`, else none).
final class TLSContext {
  let context: OpaquePointer
  /// The generated CA, when the server made its own certificates.
  let authority: CertificateAuthority?

  /// A context with a generated CA and leaf certificate.
  init() throws(PushServerError) {
    let authority = try CertificateAuthority()
    let context = try Self.makeContext()
    guard SSL_CTX_use_certificate(context, authority.leafCertificate) == 1,
      SSL_CTX_use_PrivateKey(context, authority.leafKey) == 1
    else {
      SSL_CTX_free(context)
      throw PushServerError("cannot use the generated certificate: \(Self.errorText())")
    }
    // Stored last: a class whose stored properties are all set runs `deinit` if `init` throws.
    self.authority = authority
    self.context = context
  }

  /// A context with the PEM certificate chain and key at the given paths.
  init(certificatePath: String, keyPath: String) throws(PushServerError) {
    let context = try Self.makeContext()
    guard SSL_CTX_use_certificate_chain_file(context, certificatePath) == 1 else {
      SSL_CTX_free(context)
      throw PushServerError(
        "cannot read the certificate chain '\(certificatePath)': \(Self.errorText())")
    }
    guard SSL_CTX_use_PrivateKey_file(context, keyPath, SSL_FILETYPE_PEM) == 1,
      SSL_CTX_check_private_key(context) == 1
    else {
      SSL_CTX_free(context)
      throw PushServerError(
        "cannot use the private key '\(keyPath)' with the certificate: \(Self.errorText())")
    }
    self.authority = nil
    self.context = context
  }

  deinit {
    SSL_CTX_free(context)
  }

  /// Asks every client for a certificate and checks it against the CA certificates in the PEM
  /// file at `path`. A client without one is served as before (token authentication); one
  /// whose certificate does not verify still connects, as with APNs, and gets
  /// `403 BadCertificate` (``ClientCertificate/isTrusted``).
  func requestClientCertificates(caPath: String) throws(PushServerError) {
    guard SSL_CTX_load_verify_locations(context, caPath, nil) == 1,
      let names = SSL_load_client_CA_file(caPath)
    else {
      throw PushServerError("cannot read the client CA '\(caPath)': \(Self.errorText())")
    }
    SSL_CTX_set_client_CA_list(context, names)
    // The handshake goes on whatever the verification says; the result is read afterwards.
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, { _, _ in 1 })
  }

  private static func makeContext() throws(PushServerError) -> OpaquePointer {
    guard let context = SSL_CTX_new(TLS_server_method()) else {
      throw PushServerError("cannot create a TLS context: \(errorText())")
    }
    _ = pushc_ssl_ctx_require_tls12(context)
    pushc_ssl_ctx_select_h2_alpn(context)
    return context
  }

  /// The text of the oldest OpenSSL error on this thread, and clears the queue.
  static func errorText() -> String {
    let code = ERR_get_error()
    ERR_clear_error()
    guard code != 0 else { return "unknown OpenSSL error" }
    var buffer = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &buffer, buffer.count)
    return String(cBuffer: buffer)
  }
}
