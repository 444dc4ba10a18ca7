public import PushJSON

extension APNS {
  /// The `aps` dictionary of an APNs payload.
  ///
  /// Every property is optional because every key is; `nil` means the key is absent. Numbers that
  /// Apple defines as flags (`content-available`, `mutable-content`, `input-push-token`) keep
  /// their integer value, so a validator can tell `1` from other values.
  public struct APS: Hashable, Sendable {
    /// The alert, as a string (the body) or a dictionary. Wire key: `alert`.
    public var alert: Alert?
    /// The badge number; `0` removes the badge. Wire key: `badge`.
    public var badge: Int?
    /// The sound: a file name, `"default"`, or a critical-alert dictionary. Wire key: `sound`.
    public var sound: Sound?
    /// The app-defined identifier that groups notifications. Wire key: `thread-id`.
    public var threadID: String?
    /// The identifier of a registered `UNNotificationCategory`. Wire key: `category`.
    public var category: String?
    /// `1` for a background update. Wire key: `content-available`.
    public var contentAvailable: Int?
    /// `1` to run the Notification Service Extension. Wire key: `mutable-content`.
    public var mutableContent: Int?
    /// The identifier of the window to bring forward. Wire key: `target-content-id`.
    public var targetContentID: String?
    /// How urgently the notification interrupts. Wire key: `interruption-level`.
    public var interruptionLevel: InterruptionLevel?
    /// The relevance, `0` to `1` for notifications and any number for Live Activities.
    /// Wire key: `relevance-score`.
    public var relevanceScore: Double?
    /// The Focus filter criteria. Wire key: `filter-criteria`.
    public var filterCriteria: String?
    /// When a Live Activity becomes stale, in UNIX seconds. Wire key: `stale-date`.
    public var staleDate: Int?
    /// The Live Activity's content state, matching its `ContentState`. Wire key: `content-state`.
    public var contentState: JSONObject?
    /// When a Live Activity update was sent, in UNIX seconds. Wire key: `timestamp`.
    public var timestamp: Int?
    /// The Live Activity event: `start`, `update` or `end`. Wire key: `event`.
    public var event: LiveActivityEvent?
    /// When an ended Live Activity is dismissed, in UNIX seconds. Wire key: `dismissal-date`.
    public var dismissalDate: Int?
    /// The name of the `ActivityAttributes` type of a Live Activity start.
    /// Wire key: `attributes-type`.
    public var attributesType: String?
    /// The static attributes of a Live Activity start. Wire key: `attributes`.
    public var attributes: JSONObject?
    /// `1` to start a Live Activity and get an update token (iOS 18). Wire key: `input-push-token`.
    public var inputPushToken: Int?
    /// The broadcast channel a started Live Activity subscribes to (iOS 18).
    /// Wire key: `input-push-channel`.
    public var inputPushChannel: String?
    /// `true` for a widget or control reload. Wire key: `content-changed`.
    public var contentChanged: Bool?
    /// The placeholders of a Safari website push URL. Wire key: `url-args`.
    public var urlArgs: [String]?
    /// Keys Apple does not define, in payload order; APNs ignores them.
    public var otherKeys: JSONObject

    /// Creates an `aps` dictionary.
    public init(
      alert: Alert? = nil,
      badge: Int? = nil,
      sound: Sound? = nil,
      threadID: String? = nil,
      category: String? = nil,
      contentAvailable: Int? = nil,
      mutableContent: Int? = nil,
      targetContentID: String? = nil,
      interruptionLevel: InterruptionLevel? = nil,
      relevanceScore: Double? = nil,
      filterCriteria: String? = nil,
      staleDate: Int? = nil,
      contentState: JSONObject? = nil,
      timestamp: Int? = nil,
      event: LiveActivityEvent? = nil,
      dismissalDate: Int? = nil,
      attributesType: String? = nil,
      attributes: JSONObject? = nil,
      inputPushToken: Int? = nil,
      inputPushChannel: String? = nil,
      contentChanged: Bool? = nil,
      urlArgs: [String]? = nil,
      otherKeys: JSONObject = JSONObject()
    ) {
      self.alert = alert
      self.badge = badge
      self.sound = sound
      self.threadID = threadID
      self.category = category
      self.contentAvailable = contentAvailable
      self.mutableContent = mutableContent
      self.targetContentID = targetContentID
      self.interruptionLevel = interruptionLevel
      self.relevanceScore = relevanceScore
      self.filterCriteria = filterCriteria
      self.staleDate = staleDate
      self.contentState = contentState
      self.timestamp = timestamp
      self.event = event
      self.dismissalDate = dismissalDate
      self.attributesType = attributesType
      self.attributes = attributes
      self.inputPushToken = inputPushToken
      self.inputPushChannel = inputPushChannel
      self.contentChanged = contentChanged
      self.urlArgs = urlArgs
      self.otherKeys = otherKeys
    }
  }
}
