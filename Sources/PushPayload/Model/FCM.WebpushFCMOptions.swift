extension FCM {
  /// Options for the FCM SDK for the web (`WebpushFcmOptions`).
  public struct WebpushFCMOptions: Hashable, Sendable {
    /// The page opened when the user clicks the notification; must be HTTPS. Wire key: `link`.
    public var link: Located<String>?
    /// The label of the message's analytics data. Wire key: `analytics_label`.
    public var analyticsLabel: Located<String>?

    /// Creates web push FCM options.
    public init(link: Located<String>? = nil, analyticsLabel: Located<String>? = nil) {
      self.link = link
      self.analyticsLabel = analyticsLabel
    }
  }
}
