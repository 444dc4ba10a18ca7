extension FCM {
  /// The basic notification template used on every platform.
  public struct Notification: Hashable, Sendable {
    /// The title. Wire key: `title`.
    public var title: Located<String>?
    /// The body text. Wire key: `body`.
    public var body: Located<String>?
    /// The URL of an image the device downloads and shows. Wire key: `image`.
    public var image: Located<String>?

    /// Creates a notification.
    public init(
      title: Located<String>? = nil,
      body: Located<String>? = nil,
      image: Located<String>? = nil
    ) {
      self.title = title
      self.body = body
      self.image = image
    }

    /// A notification with every field unset, for the reader to fill in place; built with
    /// stores alone, where ``init(title:body:image:)`` assigns each argument over an implicit
    /// `nil`.
    init(unset: ()) {}
  }
}
