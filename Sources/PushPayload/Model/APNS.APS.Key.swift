extension APNS.APS {
  /// The wire keys of `aps`, in the order Apple's reference lists them and
  /// ``APNS/APS/valueNode`` writes them: the one place each `aps` key is spelled.
  ///
  /// What pushc knows about each key (its JSON types, the push types it is for, whether it is
  /// distinctive enough to recognise outside `aps`) is a property of the key;
  /// `APNSLimits/apsKeys`, the readers, the checks and the suggestions derive from it.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    case alert
    case badge
    case sound
    case threadID = "thread-id"
    case category
    case contentAvailable = "content-available"
    case mutableContent = "mutable-content"
    case targetContentID = "target-content-id"
    case interruptionLevel = "interruption-level"
    case relevanceScore = "relevance-score"
    case filterCriteria = "filter-criteria"
    case staleDate = "stale-date"
    case contentState = "content-state"
    case timestamp
    case event
    case dismissalDate = "dismissal-date"
    case attributesType = "attributes-type"
    case attributes
    case inputPushToken = "input-push-token"
    case inputPushChannel = "input-push-channel"
    case contentChanged = "content-changed"
    case urlArgs = "url-args"

    /// The accepted JSON types, the usual one first.
    package var types: [APNSLimits.ValueType] {
      switch self {
      case .alert, .sound: [.string, .dictionary]
      case .badge, .contentAvailable, .mutableContent, .staleDate, .timestamp, .dismissalDate,
        .inputPushToken:
        [.integer]
      case .threadID, .category, .targetContentID, .interruptionLevel, .filterCriteria, .event,
        .attributesType, .inputPushChannel:
        [.string]
      case .relevanceScore: [.number]
      case .contentState, .attributes: [.dictionary]
      case .contentChanged: [.boolean]
      case .urlArgs: [.stringArray]
      }
    }

    /// The push types where the key means something.
    package var pushTypes: [APNS.PushType] {
      switch self {
      case .alert, .relevanceScore: [.alert, .liveactivity]
      case .badge, .sound, .threadID, .category, .mutableContent, .targetContentID,
        .interruptionLevel, .filterCriteria, .urlArgs:
        [.alert]
      case .contentAvailable: [.alert, .background]
      case .staleDate, .contentState, .timestamp, .event, .dismissalDate, .attributesType,
        .attributes, .inputPushToken, .inputPushChannel:
        [.liveactivity]
      case .contentChanged: [.widgets, .controls]
      }
    }

    /// Whether the key makes a notification visible or audible (`alert`, `badge`, `sound`).
    package var isUserInteraction: Bool {
      switch self {
      case .alert, .badge, .sound: true
      default: false
      }
    }

    /// Whether the key is distinctive enough to report when written beside `aps`; generic
    /// names such as `category` or `event` are common custom keys.
    package var isDistinctive: Bool {
      switch self {
      case .category, .timestamp, .event, .attributes, .urlArgs: false
      default: true
      }
    }

    /// Whether users often write the key in other FCM objects (`notification`, `android`),
    /// so an unknown field spelled like it is pointed to `apns.payload.aps`: the keys of
    /// ordinary notifications.
    package var isOftenMisplaced: Bool {
      switch self {
      case .alert, .badge, .sound, .category, .threadID, .contentAvailable, .mutableContent,
        .targetContentID, .interruptionLevel, .relevanceScore, .filterCriteria:
        true
      default: false
      }
    }

    /// Whether a Live Activity start (`event: start`) needs the key.
    package var isRequiredToStartLiveActivity: Bool {
      switch self {
      case .alert, .attributesType, .attributes: true
      default: false
      }
    }

    /// Whether only a Live Activity start (`event: start`) may carry the key.
    package var isOnlyForLiveActivityStart: Bool {
      switch self {
      case .inputPushToken, .inputPushChannel: true
      default: false
      }
    }

    /// Whether the value is a date in UNIX seconds.
    package var isEpochSeconds: Bool {
      switch self {
      case .staleDate, .timestamp, .dismissalDate: true
      default: false
      }
    }

    /// Whether only Safari website pushes use the key (`url-args`).
    package var isSafariOnly: Bool { self == .urlArgs }
  }
}
