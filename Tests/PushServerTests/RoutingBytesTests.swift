import Testing

@testable import PushServer

/// Routing reads a request's path on its UTF-8 bytes; each byte path against the `String`
/// operation it replaces, on ASCII paths and on the non-ASCII ones it leaves to `String`.
@Suite struct RoutingBytesTests {
  static let paths = [
    "/v1/projects/p/messages:send", "/v1/projects/p/messages:send?alt=json", "/v1/", "/v1",
    "", "/", "/v1/projects/", "/v1/projects", "/v1/projects//messages:send",
    "/v1/projects/p/", "/v1/projects/p//x/", "/v1/projects/p/registrations/t/topicSubscriptions/n",
    "/iid/v1:batchAdd", "/_pushc/health", "/_pushc", "/3/device/abc",
    "/v1/projects/한/messages:send",
    "/v1/projects/ṕ/messages:send", "/v1/\u{301}projects/p", "/v1\u{301}/projects/p",
    "/v1/projects/\u{301}p/messages:send", "/v1/projects/p/\u{301}messages:send",
    "/v1/projects/p\r\n/messages:send", "/\u{37E}v1/", "/V1/projects/p", "\u{301}/v1/",
    "/v1/projects/p/messages:send/\u{301}", "/_pushc/\u{301}", "/v1/projects/p;/x",
  ]
  static let prefixes = [
    FCMEndpoint.pathPrefix, FCMEndpoint.projectsPrefix, ControlEndpoint.pathPrefix,
    FCMTopicEndpoint.instanceIDPrefix, APNSEndpoint.devicePathPrefix, "", ";", "/v1/projects/p",
  ]

  @Test(arguments: paths)
  func asciiPrefixIsHasPrefix(path: String) {
    for prefix in Self.prefixes {
      #expect(path.hasASCIIPrefix(prefix) == path.hasPrefix(prefix), "\(path) \(prefix)")
      let substring = path.dropFirst(0)
      #expect(substring.hasASCIIPrefix(prefix) == substring.hasPrefix(prefix), "\(path)")
    }
  }

  @Test(arguments: paths)
  func projectPathPartsAreTheCharacterSplit(path: String) {
    let prefix = FCMEndpoint.projectsPrefix
    let substring = path[...]
    let expected =
      substring.hasPrefix(prefix)
      ? substring.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
      : []
    let parts = FCMEndpoint.projectPathParts(substring)
    #expect(parts == expected, "\(path)")
    #expect(parts.map(\.startIndex) == expected.map(\.startIndex), "\(path)")
  }

  @Test(
    arguments: paths + [
      "/v1/projects/p/messages:send/messages:send", "/v1/projects/messages:send",
      "/v1/projects//messages:send", "/v1/projects/a/b/messages:send",
      "/v1/projects/p/messages:sen",
      "/v1/projects/p/Messages:send", "/v1/projects/한/messages:send",
      "x/v1/projects/p/messages:send",
    ])
  func sendPathProjectIsWhatThePartsRoute(path: String) {
    let parts = FCMEndpoint.projectPathParts(path[...])
    let routed = parts.count == 2 && !parts[0].isEmpty && parts[1] == "messages:send"
    let project = FCMEndpoint.sendPathProject(path[...])
    if let project {
      #expect(routed && project == parts[0], "\(path)")
    } else {
      // Non-ASCII paths are left to the parts.
      #expect(!routed || !path.utf8.allSatisfy { $0 < 0x80 }, "\(path)")
    }
  }

  @Test(arguments: paths)
  func pathWithoutQueryEndsAtTheQuestionMark(path: String) {
    let request = ServerRequest(
      method: "POST", path: path, headers: [], body: [], bodyExceededLimit: false,
      connectionID: 1, transport: .h2c, tokenState: ConnectionTokenState())
    let expected = path[..<(path.utf8.firstIndex(of: UInt8(ascii: "?")) ?? path.endIndex)]
    #expect(request.pathWithoutQuery == expected)
    #expect(request.pathWithoutQuery.endIndex == expected.endIndex)
  }

  @Test(arguments: [
    "content-type", "Content-Type", "X-ÄPNS-ID", "ÄÖ", "", "a\u{301}B", "content-length",
    "CONTENT-LENGTH", "apns-collapse-id", "apns-id", "apns-idx", "accept", "accepT", "user-agen",
  ])
  func headerFieldFromBytesIsTheDecodedOne(name: String) {
    let bytes = Array(name.utf8)
    let field = bytes.withUnsafeBufferPointer { HTTPHeaderField(utf8Name: $0, value: "v") }
    #expect(field == HTTPHeaderField(name: name, value: "v"))
    #expect(Array(field.name.utf8) == Array(HTTPHeaderField(name: name, value: "v").name.utf8))
  }
}
