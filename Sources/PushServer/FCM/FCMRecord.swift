import PushJSON
public import PushPayload

/// What the record keeps about an FCM `messages:send` request besides the HTTP exchange: the
/// target, the answer's message name or error, the APNs request FCM would make of the message
/// (as `pushc compile --target apns` shows it), and each device the message went to.
public struct FCMRecord: Hashable, Sendable {
  /// One registration token a message was delivered to.
  public struct Delivery: Hashable, Sendable {
    /// The registration token.
    public var token: String
    /// Its platform, when the rules name it.
    public var platform: FCMRules.Platform?
    /// The APNs request FCM sends to this iOS device, with its device token and `apns-topic`
    /// from the token's bundle ID; the record shows it as `pushc compile --target apns` does
    /// (`device_token`, `headers`, `payload`).
    public var apnsRequest: APNS.Request?
    /// The status the APNs side answered the forwarded request with (`--forward-apns`).
    public var forwardedStatus: Int?
    /// The APNs reason of a rejected forwarded request.
    public var forwardedReason: String?

    /// The delivery as a JSON object.
    var jsonValue: ValueNode {
      var members: [(String, ValueNode)] = [("token", .text(token))]
      if let platform { members.append(("platform", .text(platform.rawValue))) }
      if let apnsRequest {
        members.append(("apns", APNSRequestRenderer().requestDocument(for: apnsRequest)))
      }
      if let forwardedStatus {
        var forwarded: [(String, ValueNode)] = [("status", .integer(forwardedStatus))]
        if let forwardedReason { forwarded.append(("reason", .text(forwardedReason))) }
        members.append(("forwarded", .members(forwarded)))
      }
      return .members(members)
    }
  }

  /// The project of the request's path.
  public var project: String
  /// Whether the request asked for validation only.
  public var validateOnly: Bool = false
  /// The target field (`token`, `topic`, `condition`, `fid`) and its value.
  public var target: (field: String, value: String)? {
    get { targetField.map { ($0, targetValue ?? "") } }
    set {
      targetField = newValue?.field
      targetValue = newValue?.value
    }
  }
  private var targetField: String?
  private var targetValue: String?
  /// The `name` of a successful answer.
  public var messageName: String?
  /// The FCM error code or canonical status of an error answer.
  public var error: String?
  /// The APNs request the message becomes (with the device token and `apns-topic` when the
  /// target is an iOS token the rules name); the record shows it as `pushc compile --target
  /// apns` does.
  public var apnsRequest: APNS.Request?
  /// The devices the message was delivered to; none for an error or `validate_only`.
  public var deliveries: [Delivery] = []

  /// Creates a record for a request to `project`.
  public init(project: String) {
    self.project = project
  }

  /// The record as a JSON object, the `fcm` member of a record line.
  var jsonValue: ValueNode {
    var members: [(String, ValueNode)] = [("project", .text(project))]
    if validateOnly { members.append(("validate_only", ValueNode(.bool(true)))) }
    if let target { members.append(("target", .members([(target.field, .text(target.value))]))) }
    if let messageName { members.append(("name", .text(messageName))) }
    if let error { members.append(("error", .text(error))) }
    if let apnsRequest {
      members.append(("apns", APNSRequestRenderer().requestDocument(for: apnsRequest)))
    }
    if !deliveries.isEmpty { members.append(("deliveries", .list(deliveries.map(\.jsonValue)))) }
    return .members(members)
  }
}
