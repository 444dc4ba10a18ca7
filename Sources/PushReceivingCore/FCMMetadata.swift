import PushDiagnostics
public import PushJSON

/// What FCM added to a received push, separated from the app's data.
///
/// The four keys every API-sent message carries and the NSE image have properties; every other
/// FCM key (console campaign keys, contextual `gcm.notification.*` keys, reserved keys) is kept
/// in ``other``. Values are read as the Firebase SDK reads them: ``analyticsEnabled`` is `true`
/// only for the string `"1"`.
public struct FCMMetadata: Hashable, Sendable {
  /// The FCM message id. Wire key: `gcm.message_id`.
  public var messageID: String?
  /// The sender's project number. Wire key: `google.c.sender.id`.
  public var senderID: String?
  /// The Firebase installation ID of the target. Wire key: `google.c.fid`.
  public var installationID: String?
  /// Whether the SDK logs analytics events for the message. Wire key: `google.c.a.e`.
  public var analyticsEnabled: Bool?
  /// The image the Notification Service Extension shows. Wire key: `fcm_options.image`.
  public var image: String?
  /// Every other FCM key, in payload order, with its value as received.
  public var other: JSONObject
  /// Every FCM key of the push, in payload order.
  public var keys: [String]

  /// Creates metadata.
  public init(
    messageID: String? = nil,
    senderID: String? = nil,
    installationID: String? = nil,
    analyticsEnabled: Bool? = nil,
    image: String? = nil,
    other: JSONObject = JSONObject(),
    keys: [String] = []
  ) {
    self.messageID = messageID
    self.senderID = senderID
    self.installationID = installationID
    self.analyticsEnabled = analyticsEnabled
    self.image = image
    self.other = other
    self.keys = keys
  }

  /// Whether the push carries no FCM key, as when it was sent to APNs directly.
  public var isEmpty: Bool { keys.isEmpty }

  /// The keys of `family`, in payload order.
  public func keys(in family: FCMKeyFamily) -> [String] {
    keys.filter { FCMKeyFamily(key: $0) == family }
  }

  /// Separates the FCM keys of a push's top level from the rest.
  ///
  /// - Parameters:
  ///   - object: The push's top level.
  ///   - collector: Receives ``DiagnosticMessage/decodeFCMValueType(_:expected:found:)`` for
  ///     keys the Firebase SDK cannot read.
  /// - Returns: The metadata, and the members that are not FCM's (including `aps`), in order.
  static func separate(
    _ object: JSONObject,
    into collector: inout DiagnosticCollector
  ) -> (metadata: FCMMetadata, rest: [JSONObject.Member]) {
    var metadata = FCMMetadata()
    var rest: [JSONObject.Member] = []
    for member in object.members {
      guard let family = FCMKeyFamily(key: member.key) else {
        rest.append(member)
        continue
      }
      metadata.keys.append(member.key)
      let value = member.value
      let pointer = JSONPointer(tokens: [member.key])
      func mistyped(_ expected: String) {
        collector.emit(
          .decodeFCMValueType(member.key, expected: expected, found: value.decodeDescription),
          at: value.span,
          pointer: pointer
        )
      }
      switch family {
      case .messageID:
        // The SDK skips de-duplication and metrics unless the id is an NSString.
        if let string = value.stringValue {
          metadata.messageID = string
        } else {
          mistyped("a string")
          metadata.messageID = value.scalarText
        }
      case .senderID:
        // Read with `longLongValue`, which NSString and NSNumber both answer.
        if value.stringValue != nil || value.numberValue != nil {
          metadata.senderID = value.scalarText
        } else {
          mistyped("a string")
        }
      case .installationID:
        if let string = value.stringValue {
          metadata.installationID = string
        } else {
          mistyped("a string")
          metadata.installationID = value.scalarText
        }
      case .analyticsEnabled:
        // Analytics are logged only when the value is the string "1".
        if let string = value.stringValue {
          metadata.analyticsEnabled = string == "1"
        } else {
          mistyped("the string '1' or '0'")
          metadata.analyticsEnabled = false
        }
      case .options:
        guard let options = value.objectValue else {
          mistyped("a dictionary")
          metadata.other.members.append(member)
          continue
        }
        var remaining: [JSONObject.Member] = []
        for option in options.members {
          if option.key == "image" {
            if let image = option.value.stringValue {
              metadata.image = image
            } else {
              collector.emit(
                .decodeFCMValueType(
                  "fcm_options.image", expected: "a string", found: option.value.decodeDescription),
                at: option.value.span,
                pointer: pointer.appending("image")
              )
            }
          } else {
            remaining.append(option)
          }
        }
        if !remaining.isEmpty {
          var kept = member
          kept.value = ValueNode(.object(JSONObject(remaining)), span: value.span)
          metadata.other.members.append(kept)
        }
      case .analytics, .consoleNotification, .contextual, .appLink, .productID, .reserved:
        metadata.other.members.append(member)
      }
    }
    return (metadata, rest)
  }
}
