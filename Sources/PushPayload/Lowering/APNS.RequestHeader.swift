extension APNS {
  /// One HTTP/2 request header of an APNs request, with where its value came from.
  public struct RequestHeader: Hashable, Sendable {
    /// The header name in lower case, such as `apns-push-type`.
    public var name: String
    /// The value exactly as it would be sent.
    public var value: String
    /// Where the value came from.
    public var provenance: Provenance

    /// Creates a header.
    public init(name: String, value: String, provenance: Provenance) {
      self.name = name
      self.value = value
      self.provenance = provenance
    }

    /// Creates a header named `name`.
    public init(_ name: HeaderName, value: String, provenance: Provenance) {
      self.init(name: name.rawValue, value: value, provenance: provenance)
    }
  }
}
