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
    self.name = name.lowercased()
    self.value = value
  }
}
