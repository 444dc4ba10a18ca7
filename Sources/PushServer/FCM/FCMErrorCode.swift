/// An FCM HTTP v1 error code (`google.firebase.fcm.v1.FcmError.errorCode`) with the HTTP status
/// and the canonical `status` FCM answers it with, and the message FCM sends with it where the
/// server reproduces FCM's text.
///
/// Sources: Firebase, "ErrorCode" (REST reference, fcm/rest/v1/ErrorCode) for codes and HTTP
/// statuses; error bodies quoted in the Admin SDK repositories' issues for the messages (see
/// Documentation/Serve.md, "FCM errors").
public enum FCMErrorCode: String, CaseIterable, Hashable, Sendable {
  /// The request is malformed or a field is invalid (HTTP 400).
  case invalidArgument = "INVALID_ARGUMENT"
  /// The registration token is no longer valid (HTTP 404).
  case unregistered = "UNREGISTERED"
  /// The token belongs to another sender (HTTP 403).
  case senderIDMismatch = "SENDER_ID_MISMATCH"
  /// A sending rate was exceeded (HTTP 429).
  case quotaExceeded = "QUOTA_EXCEEDED"
  /// The APNs certificate or key (or the web push key) is invalid or missing (HTTP 401).
  case thirdPartyAuthError = "THIRD_PARTY_AUTH_ERROR"
  /// FCM failed internally (HTTP 500).
  case `internal` = "INTERNAL"
  /// FCM is overloaded (HTTP 503).
  case unavailable = "UNAVAILABLE"

  /// The HTTP status FCM answers with.
  public var httpStatus: Int {
    switch self {
    case .invalidArgument: 400
    case .unregistered: 404
    case .senderIDMismatch: 403
    case .quotaExceeded: 429
    case .thirdPartyAuthError: 401
    case .internal: 500
    case .unavailable: 503
    }
  }

  /// The canonical status (`google.rpc.Code` name) in the body's `status`.
  public var canonicalStatus: String {
    switch self {
    case .invalidArgument: "INVALID_ARGUMENT"
    case .unregistered: "NOT_FOUND"
    case .senderIDMismatch: "PERMISSION_DENIED"
    case .quotaExceeded: "RESOURCE_EXHAUSTED"
    case .thirdPartyAuthError: "UNAUTHENTICATED"
    case .internal: "INTERNAL"
    case .unavailable: "UNAVAILABLE"
    }
  }

  /// The message FCM sends with the code when nothing more specific is said. Verbatim FCM
  /// texts except for `INVALID_ARGUMENT` (Google's generic text) and `QUOTA_EXCEEDED`
  /// (pushc's, as FCM's names the quota and project).
  public var defaultMessage: String {
    switch self {
    case .invalidArgument: "Request contains an invalid argument."
    case .unregistered: "Requested entity was not found."
    case .senderIDMismatch: "SenderId mismatch"
    case .quotaExceeded: "Quota exceeded for the message target (pushc serve rule)."
    case .thirdPartyAuthError: "Auth error from APNS or Web Push Service"
    case .internal: "Internal error encountered."
    case .unavailable: "The service is currently unavailable."
    }
  }

  /// Whether a `Retry-After` header may go with the code.
  public var allowsRetryAfter: Bool {
    self == .quotaExceeded || self == .unavailable
  }
}
