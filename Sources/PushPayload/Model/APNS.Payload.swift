public import PushJSON

extension APNS {
  /// A whole APNs payload: the `aps` dictionary and the custom keys next to it.
  public struct Payload: Hashable, Sendable {
    /// The Apple-defined keys. Wire key: `aps`.
    public var aps: APS?
    /// Every other top-level key in payload order; FCM data and FCM's own keys arrive here.
    public var customKeys: JSONObject

    /// Creates a payload.
    public init(aps: APS? = nil, customKeys: JSONObject = JSONObject()) {
      self.aps = aps
      self.customKeys = customKeys
    }

    /// The top-level key of the Apple-defined dictionary: the one place `aps` is spelled.
    public static let apsKey = "aps"
  }
}
