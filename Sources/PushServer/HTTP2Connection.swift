import CNGHTTP2

/// HTTP/2 on one connection through nghttp2 in memory mode (`mem_recv`/`mem_send`): the event
/// loop feeds received bytes in and takes the frames to send out; nghttp2 handles framing,
/// flow control and HPACK, this class the streams. Every header field is kept as received, in
/// order, so repeated headers reach the APNs checks (`DuplicateHeaders`).
final class HTTP2Connection: ProtocolHandler {
  /// One request stream: what arrived, and the response body being sent. A class, so the
  /// callbacks (one per header field and per DATA frame) change it in place instead of copying
  /// it out of ``streams`` and back.
  private final class Stream {
    var method = ""
    var path = ""
    var headers: [HTTPHeaderField] = []
    var headerByteCount = 0
    var body: [UInt8] = []
    var bodyExceededLimit = false
    var responded = false
    var responseBody: [UInt8] = []
    var responseOffset = 0

    init() {
      // Most requests carry a handful of regular fields (user agent, content type and length,
      // authorization, the APNs headers): room for them without regrowing.
      headers.reserveCapacity(8)
    }
  }

  /// The client connection preface, which starts every HTTP/2 connection.
  static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

  /// Streams one connection may have open at once, as Apple allows after a valid token.
  static let maximumConcurrentStreams: UInt32 = 1000
  /// Streams a token connection may have open before its first request with a valid provider
  /// token, as Apple allows.
  static let unauthenticatedConcurrentStreams: UInt32 = 1

  private let context: RequestContext
  private var session: OpaquePointer?
  private var streams: [Int32: Stream] = [:]
  /// The stream whose header block nghttp2 is passing on, one field a callback: found without
  /// a dictionary lookup a field. Cleared with the stream.
  private var headerStream: (id: Int32, stream: Stream)?
  private var failed = false
  /// Responses held back by the rules' latency.
  private var deferred = DeferredQueue<(streamID: Int32, response: ServerResponse)>(
    isOrdered: false)
  /// Request streams begun, for the rules' `goaway_after_streams`.
  private var requestStreamCount = 0
  /// The last stream served once the rules' GOAWAY is sent; later streams are refused.
  private var goawayLastStreamID: Int32?
  /// Whether the connection advertises ``maximumConcurrentStreams`` (after a valid token, or
  /// from the start with a client certificate or under one of Google's host names).
  private var allowsAllStreams: Bool

  init?(context: RequestContext) {
    self.context = context
    // APNs starts a token connection at one stream; Google's hosts have no such start.
    allowsAllStreams = context.isCertificateAuthenticated || context.reachedGoogleHost
    var callbacks: OpaquePointer?
    guard nghttp2_session_callbacks_new(&callbacks) == 0 else { return nil }
    defer { nghttp2_session_callbacks_del(callbacks) }
    Self.install(callbacks)
    let user = Unmanaged.passUnretained(self).toOpaque()
    guard nghttp2_session_server_new(&session, callbacks, user) == 0 else { return nil }
    submitStreamLimit(
      allowsAllStreams ? Self.maximumConcurrentStreams : Self.unauthenticatedConcurrentStreams)
  }

  /// Sends SETTINGS_MAX_CONCURRENT_STREAMS `limit` (and the header list limit).
  private func submitStreamLimit(_ limit: UInt32) {
    var settings = [
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: limit),
      nghttp2_settings_entry(
        settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue),
        value: UInt32(ServerLimits.maximumHeaderListByteCount)),
    ]
    nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
  }

  deinit {
    nghttp2_session_del(session)
  }

  var isFinished: Bool {
    failed || (nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0)
  }

  func beginShutdown() {
    goAway(reason: "Shutdown")
  }

  /// Sends GOAWAY with error code NO_ERROR and `{"reason": reason}` as its debug data, as APNs
  /// does: the streams already started are answered, no new ones are accepted, and the
  /// connection closes once they are done (``isFinished``).
  func goAway(reason: String) {
    APNSReason.body(reason).withUnsafeBufferPointer { data in
      _ = nghttp2_submit_goaway(
        session, UInt8(NGHTTP2_FLAG_NONE.rawValue),
        nghttp2_session_get_last_proc_stream_id(session), NGHTTP2_NO_ERROR.rawValue,
        data.baseAddress, data.count)
    }
  }

  var nextDeadline: Double? { deferred.nextDeadline }

  func fireDeferred(now: Double) {
    for (streamID, response) in deferred.takeDue(now: now) where streams[streamID] != nil {
      send(response, streamID: streamID)
    }
  }

  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
    let result = nghttp2_session_mem_recv(
      session, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    if result < 0 { failed = true }
    return result >= 0
  }

  func takeOutput(into output: inout [UInt8]) -> Bool {
    // Bounded: nghttp2 returns 0 once nothing is queued; flow control limits DATA per round.
    for _ in 0..<100_000 {
      var data: UnsafePointer<UInt8>?
      let count = nghttp2_session_mem_send(session, &data)
      if count < 0 {
        failed = true
        return false
      }
      guard count > 0, let data else { return true }
      output.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
    }
    return true
  }

  // MARK: - Streams

  private func beginHeaders(streamID: Int32) {
    if let last = goawayLastStreamID, streamID > last {
      nghttp2_submit_rst_stream(
        session, UInt8(NGHTTP2_FLAG_NONE.rawValue), streamID, NGHTTP2_REFUSED_STREAM.rawValue)
      return
    }
    let stream = Stream()
    streams[streamID] = stream
    headerStream = (streamID, stream)
    // The rules' `goaway_after_streams`: GOAWAY naming this stream as the last one served,
    // then the connection closes once the streams up to it are answered.
    requestStreamCount += 1
    if goawayLastStreamID == nil, let limit = context.router.rules.goawayAfterStreams,
      requestStreamCount >= limit
    {
      goawayLastStreamID = streamID
      nghttp2_submit_goaway(
        session, UInt8(NGHTTP2_FLAG_NONE.rawValue), streamID, NGHTTP2_NO_ERROR.rawValue, nil, 0)
    }
  }

  /// Takes one header field; `false` when the stream's header list has grown over
  /// ``ServerLimits/maximumHeaderListByteCount`` (the stream is then reset).
  private func header(
    streamID: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let stream: Stream
    if let current = headerStream, current.id == streamID {
      stream = current.stream
    } else {
      guard let found = streams[streamID] else { return true }
      stream = found
    }
    // RFC 9113 §6.5.2: each field counts its name, its value and 32.
    stream.headerByteCount += name.count + value.count + 32
    guard stream.headerByteCount <= ServerLimits.maximumHeaderListByteCount else {
      close(streamID: streamID)
      return false
    }
    switch PseudoHeader(name) {
    case .method:
      // `POST` as a literal, as most requests send it: the same text, not decoded.
      stream.method =
        value.hasSameBytes(as: "POST") ? "POST" : String(decoding: value, as: UTF8.self)
    case .path: stream.path = String(decoding: value, as: UTF8.self)
    case .ignored: break
    case nil:
      stream.headers.append(
        HTTPHeaderField(utf8Name: name, value: String(decoding: value, as: UTF8.self)))
    }
    return true
  }

  /// The pseudo-header fields a request stream keeps or skips.
  private enum PseudoHeader {
    case method, path, ignored

    /// The pseudo-header `name` is, or `nil` for a regular field (and an unknown
    /// pseudo-header, kept as the `String` comparison of the names did). The names are
    /// ASCII, so equal bytes are equal `String`s and different bytes different ones.
    init?(_ name: UnsafeBufferPointer<UInt8>) {
      guard name.first == UInt8(ascii: ":") else { return nil }
      switch name.count {
      case 5 where name.hasSameBytes(as: ":path"): self = .path
      case 7 where name.hasSameBytes(as: ":method"): self = .method
      case 7 where name.hasSameBytes(as: ":scheme"), 10 where name.hasSameBytes(as: ":authority"):
        self = .ignored
      default: return nil
      }
    }
  }

  private func data(streamID: Int32, bytes: UnsafeBufferPointer<UInt8>) {
    guard let stream = streams[streamID], !stream.responded else { return }
    if stream.body.count + bytes.count > ServerLimits.maximumBodyByteCount {
      // Answered now, without keeping the rest of the body.
      stream.body = []
      stream.bodyExceededLimit = true
      respond(streamID: streamID)
      return
    }
    stream.body.append(contentsOf: bytes)
  }

  private func endStream(streamID: Int32) {
    guard let stream = streams[streamID], !stream.responded else { return }
    respond(streamID: streamID)
  }

  private func respond(streamID: Int32) {
    guard let stream = streams[streamID] else { return }
    stream.responded = true
    let request = ServerRequest(
      method: stream.method, path: stream.path, headers: stream.headers, body: stream.body,
      bodyExceededLimit: stream.bodyExceededLimit, connectionID: context.connectionID,
      transport: context.transport, tokenState: context.tokenState,
      clientCertificate: context.clientCertificate)
    let response = context.router.respond(to: request)
    if !allowsAllStreams
      && (context.tokenState.token != nil || FCMEndpoint.handles(request.pathWithoutQuery))
    {
      // The first request with a valid provider token lifts APNs' limit of one stream, and so
      // does the first request for the FCM side: Google's servers have no such limit.
      allowsAllStreams = true
      submitStreamLimit(Self.maximumConcurrentStreams)
    }
    stream.body = []
    stream.responseBody = response.body
    if response.delay > 0 {
      deferred.append((streamID, response), due: ServerClock.monotonic() + response.delay)
    } else {
      send(response, streamID: streamID)
    }
  }

  /// Submits `response`, then ends the connection when it carries a GOAWAY reason.
  private func send(_ response: ServerResponse, streamID: Int32) {
    submit(response, streamID: streamID)
    if let reason = response.goAwayReason { goAway(reason: reason) }
  }

  private func submit(_ response: ServerResponse, streamID: Int32) {
    // The fields (`:status`, the response's fields, `content-length`) are copied into one
    // stack buffer that nghttp2's name-value pairs point into; nghttp2 copies them before
    // `nghttp2_submit_response` returns.
    let status = String(response.status)
    let length = response.body.isEmpty ? nil : String(response.body.count)
    var capacity = ":status".utf8.count + status.utf8.count
    for field in response.headers { capacity += field.name.utf8.count + field.value.utf8.count }
    if let length { capacity += "content-length".utf8.count + length.utf8.count }
    let fieldCount = response.headers.count + (length == nil ? 1 : 2)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { storage in
      withUnsafeTemporaryAllocation(of: nghttp2_nv.self, capacity: fieldCount) { fields in
        guard let base = storage.baseAddress, let pairs = fields.baseAddress else { return }
        var used = 0
        var added = 0
        // Copies `text` after the bytes copied so far; where it starts and its length.
        func copy(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
          var text = text
          let start = base + used
          let count = text.withUTF8 { bytes in
            if let source = bytes.baseAddress { start.initialize(from: source, count: bytes.count) }
            return bytes.count
          }
          used += count
          return (start, count)
        }
        func add(_ name: String, _ value: String) {
          let (nameStart, nameCount) = copy(name)
          let (valueStart, valueCount) = copy(value)
          (pairs + added).initialize(
            to: nghttp2_nv(
              name: nameStart, value: valueStart, namelen: nameCount, valuelen: valueCount,
              flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue)))
          added += 1
        }
        add(":status", status)
        for field in response.headers { add(field.name, field.value) }
        if let length { add("content-length", length) }
        if response.body.isEmpty {
          nghttp2_submit_response(session, streamID, pairs, added, nil)
        } else {
          var provider = nghttp2_data_provider(
            source: nghttp2_data_source(ptr: nil), read_callback: Self.readBody)
          nghttp2_submit_response(session, streamID, pairs, added, &provider)
        }
      }
    }
  }

  /// Copies the next part of a response body into nghttp2's buffer.
  private func readBody(
    streamID: Int32, into buffer: UnsafeMutablePointer<UInt8>, length: Int,
    flags: UnsafeMutablePointer<UInt32>
  ) -> Int {
    guard let stream = streams[streamID] else {
      flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
      return 0
    }
    let count = min(length, stream.responseBody.count - stream.responseOffset)
    if count > 0 {
      stream.responseBody.withUnsafeBufferPointer { body in
        guard let base = body.baseAddress else { return }
        buffer.update(from: base + stream.responseOffset, count: count)
      }
    }
    stream.responseOffset += count
    if stream.responseOffset == stream.responseBody.count {
      flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
    }
    return count
  }

  private func close(streamID: Int32) {
    streams[streamID] = nil
    if headerStream?.id == streamID { headerStream = nil }
  }

  // MARK: - nghttp2 callbacks

  private static func connection(_ user: UnsafeMutableRawPointer?) -> HTTP2Connection? {
    user.map { Unmanaged<HTTP2Connection>.fromOpaque($0).takeUnretainedValue() }
  }

  private static let readBody: nghttp2_data_source_read_callback = {
    _, streamID, buffer, length, flags, _, user in
    guard let connection = HTTP2Connection.connection(user), let buffer, let flags else { return 0 }
    return connection.readBody(streamID: streamID, into: buffer, length: length, flags: flags)
  }

  private static func install(_ callbacks: OpaquePointer?) {
    nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { _, frame, user in
      guard let frame, let connection = HTTP2Connection.connection(user),
        frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue),
        frame.pointee.headers.cat == NGHTTP2_HCAT_REQUEST
      else { return 0 }
      connection.beginHeaders(streamID: frame.pointee.hd.stream_id)
      return 0
    }
    nghttp2_session_callbacks_set_on_header_callback(callbacks) {
      _, frame, name, nameCount, value, valueCount, _, user in
      guard let frame, let name, let value, let connection = HTTP2Connection.connection(user) else {
        return 0
      }
      let accepted = connection.header(
        streamID: frame.pointee.hd.stream_id,
        name: UnsafeBufferPointer(start: name, count: nameCount),
        value: UnsafeBufferPointer(start: value, count: valueCount))
      // nghttp2 resets the stream (RST_STREAM) and keeps the connection.
      return accepted ? 0 : NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue
    }
    nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) {
      _, _, streamID, data, count, user in
      guard let data, let connection = HTTP2Connection.connection(user) else { return 0 }
      connection.data(streamID: streamID, bytes: UnsafeBufferPointer(start: data, count: count))
      return 0
    }
    nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, user in
      guard let frame, let connection = HTTP2Connection.connection(user) else { return 0 }
      let type = frame.pointee.hd.type
      let endsStream = frame.pointee.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
      if endsStream
        && (type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue))
      {
        connection.endStream(streamID: frame.pointee.hd.stream_id)
      }
      return 0
    }
    nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) {
      _, streamID, _, user in
      HTTP2Connection.connection(user)?.close(streamID: streamID)
      return 0
    }
  }
}
