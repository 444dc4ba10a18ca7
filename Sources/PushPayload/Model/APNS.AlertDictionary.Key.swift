extension APNS.AlertDictionary {
  /// The wire keys of the alert dictionary, in the order ``APNS/APS/valueNode`` writes them:
  /// the one place each `alert` key is spelled.
  ///
  /// `APNSLimits/alertKeys`, the readers, the checks and the suggestions derive from it.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    case title
    case subtitle
    case body
    case launchImage = "launch-image"
    case titleLocKey = "title-loc-key"
    case titleLocArgs = "title-loc-args"
    case subtitleLocKey = "subtitle-loc-key"
    case subtitleLocArgs = "subtitle-loc-args"
    case locKey = "loc-key"
    case locArgs = "loc-args"
    case actionLocKey = "action-loc-key"
    case action
    case summaryArg = "summary-arg"
    case summaryArgCount = "summary-arg-count"
    case sound

    /// The keys of a Live Activity alert's `title` or `body` in dictionary form.
    package static let localizedTextKeys: [Key] = [.locKey, .locArgs]

    /// The accepted JSON types, the usual one first.
    package var types: [APNSLimits.ValueType] {
      switch self {
      case .title, .body, .sound: [.string, .dictionary]
      case .subtitle, .launchImage, .titleLocKey, .subtitleLocKey, .locKey, .actionLocKey,
        .action, .summaryArg:
        [.string]
      case .titleLocArgs, .subtitleLocArgs, .locArgs: [.stringArray]
      case .summaryArgCount: [.integer]
      }
    }

    /// The push types where the key means something; empty when it means something in every
    /// alert. `sound` belongs in `alert` only for Live Activities.
    package var pushTypes: [APNS.PushType] {
      self == .sound ? [.liveactivity] : []
    }

    /// Whether Apple's current reference no longer lists the key (libraries still send it).
    package var isLegacy: Bool {
      switch self {
      case .summaryArg, .summaryArgCount, .actionLocKey, .action: true
      default: false
      }
    }

    /// For a `*-loc-args` key, the `*-loc-key` it needs; otherwise `nil`.
    package var locKeyOfArguments: Key? {
      switch self {
      case .titleLocArgs: .titleLocKey
      case .subtitleLocArgs: .subtitleLocKey
      case .locArgs: .locKey
      default: nil
      }
    }

    /// Whether the Admin SDKs type the key as a string only (`title`, `subtitle` and `body`
    /// may also be localization dictionaries, as in Live Activity alerts).
    package var isFCMStringOnly: Bool {
      switch self {
      case .launchImage, .titleLocKey, .subtitleLocKey, .locKey, .actionLocKey: true
      default: false
      }
    }
  }
}
