extension FCM {
  /// The body of a `projects.messages.send` request: the message and the dry-run flag.
  ///
  /// Wire form: `{"message": {...}, "validate_only": false}`. A message definition written bare
  /// (without the envelope) is read as a request whose ``validateOnly`` is `nil`.
  public struct SendRequest: Hashable, Sendable {
    /// The message to send. Wire key: `message`.
    public var message: Located<Message>
    /// Whether FCM should only validate the message without delivering it. Wire key:
    /// `validate_only`.
    public var validateOnly: Located<Bool>?

    /// Creates a send request.
    public init(message: Located<Message>, validateOnly: Located<Bool>? = nil) {
      self.message = message
      self.validateOnly = validateOnly
    }

    /// Creates a send request for a message built in code.
    public init(_ message: Message, validateOnly: Bool? = nil) {
      self.init(message: Located(message), validateOnly: validateOnly.map { Located($0) })
    }
  }
}
