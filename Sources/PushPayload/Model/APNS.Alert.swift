public import PushJSON

extension APNS {
  /// The `alert` of `aps`: a string, which is the body, or a dictionary.
  public enum Alert: Hashable, Sendable {
    /// `"alert": "text"`: the body text.
    case string(String)
    /// `"alert": {…}`.
    case dictionary(AlertDictionary)

    /// The title text, if the alert has a plain title.
    public var title: String? {
      guard case .dictionary(let dictionary) = self else { return nil }
      return dictionary.title?.string
    }

    /// The body text: the string alert, or a dictionary's plain body.
    public var body: String? {
      switch self {
      case .string(let string): string
      case .dictionary(let dictionary): dictionary.body?.string
      }
    }
  }

  /// The dictionary form of `alert`.
  public struct AlertDictionary: Hashable, Sendable {
    /// The title; a dictionary of `loc-key` and `loc-args` in Live Activity alerts.
    /// Wire key: `title`.
    public var title: AlertText?
    /// The subtitle. Wire key: `subtitle`.
    public var subtitle: String?
    /// The body; a dictionary of `loc-key` and `loc-args` in Live Activity alerts.
    /// Wire key: `body`.
    public var body: AlertText?
    /// The launch image or storyboard file name. Wire key: `launch-image`.
    public var launchImage: String?
    /// The `Localizable.strings` key of the title. Wire key: `title-loc-key`.
    public var titleLocKey: String?
    /// The arguments of `title-loc-key`. Wire key: `title-loc-args`.
    public var titleLocArgs: [String]?
    /// The `Localizable.strings` key of the subtitle. Wire key: `subtitle-loc-key`.
    public var subtitleLocKey: String?
    /// The arguments of `subtitle-loc-key`. Wire key: `subtitle-loc-args`.
    public var subtitleLocArgs: [String]?
    /// The `Localizable.strings` key of the body. Wire key: `loc-key`.
    public var locKey: String?
    /// The arguments of `loc-key`. Wire key: `loc-args`.
    public var locArgs: [String]?
    /// The key of the action button's title (no longer in Apple's table). Wire key:
    /// `action-loc-key`.
    public var actionLocKey: String?
    /// The action (no longer in Apple's table). Wire key: `action`.
    public var action: String?
    /// The summary argument (no longer in Apple's table). Wire key: `summary-arg`.
    public var summaryArg: String?
    /// The summary argument count (no longer in Apple's table). Wire key: `summary-arg-count`.
    public var summaryArgCount: Int?
    /// The sound of a Live Activity alert, which goes inside `alert`. Wire key: `sound`.
    public var sound: Sound?
    /// Keys Apple does not define, in payload order.
    public var otherKeys: JSONObject

    /// Creates an alert dictionary.
    public init(
      title: AlertText? = nil,
      subtitle: String? = nil,
      body: AlertText? = nil,
      launchImage: String? = nil,
      titleLocKey: String? = nil,
      titleLocArgs: [String]? = nil,
      subtitleLocKey: String? = nil,
      subtitleLocArgs: [String]? = nil,
      locKey: String? = nil,
      locArgs: [String]? = nil,
      actionLocKey: String? = nil,
      action: String? = nil,
      summaryArg: String? = nil,
      summaryArgCount: Int? = nil,
      sound: Sound? = nil,
      otherKeys: JSONObject = JSONObject()
    ) {
      self.title = title
      self.subtitle = subtitle
      self.body = body
      self.launchImage = launchImage
      self.titleLocKey = titleLocKey
      self.titleLocArgs = titleLocArgs
      self.subtitleLocKey = subtitleLocKey
      self.subtitleLocArgs = subtitleLocArgs
      self.locKey = locKey
      self.locArgs = locArgs
      self.actionLocKey = actionLocKey
      self.action = action
      self.summaryArg = summaryArg
      self.summaryArgCount = summaryArgCount
      self.sound = sound
      self.otherKeys = otherKeys
    }
  }

  /// The text of an alert's `title` or `body`: a string, or (in Live Activity alerts) a
  /// localized string given as `{"loc-key": …, "loc-args": […]}`.
  public enum AlertText: Hashable, Sendable {
    /// Plain text.
    case string(String)
    /// A `Localizable.strings` key and its arguments.
    case localized(key: String, arguments: [String])

    /// The plain text, or `nil` for a localized text.
    public var string: String? {
      guard case .string(let string) = self else { return nil }
      return string
    }
  }
}
