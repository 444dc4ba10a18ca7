@testable import PushServer

/// `pushc serve`'s HTTP/1.1 side on bytes: one cleartext connection, every request it holds
/// parsed, routed (APNs, FCM, OAuth, topics, the control API) and answered. Besides not
/// crashing, whatever the server writes is HTTP/1.1 responses.
func fuzzServeHTTP1(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let connection = HTTP1Connection(
    context: RequestContext(
      router: ServeFuzzSupport.router(), connectionID: 1, transport: .http1))
  let output = ServeFuzzSupport.exchange(bytes, with: connection)
  FuzzSupport.require(
    output.isEmpty || output.starts(with: Array("HTTP/1.1 ".utf8)),
    "the answer does not start with a status line: "
      + String(decoding: output.prefix(40), as: UTF8.self))
  return 0
}
