import PushDiagnostics
public import PushJSON
import PushPayload

extension DecodedPush {
  /// The decoded push as the JSON document `pushc decode --format json` writes:
  ///
  /// ```json
  /// {
  ///   "kind": "notice",
  ///   "fields": {"id": 76473, "articleId": "5389", …},
  ///   "aps": {"alert": {"title": "…", "body": "…"}, "mutable-content": 1},
  ///   "fcm": {"message_id": "…", "sender_id": "…", "fid": "…", "analytics_enabled": true,
  ///           "image": null, "other": {…}},
  ///   "data": {"title": "…", …},
  ///   "diagnostics": […]
  /// }
  /// ```
  ///
  /// Every key is always present; unknown values are `null`. `fields` holds typed values,
  /// `aps` the typed model written back with its wire keys, `data` the app keys the contract
  /// does not use as received, and `diagnostics` the shape of ``DiagnosticJSONRenderer``.
  public var jsonDocument: ValueNode {
    func member(_ key: String, _ value: ValueNode) -> JSONObject.Member {
      JSONObject.Member(key: key, value: value)
    }
    func string(_ value: String?) -> ValueNode {
      value.map { ValueNode(.string($0)) } ?? ValueNode(.null)
    }
    let fcmNode = ValueNode(
      .object(
        JSONObject([
          member("message_id", string(fcm.messageID)),
          member("sender_id", string(fcm.senderID)),
          member("fid", string(fcm.installationID)),
          member(
            "analytics_enabled",
            fcm.analyticsEnabled.map { ValueNode(.bool($0)) } ?? ValueNode(.null)),
          member("image", string(fcm.image)),
          member(
            "other",
            ValueNode(
              .object(JSONObject(fcm.other.members.map { member($0.key, $0.value.withoutSpans) })))),
        ])
      )
    )
    let diagnosticsNode =
      DiagnosticJSONRenderer().document(for: diagnostics)[JSONPointer(tokens: ["diagnostics"])]
      ?? ValueNode(.array([]))
    return ValueNode(
      .object(
        JSONObject([
          member("kind", string(kind)),
          member("fields", ValueNode(.object(fields))),
          member("aps", aps?.valueNode ?? ValueNode(.null)),
          member("fcm", fcmNode),
          member("data", ValueNode(.object(data))),
          member("diagnostics", diagnosticsNode),
        ])
      )
    )
  }

  /// The text of ``jsonDocument``, pretty-printed and ending in a newline.
  public var jsonText: String {
    CanonicalJSONWriter(style: .pretty).string(for: jsonDocument) + "\n"
  }

  /// A short human summary of what arrived, what FCM added and whether the app parses it:
  ///
  /// ```
  /// kind: notice ('type' is 'notice'; contract 'kuring')
  /// fields:
  ///   id: 76473
  ///   articleId: "5389"
  /// aps: alert title "[학생] 새로운 공지가 왔어요!", body "기숙사 입사 안내"; mutable-content 1
  /// fcm: message 1700000000000001, sender 123456789012, fid abcDEF, analytics on
  /// data: title, body
  /// result: decodes
  /// ```
  public var summary: String {
    let writer = CanonicalJSONWriter(style: .compact)
    var lines: [String] = []
    switch kind {
    case nil:
      lines.append("kind: none (contract '\(contractName)')")
    case let kind?:
      let because = discriminatorValue.map { "discriminator '\($0)'; " } ?? "no discriminator; "
      lines.append("kind: \(kind) (\(because)contract '\(contractName)')")
    }
    if !fields.isEmpty {
      lines.append("fields:")
      for field in fields.members {
        lines.append("  \(field.key): \(writer.string(for: field.value))")
      }
    }
    if let aps {
      lines.append("aps: " + Self.summary(of: aps, writer: writer))
    } else {
      lines.append("aps: none")
    }
    if fcm.isEmpty {
      lines.append("fcm: none (not sent through FCM)")
    } else {
      var parts: [String] = []
      if let id = fcm.messageID { parts.append("message \(id)") }
      if let sender = fcm.senderID { parts.append("sender \(sender)") }
      if let fid = fcm.installationID { parts.append("fid \(fid)") }
      if let enabled = fcm.analyticsEnabled { parts.append("analytics \(enabled ? "on" : "off")") }
      if let image = fcm.image { parts.append("image \(image)") }
      if !fcm.other.isEmpty { parts.append("other: " + fcm.other.keys.joined(separator: ", ")) }
      lines.append("fcm: " + parts.joined(separator: ", "))
    }
    lines.append("data: " + (data.isEmpty ? "none" : data.keys.joined(separator: ", ")))
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    var result = decodes ? "result: decodes" : "result: does not decode"
    if errors + warnings > 0 {
      result +=
        " (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))"
    }
    lines.append(result)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func summary(of aps: APNS.APS, writer: CanonicalJSONWriter) -> String {
    var parts: [String] = []
    switch aps.alert {
    case .string(let body)?:
      parts.append("alert \(writer.string(for: ValueNode(.string(body))))")
    case .dictionary(let alert)?:
      var texts: [String] = []
      if let title = alert.title { texts.append("title \(writer.string(for: title.valueNode))") }
      if let subtitle = alert.subtitle {
        texts.append("subtitle \(writer.string(for: ValueNode(.string(subtitle))))")
      }
      if let body = alert.body { texts.append("body \(writer.string(for: body.valueNode))") }
      if let key = alert.locKey { texts.append("loc-key \(key)") }
      parts.append("alert " + (texts.isEmpty ? "{}" : texts.joined(separator: ", ")))
    case nil:
      break
    }
    for member in aps.valueNode.objectValue?.members ?? [] where member.key != "alert" {
      parts.append("\(member.key) \(writer.string(for: member.value))")
    }
    return parts.isEmpty ? "{}" : parts.joined(separator: "; ")
  }
}
