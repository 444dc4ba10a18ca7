import Testing

@testable import PushServer

/// OpenSSL and nghttp2, opened when a server is made.
@Suite struct ServerLibrariesTests {
  @Test func everyFunctionPushcCallsIsFound() throws {
    // A name in CPushServerShim.c that either library lacks fails the whole load, naming it.
    try ServerLibraries.load()
    // Loading again finds them loaded.
    try ServerLibraries.load()
  }
}
