import Foundation
import Testing
import _PushPayloadTestSupport

/// Frame-level HTTP/2 cases driven by Python's `h2` (from PyPI) over h2c, or over TLS under a
/// given host name: each case opens its own connections, sends frames no ordinary client sends,
/// and prints what the server did as one JSON object.
enum H2FrameClient {
  /// Whether Python can import `h2`; under CI the tests fail without it.
  static let isAvailable = PythonProcess.canImport("h2")

  /// Runs `scenario` against the server on `port`, with `token` as a valid provider token;
  /// over TLS when `tls` gives the CA file to trust and the host name to ask for.
  static func run(
    _ scenario: String, port: Int, token: String,
    tls: (caFile: String, serverName: String)? = nil
  ) throws -> [String: Any] {
    let tlsArguments = tls.map { [$0.caFile, $0.serverName] } ?? []
    let result = try PythonProcess.run(
      ["-c", script, scenario, String(port), token, deviceToken] + tlsArguments, input: Data())
    try #require(result.status == 0, "the h2 client failed: \(result.error)")
    // The last line is the result (`shutdown` prints a line before it).
    let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
    return try #require(
      try lines.last.flatMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      },
      "the h2 client printed no JSON object")
  }

  /// The cases, one function per scenario name; `events` collects what the server sent.
  static let script = #"""
    import json, socket, ssl, sys, time
    import h2.config, h2.connection, h2.events, h2.errors
    from h2.settings import SettingCodes

    scenario, port, token, device = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    tls = (sys.argv[5], sys.argv[6]) if len(sys.argv) > 6 else None
    path = "/3/device/" + device
    body = b'{"aps":{"alert":"hi"}}'

    def headers(auth=True, extra=(), at=None):
        h = [(":method", "POST"), (":scheme", "https" if tls else "http"),
             (":authority", tls[1] if tls else "127.0.0.1"),
             (":path", at or path), ("apns-topic", "com.example.app"), ("apns-push-type", "alert")]
        if auth:
            h.append(("authorization", "bearer " + token))
        return h + list(extra)

    class Client:
        def __init__(self):
            self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            if tls:
                context = ssl.create_default_context(cafile=tls[0])
                context.set_alpn_protocols(["h2"])
                self.sock = context.wrap_socket(self.sock, server_hostname=tls[1])
            self.conn = h2.connection.H2Connection(
                h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
            self.conn.initiate_connection()
            self.flush()
            self.responses = {}   # stream id -> {"status":…, "body":…, "reset":…}
            self.settings = []    # MAX_CONCURRENT_STREAMS values the server sent, in order
            self.goaway = None
            self.closed = False

        def flush(self):
            data = self.conn.data_to_send()
            if data:
                self.sock.sendall(data)

        def pump(self, until, seconds=5):
            deadline = time.time() + seconds
            while not until() and not self.closed and time.time() < deadline:
                self.sock.settimeout(max(0.01, deadline - time.time()))
                try:
                    data = self.sock.recv(65536)
                except socket.timeout:
                    break
                except OSError:
                    data = b""
                if not data:
                    self.closed = True
                    break
                try:
                    events = self.conn.receive_data(data)
                except h2.exceptions.ProtocolError:
                    events = []
                for event in events:
                    self.handle(event)
                try:
                    self.flush()
                except OSError:
                    self.closed = True

        def handle(self, event):
            if isinstance(event, h2.events.RemoteSettingsChanged):
                changed = event.changed_settings.get(SettingCodes.MAX_CONCURRENT_STREAMS)
                if changed is not None:
                    self.settings.append(changed.new_value)
            elif isinstance(event, h2.events.ResponseReceived):
                self.responses.setdefault(event.stream_id, {})["status"] = int(
                    dict(event.headers)[":status"])
            elif isinstance(event, h2.events.DataReceived):
                r = self.responses.setdefault(event.stream_id, {})
                r["body"] = r.get("body", "") + event.data.decode()
                self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                self.responses.setdefault(event.stream_id, {})["ended"] = True
            elif isinstance(event, h2.events.StreamReset):
                self.responses.setdefault(event.stream_id, {})["reset"] = int(event.error_code)
            elif isinstance(event, h2.events.ConnectionTerminated):
                self.goaway = {"error": int(event.error_code),
                               "data": (event.additional_data or b"").decode("utf-8", "replace")}

        def request(self, auth=True, extra=(), data=body, end=True, at=None):
            stream = self.conn.get_next_available_stream_id()
            self.conn.send_headers(stream, headers(auth, extra, at), end_stream=data is None)
            if data is not None:
                self.conn.send_data(stream, data, end_stream=end)
            self.flush()
            return stream

        def answered(self, *streams):
            return lambda: all("reset" in self.responses.get(s, {})
                               or "ended" in self.responses.get(s, {}) for s in streams)

        def summary(self, streams):
            return [{k: v for k, v in self.responses.get(s, {}).items() if k != "ended"}
                    for s in streams]

    def stream_limit():
        c = Client()
        c.pump(lambda: c.settings)
        before = list(c.settings)
        first = c.request()
        c.pump(lambda: c.answered(first)() and len(c.settings) > 1)
        streams = [c.request() for _ in range(5)]
        c.pump(c.answered(*streams))
        return {"settings": before + c.settings[len(before):], "first": c.summary([first])[0],
                "concurrent": c.summary(streams)}

    def fcm_stream_limit():
        # A first request for the FCM side (here without an access token) lifts the limit.
        c = Client()
        c.pump(lambda: c.settings)
        before = list(c.settings)
        first = c.request(auth=False, at="/v1/projects/p/messages:send")
        c.pump(lambda: c.answered(first)() and len(c.settings) > 1)
        return {"settings": before + c.settings[len(before):], "first": c.summary([first])[0]}

    def burst_at_start():
        # Five requests for the FCM side at once, before the server's SETTINGS are read.
        c = Client()
        streams = [c.request(auth=False, at="/v1/projects/p/messages:send") for _ in range(5)]
        c.pump(c.answered(*streams))
        return {"settings": c.settings, "burst": c.summary(streams)}

    def exceed_limit():
        # Two streams before the server's SETTINGS (limit 1) can be acknowledged, the first
        # kept open: the second is refused, the first still answered.
        c = Client()
        first = c.request(auth=False, end=False)
        second = c.request(auth=False)
        c.pump(c.answered(second))
        c.conn.send_data(first, b"", end_stream=True)
        c.flush()
        c.pump(c.answered(first))
        return {"first": c.summary([first])[0], "second": c.summary([second])[0]}

    def duplicate_headers():
        c = Client()
        s = c.request(extra=[("apns-topic", "com.example.app")])
        c.pump(c.answered(s))
        return {"response": c.summary([s])[0]}

    def oversized_headers():
        c = Client()
        s = c.request(extra=[("x-large", "a" * 70000)])
        c.pump(lambda: c.answered(s)() or c.goaway is not None)
        return {"response": c.summary([s])[0], "goaway": c.goaway, "closed": c.closed}

    def reset_mid_body():
        c = Client()
        s = c.request(data=b'{"aps":{"al', end=False)
        c.conn.reset_stream(s, h2.errors.ErrorCodes.CANCEL)
        c.flush()
        t = c.request()
        c.pump(c.answered(t))
        return {"after": c.summary([t])[0]}

    def malformed_frame():
        c = Client()
        c.pump(lambda: c.settings)
        # A SETTINGS frame whose length is not a multiple of 6: FRAME_SIZE_ERROR.
        c.sock.sendall(b"\x00\x00\x05\x04\x00\x00\x00\x00\x00" + b"\x00" * 5)
        c.pump(lambda: c.goaway is not None)
        c.pump(lambda: False, seconds=1)
        d = Client()
        s = d.request()
        d.pump(d.answered(s))
        return {"goaway": c.goaway, "closed": c.closed, "other": d.summary([s])[0]}

    def vanish():
        # Half a body, then the socket is gone without RST_STREAM or GOAWAY.
        c = Client()
        c.request(data=b'{"aps":{"al', end=False)
        c.sock.close()
        d = Client()
        s = d.request()
        d.pump(d.answered(s))
        return {"other": d.summary([s])[0]}

    def idle():
        c = Client()
        s = c.request()
        c.pump(c.answered(s))
        c.pump(lambda: c.goaway is not None, seconds=10)
        c.pump(lambda: False, seconds=2)
        return {"response": c.summary([s])[0], "goaway": c.goaway, "closed": c.closed}

    def shutdown():
        c = Client()
        s = c.request()
        c.pump(c.answered(s))
        print(json.dumps({"ready": True}), flush=True)
        c.pump(lambda: c.goaway is not None, seconds=15)
        return {"goaway": c.goaway}

    print(json.dumps(globals()[scenario]()))
    """#
}
