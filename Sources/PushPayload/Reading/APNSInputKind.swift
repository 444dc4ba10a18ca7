/// The forms of input pushc reads, as the APNs reader tells them apart.
///
/// The raw values are the names of the command line's `--kind` option.
public enum APNSInputKind: String, Hashable, Sendable, CaseIterable {
  /// An FCM message or send request: `{"message": {...}}` or a bare message with FCM fields
  /// such as `token`, `notification` or `apns`. Not read by `APNSInputReader`; read it with
  /// `FCMMessageReader`.
  case fcm
  /// A bare APNs payload, `{"aps": {...}}`, whose headers and device token come from options.
  case payload = "apns"
  /// An APNs request document:
  /// `{"device_token": "…", "headers": {"apns-push-type": "alert"}, "payload": {"aps": {...}}}`.
  case request = "apns-request"
  /// A Simulator payload file (`.apns`), a payload with a top-level `Simulator Target Bundle`
  /// key naming the app, which `xcrun simctl push` removes before delivering.
  case simulator = "simctl"
}
