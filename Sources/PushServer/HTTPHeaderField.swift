/// One header field of a request or response, as received or sent: the name in lower case,
/// the value as given. Requests keep every field in order, so a repeated header stays visible
/// (APNs answers it `DuplicateHeaders`).
public struct HTTPHeaderField: Hashable, Sendable {
  /// The name, in lower case.
  public var name: String
  /// The value.
  public var value: String

  /// Creates a field; the name is lower-cased.
  public init(name: String, value: String) {
    // HTTP/2 names are lower case already; only HTTP/1.1 ones may need the copy.
    let hasUpperCase = name.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    self.name = hasUpperCase ? name.lowercased() : name
    self.value = value
  }

  /// Creates a field from the name's UTF-8 bytes, as `init(name:value:)` does from the decoded
  /// name: the upper-case test runs on the bytes (decoding never turns an ASCII byte into
  /// anything else), before the name is decoded.
  init(utf8Name name: UnsafeBufferPointer<UInt8>, value: String) {
    if let known = Self.commonName(name) {
      // Lower case already: the same text, without decoding it.
      self.name = known
    } else {
      let hasUpperCase = name.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
      let decoded = String(decoding: name, as: UTF8.self)
      self.name = hasUpperCase ? decoded.lowercased() : decoded
    }
    self.value = value
  }

  /// Names most requests carry, as literals (nothing to decode or allocate).
  private static let commonNames = [
    "content-type", "content-length", "user-agent", "authorization", "accept",
    "accept-encoding", "apns-topic", "apns-push-type", "apns-priority", "apns-expiration",
    "apns-id", "apns-collapse-id",
  ]

  /// The common name with the bytes `name`, if any.
  private static func commonName(_ name: UnsafeBufferPointer<UInt8>) -> String? {
    commonNames.first { name.hasSameBytes(asUTF8Of: $0) }
  }
}
