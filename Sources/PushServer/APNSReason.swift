import PushJSON

/// The reasons APNs returns in `{"reason": …}`, with the status Apple documents for each
/// ("Handling notification responses from APNs", table 2; `BadRequestPayload` from the
/// broadcast API's table).
public enum APNSReason {
  /// The status of each reason.
  public static let statusByReason: [String: Int] = [
    "BadCollapseId": 400, "BadDeviceToken": 400, "BadExpirationDate": 400, "BadMessageId": 400,
    "BadPriority": 400, "BadTopic": 400, "DeviceTokenNotForTopic": 400, "DuplicateHeaders": 400,
    "IdleTimeout": 400, "InvalidPushType": 400, "MissingDeviceToken": 400, "MissingTopic": 400,
    "PayloadEmpty": 400, "TopicDisallowed": 400, "BadRequestPayload": 400,
    "BadCertificate": 403, "BadCertificateEnvironment": 403, "ExpiredProviderToken": 403,
    "Forbidden": 403, "InvalidProviderToken": 403, "MissingProviderToken": 403,
    "BadPath": 404,
    "MethodNotAllowed": 405,
    "Unregistered": 410,
    "PayloadTooLarge": 413,
    "TooManyProviderTokenUpdates": 429, "TooManyRequests": 429,
    "InternalServerError": 500,
    "ServiceUnavailable": 503, "Shutdown": 503,
  ]

  /// The JSON APNs sends for `reason`, in an error response's body or a GOAWAY's debug data:
  /// `{"reason":"…"}`.
  static func body(_ reason: String) -> [UInt8] {
    ValueNode.members([("reason", .text(reason))]).compactJSON
  }

  /// Apple's status for `reason`; 400 for a reason Apple documents without one.
  public static func status(of reason: String) -> Int {
    statusByReason[reason] ?? 400
  }

  /// The reasons about the payload, which Apple checks after authentication; every other
  /// reason a diagnostic carries is about the path or the headers, checked before it.
  static let payloadReasons: Set<String> = ["PayloadEmpty", "PayloadTooLarge", unreadablePayload]

  /// The answer to a body that is not a JSON dictionary. Apple documents no reason for it on
  /// `/3/device/`; this is the one its broadcast API documents for unparseable JSON.
  static let unreadablePayload = "BadRequestPayload"
}
