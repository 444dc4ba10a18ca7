import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the server on loopback, for bytes no HTTP client sends
/// (malformed requests, garbage, idle connections).
final class RawConnection {
  private let fd: Int32

  /// Connects to `127.0.0.1:port`.
  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if connected != 0 { close(fd) }
    try #require(connected == 0, "cannot connect to 127.0.0.1:\(port)")
  }

  deinit {
    close(fd)
  }

  /// Writes `bytes` (ignoring a connection the server already closed).
  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Writes `bytes` over and over, without reading, until the socket takes no more for
  /// `seconds` or `limit` bytes are written; the bytes written.
  func flood(_ bytes: [UInt8], seconds: Double, limit: Int) -> Int {
    var timeout = timeval(
      tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var written = 0
    // Bounded by `limit` and by the send timeout.
    while written < limit {
      let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { break }
      written += count
    }
    return written
  }

  /// Writes `text` as UTF-8.
  func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// What the server sends until it closes the connection or `seconds` pass, and whether it
  /// closed it.
  func readUntilClosed(seconds: Double) -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let deadline = Date().addingTimeInterval(seconds)
    // Bounded by the deadline.
    while Date() < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
      guard poll(&poller, 1, remaining) > 0 else { break }
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[0..<count]
    }
    return (String(decoding: received, as: UTF8.self), false)
  }
}
