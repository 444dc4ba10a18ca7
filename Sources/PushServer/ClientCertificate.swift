import COpenSSL

/// What APNs reads from a provider's client certificate: whether it chains to a trusted CA,
/// the topics it may push to and the environments it is for.
///
/// The topics are the subject's UID (the bundle ID) and the UTF8Strings of Apple's topics
/// extension (OID 1.2.840.113635.100.6.3.6: a SEQUENCE of each topic followed by a SEQUENCE
/// naming its kind, such as `com.example.app.voip`, `{voip}`). The environments come from
/// Apple's markers, 1.2.840.113635.100.6.3.1 (development) and …6.3.2 (production); a
/// certificate with neither is taken for both.
struct ClientCertificate: Equatable {
  /// Whether the certificate chains to the configured CA and is within its validity.
  var isTrusted: Bool
  /// The topics the certificate may push to, the UID first.
  var topics: [String]
  /// Whether the certificate is for the development environment (sandbox).
  var isForDevelopment: Bool
  /// Whether the certificate is for the production environment.
  var isForProduction: Bool

  /// The topics extension's OID.
  static let topicsOID = "1.2.840.113635.100.6.3.6"
  /// The development environment marker's OID.
  static let developmentOID = "1.2.840.113635.100.6.3.1"
  /// The production environment marker's OID.
  static let productionOID = "1.2.840.113635.100.6.3.2"

  /// The certificate the client presented on `ssl`, if any.
  init?(ssl: OpaquePointer) {
    guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
    defer { X509_free(certificate) }
    isTrusted = SSL_get_verify_result(ssl) == X509_V_OK
    topics = []
    if let uid = Self.subjectUID(certificate) { topics.append(uid) }
    if let extensionBytes = Self.extensionData(certificate, oid: Self.topicsOID) {
      for topic in Self.topLevelStrings(extensionBytes) where !topics.contains(topic) {
        topics.append(topic)
      }
    }
    let development = Self.extensionData(certificate, oid: Self.developmentOID) != nil
    let production = Self.extensionData(certificate, oid: Self.productionOID) != nil
    isForDevelopment = development || !production
    isForProduction = production || !development
  }

  /// The APNs reason for a request to `topic` (`nil` when none was sent) in the development
  /// environment or not, or `nil` when the certificate allows it.
  func reason(topic: String?, isDevelopment: Bool) -> String? {
    guard isTrusted, !topics.isEmpty else { return "BadCertificate" }
    guard isDevelopment ? isForDevelopment : isForProduction else {
      return "BadCertificateEnvironment"
    }
    guard let topic else {
      // A single-topic certificate needs no apns-topic.
      return topics.count == 1 ? nil : "MissingTopic"
    }
    return topics.contains(topic) ? nil : "TopicDisallowed"
  }

  /// The subject's UID attribute (OID 0.9.2342.19200300.100.1.1).
  private static func subjectUID(_ certificate: OpaquePointer) -> String? {
    guard let name = X509_get_subject_name(certificate) else { return nil }
    let index = X509_NAME_get_index_by_NID(name, NID_userId, -1)
    guard index >= 0, let entry = X509_NAME_get_entry(name, index),
      let data = X509_NAME_ENTRY_get_data(entry), let bytes = ASN1_STRING_get0_data(data)
    else { return nil }
    let text = String(
      decoding: UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))),
      as: UTF8.self)
    return text.isEmpty ? nil : text
  }

  /// The DER value of the extension with `oid`, if the certificate has it.
  private static func extensionData(_ certificate: OpaquePointer, oid: String) -> [UInt8]? {
    guard let object = OBJ_txt2obj(oid, 1) else { return nil }
    defer { ASN1_OBJECT_free(object) }
    let index = X509_get_ext_by_OBJ(certificate, object, -1)
    guard index >= 0, let item = X509_get_ext(certificate, index),
      let data = X509_EXTENSION_get_data(item), let bytes = ASN1_STRING_get0_data(data)
    else { return nil }
    return Array(UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))))
  }

  /// The UTF8Strings directly inside the outer SEQUENCE of `der` (the topics; the SEQUENCEs
  /// between them name each topic's kind).
  static func topLevelStrings(_ der: [UInt8]) -> [String] {
    guard let outer = element(der, at: 0), outer.tag == 0x30 else { return [] }
    var strings: [String] = []
    var position = outer.contentStart
    // Bounded: each element moves past at least its two header bytes.
    while position < outer.end, let inner = element(der, at: position), inner.end <= outer.end {
      if inner.tag == 0x0C {
        strings.append(String(decoding: der[inner.contentStart..<inner.end], as: UTF8.self))
      }
      position = inner.end
    }
    return strings
  }

  /// The DER element at `start`: its tag, where its content starts and where it ends.
  private static func element(_ der: [UInt8], at start: Int) -> (
    tag: UInt8, contentStart: Int, end: Int
  )? {
    guard start + 2 <= der.count else { return nil }
    let tag = der[start]
    var length = Int(der[start + 1])
    var contentStart = start + 2
    if length & 0x80 != 0 {
      let count = length & 0x7F
      guard count >= 1, count <= 3, contentStart + count <= der.count else { return nil }
      length = der[contentStart..<contentStart + count].reduce(0) { $0 << 8 | Int($1) }
      contentStart += count
    }
    guard contentStart + length <= der.count else { return nil }
    return (tag, contentStart, contentStart + length)
  }
}
