/// An HTTP response an endpoint returns, written by the connection in its protocol.
struct ServerResponse {
  /// The status code.
  var status: Int
  /// Header fields besides `:status` and `content-length`.
  var headers: [HTTPHeaderField]
  /// The body; empty for none.
  var body: [UInt8]
  /// Seconds to wait before sending the response (the rules' latency); the connection serves
  /// its other streams, and the server its other connections, meanwhile.
  var delay: Double = 0
  /// An APNs reason to end the connection with after this response: HTTP/2 sends GOAWAY with
  /// `{"reason": …}`, HTTP/1.1 closes.
  var goAwayReason: String? = nil

  /// A JSON response.
  static func json(_ status: Int, _ body: [UInt8], headers: [HTTPHeaderField] = []) -> Self {
    ServerResponse(
      status: status,
      headers: headers + [HTTPHeaderField(name: "content-type", value: "application/json")],
      body: body)
  }
}
