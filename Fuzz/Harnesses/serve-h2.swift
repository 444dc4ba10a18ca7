@testable import PushServer

/// `pushc serve`'s HTTP/2 side on bytes: one cleartext (prior knowledge) connection through
/// nghttp2 and the server's callbacks, each complete stream routed and answered. Besides not
/// crashing, whatever the server writes starts with its SETTINGS frame.
func fuzzServeH2(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  guard
    let connection = HTTP2Connection(
      context: RequestContext(router: ServeFuzzSupport.router(), connectionID: 1, transport: .h2c))
  else {
    FuzzSupport.require(false, "nghttp2 could not make a session")
    return 0
  }
  let output = ServeFuzzSupport.exchange(bytes, with: connection)
  // A frame header is 9 bytes: length (3), type (1): SETTINGS is 4.
  FuzzSupport.require(
    output.isEmpty || (output.count >= 9 && output[3] == 4),
    "the server's first frame is not SETTINGS")
  return 0
}
