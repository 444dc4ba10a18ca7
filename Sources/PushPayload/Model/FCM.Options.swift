extension FCM {
  /// Options for features of the FCM SDKs: `Message.fcm_options` (`FcmOptions`) and
  /// `android.fcm_options` (`AndroidFcmOptions`), which have the same single field.
  public struct Options: Hashable, Sendable {
    /// The label of the message's analytics data, `^[a-zA-Z0-9-_.~%]{1,50}$`. Wire key:
    /// `analytics_label`.
    public var analyticsLabel: Located<String>?

    /// Creates options.
    public init(analyticsLabel: Located<String>? = nil) {
      self.analyticsLabel = analyticsLabel
    }
  }
}
