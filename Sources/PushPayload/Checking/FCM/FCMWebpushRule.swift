import PushDiagnostics
import PushJSON

/// Web push: the link must be HTTPS, and the free-form notification must have the types the
/// Admin SDKs give its known members.
///
/// Emits: see ``descriptor``.
enum FCMWebpushRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-webpush"),
    domain: .fcm,
    defaultSeverity: .error,
    summary:
      "web push links are HTTPS and notification members have the types the Admin SDKs give them",
    source: RuleDescriptor.Source.adminSDK,
    emits: [.fcmWebpushLinkNotHTTPS, .fcmTypeMismatch, .fcmInvalidEnumValue]
  )

  /// Members of `webpush.notification` that the Admin SDKs type as strings.
  static let stringMembers = ["title", "body", "icon", "badge", "image", "lang", "tag", "dir"]

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // The fields are read through `message.webpush`: binding the configuration copies it.
    guard case .some = message.webpush else { return }
    if let link = message.webpush?.value.fcmOptions?.value.link, !isHTTPS(link.value) {
      context.emit(
        .fcmWebpushLinkNotHTTPS(link.value),
        link.source,
        path: ["webpush", "fcm_options", "link"]
      )
    }
    if let notification = message.webpush?.value.notification,
      let object = notification.value.objectValue
    {
      let pointer = context.pointer(notification.source, ["webpush", "notification"])
      checkNotification(object, pointer: pointer, in: &context)
    }
  }

  /// Whether `link` is an `https://` URL with something after the scheme.
  static func isHTTPS(_ link: String) -> Bool {
    let lowered = link.prefix(8).lowercased()
    return lowered == "https://" && link.utf8.count > 8
  }

  static func checkNotification(
    _ object: JSONObject,
    pointer: JSONPointer,
    in context: inout FCMCheckContext
  ) {
    for member in object.members {
      let memberPointer = pointer.appending(member.key)
      let path = "webpush.notification.\(member.key)"
      let value = member.value
      if value.isNull { continue }
      if stringMembers.contains(member.key) {
        guard let string = value.stringValue else {
          context.emit(
            .fcmTypeMismatch(path, expected: "a string", found: describe(value)),
            node: value, pointer: memberPointer)
          continue
        }
        if member.key == "dir", !["auto", "ltr", "rtl"].contains(string) {
          let suggestion = EditDistance.closest(to: string, among: ["auto", "ltr", "rtl"])
          context.emit(
            .fcmInvalidEnumValue(
              string, path: path, allowed: ["auto", "ltr", "rtl"], suggestion: suggestion),
            node: value, pointer: memberPointer)
        }
      } else if member.key == "timestamp", value.numberValue == nil {
        context.emit(
          .fcmTypeMismatch(path, expected: "a number of milliseconds", found: describe(value)),
          node: value, pointer: memberPointer)
      } else if member.key == "actions" {
        checkActions(value, pointer: memberPointer, in: &context)
      }
    }
  }

  static func checkActions(
    _ value: ValueNode,
    pointer: JSONPointer,
    in context: inout FCMCheckContext
  ) {
    guard let elements = value.arrayValue else {
      context.emit(
        .fcmTypeMismatch(
          "webpush.notification.actions", expected: "an array of objects", found: describe(value)),
        node: value, pointer: pointer)
      return
    }
    for (index, element) in elements.enumerated() {
      let elementPath = "webpush.notification.actions[\(index)]"
      guard let action = element.objectValue else {
        context.emit(
          .fcmTypeMismatch(elementPath, expected: "an object", found: describe(element)),
          node: element, pointer: pointer.appending(index: index))
        continue
      }
      for member in action.members
      where ["action", "title", "icon"].contains(member.key) && !member.value.isNull
        && member.value.stringValue == nil
      {
        context.emit(
          .fcmTypeMismatch(
            "\(elementPath).\(member.key)", expected: "a string", found: describe(member.value)),
          node: member.value,
          pointer: pointer.appending(index: index).appending(member.key))
      }
    }
  }

  static func describe(_ node: ValueNode) -> String {
    FCMDefinitionReader.describe(node)
  }
}
