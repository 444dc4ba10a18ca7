import PushJSON

// Short constructors for the JSON documents the server writes (records, control answers).
extension ValueNode {
  /// A string value.
  static func text(_ string: String) -> ValueNode {
    ValueNode(.string(string))
  }

  /// An integer value.
  static func integer(_ value: Int) -> ValueNode {
    ValueNode(.number(JSONNumber(value)))
  }

  /// An array value.
  static func list(_ elements: [ValueNode]) -> ValueNode {
    ValueNode(.array(elements))
  }

  /// An object with `members` in order.
  static func members(_ members: [(String, ValueNode)]) -> ValueNode {
    ValueNode(.object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })))
  }

  /// The `match` member of a rules fault, `{"token": …, "topic": …}`; none when both are `nil`.
  static func faultMatch(token: String?, topic: String?) -> [(String, ValueNode)] {
    var match: [(String, ValueNode)] = []
    if let token { match.append(("token", .text(token))) }
    if let topic { match.append(("topic", .text(topic))) }
    return match.isEmpty ? [] : [("match", .members(match))]
  }

  /// The compact JSON text of this value.
  var compactJSON: [UInt8] {
    CanonicalJSONWriter(style: .compact).bytes(for: self)
  }
}
