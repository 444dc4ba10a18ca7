import CPushServerShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX socket calls of the server: a non-blocking listening socket on an IPv4 address,
/// accepting, reading and writing without blocking.
enum ServerSocket {
  /// The text of the current `errno`.
  static func errorText() -> String {
    String(cString: strerror(errno))
  }

  /// A non-blocking socket listening on `host:port` (port 0 picks a free one) and the port it
  /// got.
  static func listen(host: String, port: Int) throws(PushServerError) -> (fd: Int32, port: Int) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw PushServerError("'\(host)' is not an IPv4 address")
    }
    let fd = socket(
      AF_INET,
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw PushServerError("cannot create a socket: \(errorText())") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(fd, 511) == 0 else {
      let text = errorText()
      close(fd)
      throw PushServerError("cannot listen on \(host):\(port): \(text)")
    }
    var boundAddress = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &boundAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: boundAddress.sin_port)))
  }

  /// The next pending connection, non-blocking, or `nil` when none is waiting.
  static func accept(_ listener: Int32) -> Int32? {
    let fd = pushc_accept_nonblocking(listener)
    guard fd >= 0 else { return nil }
    var yes: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }

  /// What one non-blocking `recv` gave.
  enum ReadResult {
    /// Bytes arrived.
    case bytes(Int)
    /// Nothing to read now.
    case wouldBlock
    /// The peer closed the connection or it failed.
    case closed
  }

  /// Reads into `buffer`.
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    let count = recv(fd, buffer.baseAddress, buffer.count, 0)
    if count > 0 { return .bytes(count) }
    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
      return .wouldBlock
    }
    return .closed
  }

  /// Writes as much of `bytes` from `offset` as the socket takes; the count written, or `nil`
  /// when the connection failed.
  static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int) -> Int? {
    let count = bytes.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress, offset < buffer.count else { return 0 }
      return send(fd, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
    }
    if count >= 0 { return count }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
  }
}
