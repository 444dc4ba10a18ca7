/// HTTP/1.1 on one connection: requests with a `content-length` or chunked body (or none),
/// answered in order, kept alive unless the client says `connection: close`. A malformed
/// request is answered `400` (`431` for a head over the limit, `501` for a transfer coding
/// other than chunked) and the connection closed.
final class HTTP1Connection: ProtocolHandler {
  private let context: RequestContext
  private var input: [UInt8] = []
  private var output: [UInt8] = []
  private var closesAfterOutput = false
  private var isShuttingDown = false
  /// Responses held back by the rules' latency, in order.
  private var deferred = DeferredQueue<[UInt8]>(isOrdered: true)
  /// Requests received, for the rules' `goaway_after_streams`.
  private var requestCount = 0

  init(context: RequestContext) {
    self.context = context
  }

  var isFinished: Bool {
    (closesAfterOutput || (isShuttingDown && input.isEmpty)) && deferred.isEmpty
  }

  var nextDeadline: Double? { deferred.nextDeadline }

  func fireDeferred(now: Double) {
    for bytes in deferred.takeDue(now: now) { output.append(contentsOf: bytes) }
  }

  func beginShutdown() {
    isShuttingDown = true
  }

  func goAway(reason: String) {
    isShuttingDown = true
  }

  func takeOutput(into output: inout [UInt8]) -> Bool {
    output.append(contentsOf: self.output)
    self.output.removeAll(keepingCapacity: true)
    return true
  }

  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard !closesAfterOutput else { return true }
    input.append(contentsOf: bytes)
    // Bounded: each round consumes one whole request from the input or stops.
    for _ in 0..<1024 {
      guard !closesAfterOutput, let consumed = parseRequest() else { break }
      input.removeFirst(consumed)
    }
    return true
  }

  /// Parses and answers the request at the start of the input; the bytes it took, or `nil`
  /// when it is not complete yet (or the connection is closing).
  private func parseRequest() -> Int? {
    guard let headEnd = Self.find([13, 10, 13, 10], in: input) else {
      if input.count > ServerLimits.maximumHTTP1HeadByteCount {
        fail(431)
      }
      return nil
    }
    let lines = String(decoding: input[..<headEnd], as: UTF8.self)
      .split(separator: "\r\n", omittingEmptySubsequences: false)
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
      fail(400)
      return nil
    }
    var headers: [HTTPHeaderField] = []
    for line in lines.dropFirst() {
      // A field name is a token: not empty, no whitespace (RFC 9112 §5.1; this also
      // rejects obsolete line folding).
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
      else {
        fail(400)
        return nil
      }
      let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      var value = line[line.index(after: colon)...].drop(while: isBlank)
      while let last = value.last, isBlank(last) { value = value.dropLast() }
      headers.append(HTTPHeaderField(name: String(line[..<colon]), value: String(value)))
    }
    let lengths = headers.filter { $0.name == "content-length" }.map(\.value)
    let codings = headers.filter { $0.name == "transfer-encoding" }.map { $0.value.lowercased() }
    let bodyStart = headEnd + 4
    let body: [UInt8]
    let exceeds: Bool
    var consumed: Int
    if !codings.isEmpty {
      // RFC 9112 §6.1: a content-length beside it could smuggle a request; only chunked is
      // a coding the server reads.
      guard lengths.isEmpty else {
        fail(400)
        return nil
      }
      guard codings == ["chunked"] else {
        fail(501)
        return nil
      }
      switch ChunkedBodyDecoder().decode(input, from: bodyStart) {
      case .complete(let decoded, let end):
        (body, exceeds, consumed) = (decoded, false, end)
      case .incomplete:
        return nil
      case .tooLarge:
        // Answered now; the rest of the body is not read.
        (body, exceeds, consumed) = ([], true, input.count)
        closesAfterOutput = true
      case .malformed:
        fail(400)
        return nil
      }
    } else {
      guard lengths.count <= 1, let length = lengths.isEmpty ? 0 : Self.decimal(lengths[0])
      else {
        fail(400)
        return nil
      }
      exceeds = length > ServerLimits.maximumBodyByteCount
      if exceeds {
        // Answered from the headers alone; the body is not read.
        closesAfterOutput = true
        (body, consumed) = ([], input.count)
      } else {
        guard input.count - bodyStart >= length else { return nil }
        (body, consumed) = (Array(input[bodyStart..<bodyStart + length]), bodyStart + length)
      }
    }
    let connectionHeader = headers.first { $0.name == "connection" }?.value.lowercased()
    if connectionHeader == "close" || requestLine[2] == "HTTP/1.0" || isShuttingDown {
      closesAfterOutput = true
    }
    // The rules' `goaway_after_streams`: the connection closes after that many requests.
    requestCount += 1
    if let limit = context.router.rules.goawayAfterStreams, requestCount >= limit {
      closesAfterOutput = true
    }
    let request = ServerRequest(
      method: String(requestLine[0]),
      path: String(requestLine[1]),
      headers: headers.filter { !Self.transportHeaders.contains($0.name) },
      body: body,
      bodyExceededLimit: exceeds,
      connectionID: context.connectionID,
      transport: context.transport,
      tokenState: context.tokenState,
      clientCertificate: context.clientCertificate)
    write(context.router.respond(to: request))
    return consumed
  }

  /// A `content-length` value: decimal digits only (no sign, no spaces inside), at most 18.
  private static func decimal(_ text: String) -> Int? {
    let digits = text.utf8
    guard !digits.isEmpty, digits.count <= 18,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int(text)
  }

  /// Headers that belong to HTTP/1.1 framing, not to the request (HTTP/2 has none of them).
  static let transportHeaders: Set<String> = [
    "host", "content-length", "connection", "keep-alive", "transfer-encoding",
  ]

  private func write(_ response: ServerResponse) {
    if response.goAwayReason != nil { closesAfterOutput = true }
    var head = "HTTP/1.1 \(response.status) \(Self.phrase(response.status))\r\n"
    for field in response.headers { head += "\(field.name): \(field.value)\r\n" }
    head += "content-length: \(response.body.count)\r\n"
    if closesAfterOutput { head += "connection: close\r\n" }
    head += "\r\n"
    let bytes = Array(head.utf8) + response.body
    if response.delay > 0 || !deferred.isEmpty {
      deferred.append(bytes, due: ServerClock.monotonic() + response.delay)
    } else {
      output.append(contentsOf: bytes)
    }
  }

  /// Answers `status` with no body and closes the connection after it.
  private func fail(_ status: Int) {
    closesAfterOutput = true
    write(ServerResponse(status: status, headers: [], body: []))
  }

  /// The first index of `pattern` in `bytes`.
  private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    for index in 0...(bytes.count - pattern.count)
    where bytes[index] == pattern[0] && Array(bytes[index..<index + pattern.count]) == pattern {
      return index
    }
    return nil
  }

  /// The reason phrase of `status`.
  static func phrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 410: "Gone"
    case 411: "Length Required"
    case 413: "Payload Too Large"
    case 415: "Unsupported Media Type"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
