extension PushServer {
  /// How the FCM side of the server behaves: its project, whether requests need an OAuth
  /// access token, the rules' tokens and faults, and whether iOS messages go on to the APNs
  /// side.
  public struct FCMConfiguration: Hashable, Sendable {
    /// How `messages:send` and the topic calls authenticate.
    public enum Authentication: String, Hashable, Sendable {
      /// `authorization: Bearer <token>` with a live token from `POST /token` (Google's OAuth
      /// for the service account ``PushServer/serviceAccountJSON(tokenURI:)`` describes).
      case oauth
      /// Nothing is checked (`--fcm-auth none`).
      case none
    }

    /// The project ID of the service account; with OAuth, the only project the API answers.
    public var projectID: String
    /// How requests authenticate.
    public var authentication: Authentication
    /// The registration tokens and faults.
    public var rules: FCMRules
    /// Whether the APNs request of each accepted message to an iOS token is sent to the APNs
    /// side of the same server (and recorded there too).
    public var forwardsToAPNs: Bool

    /// Creates a configuration.
    public init(
      projectID: String = "pushc-local",
      authentication: Authentication = .oauth,
      rules: FCMRules = FCMRules(),
      forwardsToAPNs: Bool = false
    ) {
      self.projectID = projectID
      self.authentication = authentication
      self.rules = rules
      self.forwardsToAPNs = forwardsToAPNs
    }
  }
}
