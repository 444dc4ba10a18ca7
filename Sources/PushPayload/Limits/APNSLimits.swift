package import PushDiagnostics

/// The limits and vocabularies of APNs requests and payloads, in one place: sizes, header
/// formats, the push types with their topic suffixes and priority rules, and the keys of `aps`,
/// `alert` and the critical-sound dictionary with their types.
///
/// Every APNs check, the lowering and the documentation take their numbers from here. The facts
/// come from Apple's "Sending notification requests to APNs", "Generating a remote
/// notification" and the ActivityKit and WidgetKit push pages.
package enum APNSLimits {
  // MARK: - Sizes

  /// The largest payload APNs accepts for every push type but VoIP, in bytes.
  package static let payloadByteLimit = 4096

  /// The largest payload APNs accepts for VoIP pushes, in bytes.
  package static let voipPayloadByteLimit = 5120

  /// The largest `apns-collapse-id` APNs accepts, in UTF-8 bytes.
  package static let collapseIDByteLimit = 64

  /// The length of a regular APNs device token in hexadecimal digits (32 bytes). Apple says
  /// not to assume a token size, so other lengths are only a warning.
  package static let typicalDeviceTokenHexLength = 64

  /// Epoch values above this (the year 5138 in seconds) are almost certainly milliseconds.
  package static let largestPlausibleEpochSeconds = 99_999_999_999

  /// The payload limit of `pushType`, the default limit when it is `nil` or unknown.
  package static func payloadByteLimit(forPushType pushType: APNS.PushType?) -> Int {
    pushType?.limits?.payloadByteLimit ?? payloadByteLimit
  }

  // MARK: - Headers

  /// The values of `apns-priority`: 10 (send now), 5 (power-aware) and 1 (power first).
  package static let priorities = ["10", "5", "1"]

  /// The priority APNs applies when `apns-priority` is absent.
  package static let defaultPriority = "10"

  /// The request headers APNs reads for device pushes, plus the broadcast and channel ones, in
  /// lower case.
  package static let headerNames = APNS.HeaderName.allCases.map(\.rawValue)

  // MARK: - Push types

  /// What APNs expects of one value of `apns-push-type`.
  ///
  /// Holds no reference that is not a literal's: the checker copies the description of every
  /// request's push type out of ``pushTypes``, and copying an array or dictionary made the
  /// processors of every thread write the reference count of the same table.
  package struct PushType: Hashable, Sendable {
    /// The push type.
    package var pushType: APNS.PushType
    /// The header value, such as `liveactivity`.
    package var name: String { pushType.rawValue }
    /// What `apns-topic` must append to the bundle ID (`""` for the bare bundle ID), or `nil`
    /// when the topic is not derived from a bundle ID (`mdm` uses the certificate's UID).
    package var topicSuffix: String?
    /// The largest payload, in bytes.
    package var payloadByteLimit: Int
    /// Priorities that are wrong or discouraged for this type, with the severity of using them.
    package var discouragedPriorities: [String: Severity] {
      var priorities: [String: Severity] = [:]
      for priority in APNSLimits.priorities {
        if let severity = discouragement(ofPriority: priority) { priorities[priority] = severity }
      }
      return priorities
    }
    /// The severity of using priority 10, 5 or 1, or `nil` where that priority is fine.
    private var discouragementOf10: Severity?
    private var discouragementOf5: Severity?
    private var discouragementOf1: Severity?
    /// What Apple says about the priority, for messages (`background pushes must use
    /// priority 5`), or `nil` when any priority is fine.
    package var priorityAdvice: String?
    /// Whether APNs applying its default priority 10 (no `apns-priority`) is a problem.
    package var needsExplicitPriority: Bool
    /// The device-token lengths in hexadecimal digits that are normal for this type.
    package var typicalTokenHexLengths: [Int] {
      [typicalTokenHexLength] + (otherTypicalTokenHexLength.map { [$0] } ?? [])
    }
    /// The first of ``typicalTokenHexLengths``.
    private var typicalTokenHexLength: Int
    /// The second of ``typicalTokenHexLengths``, if any.
    private var otherTypicalTokenHexLength: Int?

    /// Creates a push type description; `discouragedPriorities` are among
    /// ``APNSLimits/priorities``, and there are one or two `typicalTokenHexLengths`.
    package init(
      _ pushType: APNS.PushType,
      topicSuffix: String?,
      payloadByteLimit: Int = APNSLimits.payloadByteLimit,
      discouragedPriorities: [String: Severity] = [:],
      priorityAdvice: String? = nil,
      needsExplicitPriority: Bool = false,
      typicalTokenHexLengths: [Int] = [APNSLimits.typicalDeviceTokenHexLength]
    ) {
      precondition(
        discouragedPriorities.keys.allSatisfy(APNSLimits.priorities.contains),
        "a discouraged priority is one APNs accepts")
      precondition((1...2).contains(typicalTokenHexLengths.count), "one or two token lengths")
      self.pushType = pushType
      self.topicSuffix = topicSuffix
      self.payloadByteLimit = payloadByteLimit
      self.discouragementOf10 = discouragedPriorities["10"]
      self.discouragementOf5 = discouragedPriorities["5"]
      self.discouragementOf1 = discouragedPriorities["1"]
      self.priorityAdvice = priorityAdvice
      self.needsExplicitPriority = needsExplicitPriority
      self.typicalTokenHexLength = typicalTokenHexLengths[0]
      self.otherTypicalTokenHexLength = typicalTokenHexLengths.dropFirst().first
    }

    /// The severity of using `priority` (an `apns-priority` value) for this type, or `nil`
    /// when it is fine or not a priority APNs accepts.
    package func discouragement(ofPriority priority: String) -> Severity? {
      switch priority {
      case "10": discouragementOf10
      case "5": discouragementOf5
      case "1": discouragementOf1
      default: nil
      }
    }

    /// Whether `count` hexadecimal digits is a normal device-token length for this type.
    package func isTypicalTokenHexLength(_ count: Int) -> Bool {
      count == typicalTokenHexLength || count == otherTypicalTokenHexLength
    }
  }

  /// The 11 push types Apple documents, in the order of its table (``APNS/PushType/known``).
  package static let pushTypes: [PushType] = [
    PushType(.alert, topicSuffix: ""),
    PushType(
      .background,
      topicSuffix: "",
      discouragedPriorities: ["10": .error, "1": .warning],
      priorityAdvice: "background pushes must use priority 5",
      needsExplicitPriority: true
    ),
    PushType(.complication, topicSuffix: ".complication"),
    PushType(.controls, topicSuffix: ".push-type.controls"),
    PushType(.fileprovider, topicSuffix: ".pushkit.fileprovider"),
    PushType(
      .liveactivity,
      topicSuffix: ".push-type.liveactivity",
      discouragedPriorities: ["1": .warning],
      priorityAdvice: "Live Activity pushes use priority 5 or 10",
      // Live Activity push tokens seen in the wild are 80 bytes.
      typicalTokenHexLengths: [64, 160]
    ),
    PushType(.location, topicSuffix: ".location-query"),
    PushType(.mdm, topicSuffix: nil),
    PushType(
      .pushtotalk,
      topicSuffix: ".voip-ptt",
      discouragedPriorities: ["5": .warning, "1": .warning],
      priorityAdvice: "push-to-talk pushes should use priority 10 so they arrive at once"
    ),
    PushType(.voip, topicSuffix: ".voip", payloadByteLimit: voipPayloadByteLimit),
    PushType(.widgets, topicSuffix: ".push-type.widgets"),
  ]

  /// The push type named `name` (exact, lower case), or `nil`.
  package static func pushType(named name: String) -> PushType? {
    // Every request looks its push type up: a dozen short names are cheaper to compare, length
    // first, than to hash.
    let length = name.utf8.count
    return pushTypeNames.first { $0.length == length && $0.name == name }?.pushType
  }

  /// ``pushTypes`` with the UTF-8 lengths of their names, in order.
  private static let pushTypeNames: [(name: String, length: Int, pushType: PushType)] =
    pushTypes.map { ($0.pushType.rawValue, $0.pushType.rawValue.utf8.count, $0) }

  // MARK: - Payload keys

  /// The JSON types a payload key accepts.
  package enum ValueType: String, Hashable, Sendable {
    /// A JSON string.
    case string
    /// A JSON number with no fraction.
    case integer
    /// Any JSON number.
    case number
    /// `true` or `false`.
    case boolean
    /// A JSON object.
    case dictionary
    /// An array of strings.
    case stringArray
  }

  /// One key APNs defines in a payload dictionary.
  package struct Key: Hashable, Sendable {
    /// The wire key, such as `thread-id`.
    package var name: String
    /// The accepted JSON types, the usual one first.
    package var types: [ValueType]
    /// The push types where the key means something; empty when it means something everywhere
    /// its dictionary is used.
    package var pushTypes: [APNS.PushType]
    /// Whether Apple's current reference no longer lists the key (it still works on older
    /// systems).
    package var isLegacy: Bool

    /// Creates a key description.
    package init(
      _ name: String,
      _ types: [ValueType],
      pushTypes: [APNS.PushType] = [],
      isLegacy: Bool = false
    ) {
      self.name = name
      self.types = types
      self.pushTypes = pushTypes
      self.isLegacy = isLegacy
    }
  }

  /// The keys of `aps`, in the order of Apple's reference (``APNS/APS/Key``).
  package static let apsKeys: [Key] = APNS.APS.Key.allCases.map {
    Key($0.rawValue, $0.types, pushTypes: $0.pushTypes)
  }

  /// The keys of the `alert` dictionary (``APNS/AlertDictionary/Key``). `sound` belongs in `alert` only
  /// for Live Activities; the legacy keys are ones libraries still send.
  package static let alertKeys: [Key] = APNS.AlertDictionary.Key.allCases.map {
    Key($0.rawValue, $0.types, pushTypes: $0.pushTypes, isLegacy: $0.isLegacy)
  }

  /// The keys of a Live Activity alert's `title` or `body` in dictionary form.
  package static let localizedTextKeys: [Key] = APNS.AlertDictionary.Key.localizedTextKeys.map {
    Key($0.rawValue, $0.types)
  }

  /// The keys of the critical-alert `sound` dictionary (``APNS/CriticalSound/Key``).
  package static let soundKeys: [Key] = APNS.CriticalSound.Key.allCases.map {
    Key($0.rawValue, $0.types)
  }

  /// The `*-loc-args` keys of `alert` and the `*-loc-key` each needs.
  package static let locArgumentKeys: [(arguments: String, key: String)] =
    APNS.AlertDictionary.Key.allCases.compactMap { arguments in
      arguments.locKeyOfArguments.map { (arguments.rawValue, $0.rawValue) }
    }

  /// The values of `aps.interruption-level`.
  package static let interruptionLevels = APNS.InterruptionLevel.defined.map(\.rawValue)

  /// The values of `aps.event` in Live Activity pushes.
  package static let liveActivityEvents = APNS.LiveActivityEvent.defined.map(\.rawValue)

  /// The `aps` keys that make a notification visible or audible.
  package static let userInteractionKeys = APNS.APS.Key.allCases.filter(\.isUserInteraction)
    .map(\.rawValue)

  /// The key of an `aps` key's description, or `nil` when APNs does not define it.
  package static func apsKey(named name: String) -> Key? {
    apsKeysByName[name]
  }

  /// The key of an `alert` key's description, or `nil` when APNs does not define it.
  package static func alertKey(named name: String) -> Key? {
    alertKeysByName[name]
  }

  /// ``apsKeys`` by name (the first description of a name), for lookups on every member.
  private static let apsKeysByName = Dictionary(
    apsKeys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// ``alertKeys`` by name (the first description of a name), for lookups on every member.
  private static let alertKeysByName = Dictionary(
    alertKeys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
