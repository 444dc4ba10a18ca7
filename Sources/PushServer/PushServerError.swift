/// Why the server could not start: a port that cannot be bound, a certificate that cannot be
/// read, a record file that cannot be opened.
public struct PushServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for a person.
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
