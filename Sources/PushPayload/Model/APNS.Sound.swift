public import PushJSON

extension APNS {
  /// The `sound` of `aps` (or of a Live Activity `alert`).
  public enum Sound: Hashable, Sendable {
    /// A sound file in the app bundle or `Library/Sounds`, or `"default"`.
    case named(String)
    /// A critical-alert sound dictionary.
    case critical(CriticalSound)
  }

  /// The dictionary form of `sound`, for critical alerts.
  public struct CriticalSound: Hashable, Sendable {
    /// `1` to play the sound as a critical alert. Wire key: `critical`.
    public var critical: Int?
    /// The sound file name, or `"default"`. Wire key: `name`.
    public var name: String?
    /// The volume, from `0` (silent) to `1` (full). Wire key: `volume`.
    public var volume: Double?
    /// Keys Apple does not define, in payload order.
    public var otherKeys: JSONObject

    /// Creates a critical sound.
    public init(
      critical: Int? = nil, name: String? = nil, volume: Double? = nil,
      otherKeys: JSONObject = JSONObject()
    ) {
      self.critical = critical
      self.name = name
      self.volume = volume
      self.otherKeys = otherKeys
    }
  }
}
