extension FCM {
  /// Options for the FCM SDK for Apple platforms (`ApnsFcmOptions`).
  public struct APNSFCMOptions: Hashable, Sendable {
    /// The label of the message's analytics data. Wire key: `analytics_label`.
    public var analyticsLabel: Located<String>?
    /// The URL of an image shown by a Notification Service Extension; overrides
    /// ``Notification/image``. Wire key: `image`.
    public var image: Located<String>?

    /// Creates APNs FCM options.
    public init(analyticsLabel: Located<String>? = nil, image: Located<String>? = nil) {
      self.analyticsLabel = analyticsLabel
      self.image = image
    }
  }
}
