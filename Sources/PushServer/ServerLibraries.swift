import CPushServerShim

/// OpenSSL 3 and nghttp2, which pushc does not link: opened when the first server is made, so
/// that the commands that never serve neither load them nor need them installed.
enum ServerLibraries {
  /// Opens both libraries and points pushc's calls into them at their functions; at once when
  /// that was done before.
  ///
  /// - Throws: When a library cannot be opened or lacks a function pushc calls, saying which
  ///   and what to install.
  static func load() throws(PushServerError) {
    var reason = [CChar](repeating: 0, count: 512)
    if pushc_server_libraries_load(&reason, reason.count) != 0 { return }
    throw PushServerError(
      "the server needs OpenSSL 3 and nghttp2 (Debian: apt-get install libssl3 libnghttp2-14): "
        + String(cBuffer: reason))
  }
}
