public import PushJSON

/// Renders an ``APNS/Request`` in the forms `pushc compile` offers: a request document, the bare
/// payload bytes, a Simulator `.apns` file, and a ready `curl` command.
public struct APNSRequestRenderer: Sendable {
  /// The APNs environments, each with its host.
  public enum Environment: String, Hashable, Sendable, CaseIterable {
    /// `api.sandbox.push.apple.com`, for development builds.
    case sandbox
    /// `api.push.apple.com`, for App Store, TestFlight and ad-hoc builds.
    case production

    /// The host name.
    public var host: String {
      switch self {
      case .sandbox: "api.sandbox.push.apple.com"
      case .production: "api.push.apple.com"
      }
    }
  }

  /// The key of a Simulator `.apns` file that names the app to deliver to.
  public static let simulatorTargetBundleKey = "Simulator Target Bundle"

  /// Creates a renderer.
  public init() {}

  /// The request document `{"device_token": …, "headers": {…}, "payload": {…}}`; the device
  /// token is left out when unknown.
  public func requestDocument(for request: APNS.Request) -> ValueNode {
    var members: [JSONObject.Member] = []
    if let token = request.deviceToken {
      members.append(.init(key: "device_token", value: ValueNode(.string(token.value))))
    }
    let headers = request.headers.map {
      JSONObject.Member(key: $0.name, value: ValueNode(.string($0.value)))
    }
    members.append(.init(key: "headers", value: ValueNode(.object(JSONObject(headers)))))
    members.append(.init(key: "payload", value: request.payload))
    return ValueNode(.object(JSONObject(members)))
  }

  /// Appends ``requestDocument(for:)`` as compact canonical JSON to `output`, the bytes
  /// `CanonicalJSONWriter(style: .compact)` writes for it, with the payload copied from
  /// ``APNS/Request/payloadBytes`` instead of written again when the request was lowered (a
  /// raw input's bytes are the user's, so its payload tree is written).
  public func appendCompactRequestDocument(for request: APNS.Request, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    if let token = request.deviceToken {
      output.append(contentsOf: #""device_token":"#.utf8)
      CanonicalJSONWriter.writeString(token.value, into: &output)
      output.append(UInt8(ascii: ","))
    }
    output.append(contentsOf: #""headers":{"#.utf8)
    for (index, header) in request.headers.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      CanonicalJSONWriter.writeString(header.name, into: &output)
      output.append(UInt8(ascii: ":"))
      CanonicalJSONWriter.writeString(header.value, into: &output)
    }
    output.append(contentsOf: #"},"payload":"#.utf8)
    if request.isRawInput || request.payloadBytes.isEmpty {
      CanonicalJSONWriter(style: .compact).write(request.payload, into: &output)
    } else {
      output.append(contentsOf: request.payloadBytes)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// A Simulator `.apns` document: the payload plus `"Simulator Target Bundle"`.
  public func simulatorDocument(for request: APNS.Request, bundleID: String) -> ValueNode {
    var members = request.payload.objectValue?.members ?? []
    members.append(
      .init(key: Self.simulatorTargetBundleKey, value: ValueNode(.string(bundleID)))
    )
    return ValueNode(.object(JSONObject(members)))
  }

  /// A `curl` command that sends the request over HTTP/2 with every header, the exact payload
  /// bytes, and the provider token left as the shell variable `$APNS_JWT`.
  ///
  /// Without a device token the path ends in the placeholder `DEVICE_TOKEN`.
  public func curlCommand(for request: APNS.Request, environment: Environment) -> String {
    var lines = ["curl --http2 --fail-with-body"]
    for header in request.headers {
      lines.append("--header " + Self.shellQuoted("\(header.name): \(header.value)"))
    }
    lines.append("--header \"authorization: bearer $APNS_JWT\"")
    lines.append(
      "--data-binary " + Self.shellQuoted(String(decoding: request.payloadBytes, as: UTF8.self)))
    let token = request.deviceToken?.value ?? "DEVICE_TOKEN"
    lines.append(Self.shellQuoted("https://\(environment.host)/3/device/\(token)"))
    return lines.joined(separator: " \\\n  ")
  }

  /// `text` in single quotes for a POSIX shell, with embedded single quotes as `'\''`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
      + "'"
  }
}
