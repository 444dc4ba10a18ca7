public import PushDiagnostics
public import PushJSON

/// A place in a send request written in FCM's notation for `google.rpc.BadRequest` field
/// violations: snake_case field names joined by dots, map entries as `[index].key` or
/// `[index].value` (the entry's position in the map as sent), list elements as `[index]`:
/// `/message/data/count` in a body whose `data` has `count` second is `message.data[1].value`.
public enum FCMFieldPath {
  /// The string-to-string maps of the FCM v1 `Message`, by the field path of the map.
  static let mapFields: Set<[String]> = [
    ["message", "data"], ["message", "android", "data"], ["message", "apns", "headers"],
    ["message", "webpush", "headers"], ["message", "webpush", "data"],
  ]

  /// The `google.protobuf.Struct` fields, whose keys are the sender's own and keep their spelling.
  static let structFields: Set<[String]> = [
    ["message", "apns", "payload"], ["message", "webpush", "notification"],
  ]

  /// The FCM path of `pointer` in `body`; `key` names the map entry's key rather than its value.
  public static func path(of pointer: JSONPointer, in body: ValueNode, key: Bool = false) -> String
  {
    var text = ""
    var fields: [String] = []
    var node: ValueNode? = body
    for (position, token) in pointer.tokens.enumerated() {
      let isLast = position == pointer.tokens.count - 1
      if let elements = node?.arrayValue, let index = Int(token), elements.indices.contains(index) {
        text += "[\(index)]"
        node = elements[index]
        continue
      }
      let isFreeForm = fields.count >= 3 && structFields.contains(Array(fields.prefix(3)))
      let name = isFreeForm ? token : snakeCase(token)
      if mapFields.contains(fields), let object = node?.objectValue,
        let index = object.members.firstIndex(where: { $0.key == token })
      {
        text += "[\(index)]." + (isLast && key ? "key" : "value")
        node = object.members[index].value
        fields.append(name)
        continue
      }
      text += (text.isEmpty ? "" : ".") + name
      fields.append(name)
      node = node?.objectValue?[token]
    }
    return text
  }

  /// `fcmOptions` as `fcm_options`; snake_case names unchanged.
  static func snakeCase(_ name: String) -> String {
    guard name.contains(where: \.isUppercase) else { return name }
    var result = ""
    for character in name {
      if character.isUppercase {
        result += "_" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }
}
