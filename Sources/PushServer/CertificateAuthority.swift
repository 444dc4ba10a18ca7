import COpenSSL
import CPushServerShim

/// A certificate authority made at start-up and the leaf certificate it signs for
/// `localhost`, `127.0.0.1`, the APNs host names and the FCM, OAuth and Instance ID host names
/// the Firebase Admin SDKs call, so clients that trust the CA (written
/// with `--ca-out`) reach the server under Apple's names. Keys are P-256 and live in memory
/// only; both certificates are valid from an hour ago for 30 days.
final class CertificateAuthority {
  /// The names the leaf certificate is valid for: Google's are
  /// ``RequestContext/googleHostNames``, the names under which a client reaches the FCM side.
  static let leafNames =
    "DNS:localhost,IP:127.0.0.1,DNS:api.push.apple.com,"
    + "DNS:api.sandbox.push.apple.com,DNS:api.development.push.apple.com,"
    + RequestContext.googleHostNames.map { "DNS:" + $0 }.joined(separator: ",")

  let caCertificate: OpaquePointer
  let leafCertificate: OpaquePointer
  let leafKey: OpaquePointer
  private let caKey: OpaquePointer

  /// Generates the CA and the leaf.
  init() throws(PushServerError) {
    guard let caKey = pushc_generate_p256_key(), let leafKey = pushc_generate_p256_key() else {
      throw PushServerError("cannot generate a P-256 key: \(TLSContext.errorText())")
    }
    self.caKey = caKey
    self.leafKey = leafKey
    guard
      let ca = Self.certificate(
        commonName: "pushc serve local CA", key: caKey, issuer: nil, issuerKey: caKey,
        extensions: [
          (NID_basic_constraints, "critical,CA:TRUE"),
          (NID_key_usage, "critical,keyCertSign,cRLSign"),
          (NID_subject_key_identifier, "hash"),
        ])
    else { throw PushServerError("cannot make the CA certificate: \(TLSContext.errorText())") }
    caCertificate = ca
    guard
      let leaf = Self.certificate(
        commonName: "localhost", key: leafKey, issuer: ca, issuerKey: caKey,
        extensions: [
          (NID_basic_constraints, "critical,CA:FALSE"),
          (NID_key_usage, "critical,digitalSignature"),
          (NID_ext_key_usage, "serverAuth"),
          (NID_subject_alt_name, Self.leafNames),
          (NID_authority_key_identifier, "keyid"),
        ])
    else { throw PushServerError("cannot make the certificate: \(TLSContext.errorText())") }
    leafCertificate = leaf
  }

  deinit {
    X509_free(caCertificate)
    X509_free(leafCertificate)
    EVP_PKEY_free(caKey)
    EVP_PKEY_free(leafKey)
  }

  /// The CA certificate in PEM, for clients to trust.
  var caCertificatePEM: String {
    guard let bio = BIO_new(BIO_s_mem()) else { return "" }
    defer { BIO_free(bio) }
    PEM_write_bio_X509(bio, caCertificate)
    var data: UnsafeMutablePointer<CChar>?
    let count = pushc_bio_mem_data(bio, &data)
    guard let data, count > 0 else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  }

  /// A certificate for `commonName` with `key`, signed by `issuer` (itself when `nil`).
  private static func certificate(
    commonName: String,
    key: OpaquePointer,
    issuer: OpaquePointer?,
    issuerKey: OpaquePointer,
    extensions: [(Int32, String)]
  ) -> OpaquePointer? {
    guard let certificate = X509_new() else { return nil }
    X509_set_version(certificate, 2)
    ASN1_INTEGER_set(X509_get_serialNumber(certificate), Int.random(in: 1...Int(Int32.max)))
    X509_gmtime_adj(X509_getm_notBefore(certificate), -3600)
    X509_gmtime_adj(X509_getm_notAfter(certificate), 30 * 24 * 3600)
    X509_set_pubkey(certificate, key)
    let name = X509_get_subject_name(certificate)
    let commonNameBytes = Array(commonName.utf8)
    // MBSTRING_ASC: the value is ASCII.
    X509_NAME_add_entry_by_txt(
      name, "CN", 0x1001, commonNameBytes, Int32(commonNameBytes.count), -1, 0)
    X509_set_issuer_name(certificate, issuer.map { X509_get_subject_name($0) } ?? name)
    var context = X509V3_CTX()
    X509V3_set_ctx(&context, issuer ?? certificate, certificate, nil, nil, 0)
    for (nid, value) in extensions {
      guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else {
        X509_free(certificate)
        return nil
      }
      X509_add_ext(certificate, ext, -1)
      X509_EXTENSION_free(ext)
    }
    guard X509_sign(certificate, issuerKey, EVP_sha256()) > 0 else {
      X509_free(certificate)
      return nil
    }
    return certificate
  }
}
