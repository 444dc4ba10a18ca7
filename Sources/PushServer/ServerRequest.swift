/// One complete HTTP request, whatever protocol carried it: what endpoints answer.
struct ServerRequest {
  /// `:method` or the request line's method.
  var method: String
  /// `:path` or the request target, query included.
  var path: String
  /// The regular header fields in the order received (pseudo-headers excluded).
  var headers: [HTTPHeaderField]
  /// The body, at most ``ServerLimits/maximumBodyByteCount`` bytes.
  var body: [UInt8]
  /// Whether the body was longer than ``ServerLimits/maximumBodyByteCount``; the rest was
  /// discarded unread into memory.
  var bodyExceededLimit: Bool
  /// The connection's number, counted from 1 per server.
  var connectionID: Int
  /// The protocol of the connection.
  var transport: ServerTransport
  /// The provider token the connection uses.
  var tokenState: ConnectionTokenState
  /// The client certificate of the connection, when it presented one.
  var clientCertificate: ClientCertificate? = nil

  /// The path without its query.
  var pathWithoutQuery: Substring {
    // The `?` searched in the contiguous bytes (routing asks for this a few times a request):
    // the same index as `path.utf8.firstIndex(of:)` finds.
    let utf8 = path.utf8
    if let offset = utf8.withContiguousStorageIfAvailable({
      $0.firstIndex(of: UInt8(ascii: "?"))
    }) {
      return path[..<(offset.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? path.endIndex)]
    }
    return path[..<(utf8.firstIndex(of: UInt8(ascii: "?")) ?? path.endIndex)]
  }

  /// The query parameters, `name=value` pairs split on `&`, without percent-decoding
  /// beyond `%XX`.
  var queryItems: [(name: String, value: String)] {
    guard let question = path.firstIndex(of: "?") else { return [] }
    return path[path.index(after: question)...].split(separator: "&").map { item in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
  }

  /// The first header named `name` (lower case).
  func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }
}
