/// What raw APNs input does not say itself: request headers and the device token given on the
/// command line, and which form the input has.
///
/// Headers given here replace headers of the same name in a request document or Simulator file
/// (all of them), so the command line always wins. Headers repeated here are sent repeated,
/// which APNs rejects (`DuplicateHeaders`) and the checker reports. Their provenance is
/// ``Provenance/option(name:)`` with the option's name.
///
/// ```swift
/// var options = APNSInputOptions()
/// options.headers.append(APNSInputOptions.Header(argument: "apns-push-type: alert")!)
/// options.priority = "5"                  // the same as -H 'apns-priority: 5'
/// ```
public struct APNSInputOptions: Hashable, Sendable {
  /// One header given as an option.
  public struct Header: Hashable, Sendable {
    /// The header name, in lower case.
    public var name: String
    /// The value, as given.
    public var value: String
    /// The option that gave it, for provenance (`--header`).
    public var optionName: String

    /// Creates a header; the name is lower-cased.
    public init(name: String, value: String, optionName: String = APNSInputOptions.headerOptionName)
    {
      self.name = name.lowercased()
      self.value = value
      self.optionName = optionName
    }

    /// Parses a curl-style header argument, `name: value` (spaces around the value are
    /// dropped; `name;` gives an empty value, as in curl), or returns `nil` when `argument` has
    /// no name or no colon.
    public init?(argument: String, optionName: String = APNSInputOptions.headerOptionName) {
      let name: Substring
      let value: Substring
      if let colon = argument.firstIndex(of: ":") {
        name = argument[..<colon]
        value = argument[argument.index(after: colon)...]
      } else if argument.hasSuffix(";") {
        name = argument.dropLast()
        value = ""
      } else {
        return nil
      }
      let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      let trimmedName = name.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
      guard !trimmedName.isEmpty, !trimmedName.contains(where: isBlank) else { return nil }
      let trimmedValue = value.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
      self.init(
        name: String(trimmedName), value: String(trimmedValue), optionName: optionName)
    }
  }

  /// The name of the option that gives a whole header, in provenance.
  public static let headerOptionName = "--header"

  /// The form of the input, or `nil` to detect it (see `APNSInputReader/detectKind(of:)`).
  public var kind: APNSInputKind?
  /// Headers given as `name: value`, in order.
  public var headers: [Header]
  /// `apns-push-type`, given with `--push-type`.
  public var pushType: String?
  /// `apns-priority`, given with `--priority`.
  public var priority: String?
  /// `apns-topic`, given with `--topic`.
  public var topic: String?
  /// `apns-expiration`, given with `--expiration`.
  public var expiration: String?
  /// `apns-collapse-id`, given with `--collapse-id`.
  public var collapseID: String?
  /// `apns-id`, given with `--apns-id`.
  public var messageID: String?
  /// The hex device token, given with `--device-token`.
  public var deviceToken: String?

  /// Creates options.
  public init(
    kind: APNSInputKind? = nil,
    headers: [Header] = [],
    pushType: String? = nil,
    priority: String? = nil,
    topic: String? = nil,
    expiration: String? = nil,
    collapseID: String? = nil,
    messageID: String? = nil,
    deviceToken: String? = nil
  ) {
    self.kind = kind
    self.headers = headers
    self.pushType = pushType
    self.priority = priority
    self.topic = topic
    self.expiration = expiration
    self.collapseID = collapseID
    self.messageID = messageID
    self.deviceToken = deviceToken
  }

  /// Every header these options give: ``headers`` first, then the shorthands in the order
  /// push type, priority, topic, expiration, collapse ID, message ID.
  public var allHeaders: [Header] {
    var result = headers
    let shorthands: [(APNS.HeaderName, String?, String)] = [
      (.pushType, pushType, "--push-type"),
      (.priority, priority, "--priority"),
      (.topic, topic, "--topic"),
      (.expiration, expiration, "--expiration"),
      (.collapseID, collapseID, "--collapse-id"),
      (.id, messageID, "--apns-id"),
    ]
    for (name, value, option) in shorthands {
      guard let value else { continue }
      result.append(Header(name: name.rawValue, value: value, optionName: option))
    }
    return result
  }

  /// The name of the option that gives the device token, in diagnostics.
  public static let deviceTokenOptionName = "--device-token"
}
