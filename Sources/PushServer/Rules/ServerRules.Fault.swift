extension ServerRules {
  /// One scripted error answer (an entry of `apns.faults`): the requests it applies to, the
  /// status and reason it answers, and how often.
  public struct Fault: Hashable, Sendable {
    /// The keys of an entry.
    public static let keys = ["match", "status", "reason", "times", "probability"]
    /// The keys of `match`.
    public static let matchKeys = ["token", "topic"]

    /// How often a fault answers the requests it matches.
    public enum Trigger: Hashable, Sendable {
      /// Every matching request.
      case always
      /// The first `n` matching requests, counted across connections; then Apple's answer.
      case times(Int)
      /// Each matching request with this probability (0...1), drawn from the generator
      /// seeded with ``ServerRules/APNS/seed``.
      case probability(Double)
    }

    /// The device token (lower case) a request must be sent to (`match.token`); `nil` for any.
    public var token: String?
    /// The `apns-topic` a request must carry (`match.topic`); `nil` for any.
    public var topic: String?
    /// The APNs reason answered (`reason`).
    public var reason: String
    /// The status answered (`status`): Apple's status for ``reason``.
    public var status: Int
    /// How often (`times`, `probability`, or neither for always).
    public var trigger: Trigger

    /// Creates a fault answering `reason` with Apple's status for it.
    ///
    /// - Parameters:
    ///   - token: The device token requests must be sent to; `nil` for any.
    ///   - topic: The `apns-topic` requests must carry; `nil` for any.
    ///   - reason: An APNs reason, such as `ServiceUnavailable`.
    ///   - status: The status; `nil` for Apple's status of `reason`.
    ///   - trigger: How often the fault answers.
    public init(
      token: String? = nil,
      topic: String? = nil,
      reason: String,
      status: Int? = nil,
      trigger: Trigger = .always
    ) {
      self.token = token?.lowercased()
      self.topic = topic
      self.reason = reason
      self.status = status ?? APNSReason.status(of: reason)
      self.trigger = trigger
    }

    /// Whether the fault applies to a request sent to `token` with `topic`.
    func matches(token: String?, topic: String?) -> Bool {
      (self.token == nil || self.token == token?.lowercased())
        && (self.topic == nil || self.topic == topic)
    }
  }
}
