/// HTTP/1.1 on one connection: requests with a `content-length` body (or none), answered in
/// order, kept alive unless the client says `connection: close`. Chunked request bodies are
/// answered `411 Length Required`.
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
        fail(431, "Request Header Fields Too Large")
      }
      return nil
    }
    let lines = String(decoding: input[..<headEnd], as: UTF8.self)
      .split(separator: "\r\n", omittingEmptySubsequences: false)
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
      fail(400, "Bad Request")
      return nil
    }
    var headers: [HTTPHeaderField] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else {
        fail(400, "Bad Request")
        return nil
      }
      headers.append(
        HTTPHeaderField(
          name: String(line[..<colon]),
          value: String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })))
    }
    if headers.contains(where: { $0.name == "transfer-encoding" }) {
      fail(411, "Length Required")
      return nil
    }
    let lengths = headers.filter { $0.name == "content-length" }.map(\.value)
    guard lengths.count <= 1, let length = lengths.isEmpty ? 0 : Int(lengths[0]), length >= 0
    else {
      fail(400, "Bad Request")
      return nil
    }
    let bodyStart = headEnd + 4
    let exceeds = length > ServerLimits.maximumBodyByteCount
    if exceeds {
      // Answered from the headers alone; the body is not read.
      closesAfterOutput = true
    } else if input.count - bodyStart < length {
      return nil
    }
    let connectionHeader = headers.first { $0.name == "connection" }?.value.lowercased()
    if connectionHeader == "close" || requestLine[2] == "HTTP/1.0" || isShuttingDown {
      closesAfterOutput = true
    }
    // The rules' `goaway_after_streams`: the connection closes after that many requests.
    requestCount += 1
    if let limit = context.router.rules.apns.goawayAfterStreams, requestCount >= limit {
      closesAfterOutput = true
    }
    let request = ServerRequest(
      method: String(requestLine[0]),
      path: String(requestLine[1]),
      headers: headers.filter { !Self.transportHeaders.contains($0.name) },
      body: exceeds ? [] : Array(input[bodyStart..<bodyStart + length]),
      bodyExceededLimit: exceeds,
      connectionID: context.connectionID,
      transport: context.transport,
      tokenState: context.tokenState
    )
    write(context.router.respond(to: request))
    return exceeds ? input.count : bodyStart + length
  }

  /// Headers that belong to HTTP/1.1 framing, not to the request (HTTP/2 has none of them).
  static let transportHeaders: Set<String> = [
    "host", "content-length", "connection", "keep-alive", "transfer-encoding",
  ]

  private func write(_ response: ServerResponse) {
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

  private func fail(_ status: Int, _ phrase: String) {
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
    let phrases = [
      200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
      405: "Method Not Allowed", 410: "Gone", 411: "Length Required", 413: "Payload Too Large",
      429: "Too Many Requests", 431: "Request Header Fields Too Large",
      500: "Internal Server Error", 503: "Service Unavailable",
    ]
    return phrases[status] ?? "Status"
  }
}
