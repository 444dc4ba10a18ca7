import PushDiagnostics

/// Image URLs must be absolute `http` or `https` URLs with a host.
///
/// The devices download the image themselves, so anything else shows no image. The Go Admin
/// SDK rejects strings that are not request URIs and the Node SDK requires http(s); the Python
/// and Java SDKs check nothing. pushc follows Node.
///
/// Emits: see ``descriptor``.
enum FCMImageURLRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-image-url"),
    domain: .fcm,
    defaultSeverity: .error,
    summary: "image URLs are absolute http or https URLs with a host",
    source: RuleDescriptor.Source.adminSDK,
    emits: [.fcmInvalidImageURL]
  )

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // Each URL is tested for presence (`if case .some` copies nothing) before it is read.
    if case .some = message.notification?.value.image {
      check(message.notification?.value.image, path: ["notification", "image"], in: &context)
    }
    if case .some = message.android?.value.notification?.value.image {
      check(
        message.android?.value.notification?.value.image,
        path: ["android", "notification", "image"],
        in: &context)
    }
    if message.withAPNS({ $0.pointee.fcmOptions?.value.image.isSome ?? false }) == true {
      check(
        message.apns?.value.fcmOptions?.value.image,
        path: ["apns", "fcm_options", "image"],
        in: &context)
    }
  }

  static func check(_ url: Located<String>?, path: [String], in context: inout FCMCheckContext) {
    guard let url, let problem = problem(with: url.value) else { return }
    context.emit(
      .fcmInvalidImageURL(url.value, path: path.joined(separator: "."), problem: problem),
      url.source,
      path: path
    )
  }

  /// What is wrong with `url` as an image URL, or `nil` when it is fine.
  static func problem(with url: String) -> String? {
    if url.isEmpty { return "the URL is empty" }
    if let bad = url.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
      return bad == " " ? "it contains a space; write it as %20" : "it contains a control character"
    }
    guard let colon = url.firstIndex(of: ":") else {
      return "it is not an absolute URL; start it with https://"
    }
    let scheme = url[..<colon].lowercased()
    guard scheme == "https" || scheme == "http" else {
      return "the scheme is '\(url[..<colon])'; devices download images over https (or http)"
    }
    let rest = url[url.index(after: colon)...]
    guard rest.hasPrefix("//") else { return "expected '//' after '\(url[..<colon]):'" }
    let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    var host = Substring(hostAndPort)
    if host.hasPrefix("[") {
      guard let end = host.firstIndex(of: "]") else { return "the IPv6 host is not closed" }
      host = host[...end]
    } else if let portColon = host.lastIndex(of: ":") {
      let port = host[host.index(after: portColon)...]
      guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return "the port '\(port)' is not a number"
      }
      host = host[..<portColon]
    }
    guard !host.isEmpty else { return "the URL has no host" }
    return nil
  }
}
