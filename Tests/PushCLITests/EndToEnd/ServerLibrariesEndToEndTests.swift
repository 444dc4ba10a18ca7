import Foundation
import Testing
import _PushPayloadTestSupport

/// OpenSSL and nghttp2 are opened by `pushc serve` alone: the other commands neither load them
/// nor need them installed.
@Suite struct ServerLibrariesEndToEndTests {
  /// The libraries glibc's loader reports opening for a run of `pushc` with `arguments`
  /// (`LD_DEBUG=libs`), by file name.
  static func librariesOpened(by arguments: [String]) throws -> [String] {
    let result = try PushcProcess.run(arguments, environment: ["LD_DEBUG": "libs"])
    // "  1234:	trying file=/lib/x86_64-linux-gnu/libyaml-0.so.2", one line per file tried.
    return result.error.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "trying file=") else { return nil }
      return String(line[range.upperBound...].split(separator: "/").last ?? "")
    }
  }

  @Test(arguments: [
    ["lint", "samples/compile/kuring-notice.fcm.json"],
    ["compile", "samples/compile/kuring-notice.fcm.json"],
    ["--version"],
  ])
  func otherCommandsLoadNeitherLibrary(_ arguments: [String]) throws {
    let opened = try Self.librariesOpened(by: arguments)
    // The loader's report is there: libyaml is linked.
    #expect(opened.contains { $0.hasPrefix("libyaml") }, "\(opened)")
    let serverLibraries = ["libssl", "libcrypto", "libnghttp2"]
    #expect(
      !opened.contains { file in serverLibraries.contains { file.hasPrefix($0) } }, "\(opened)")
  }

  @Test func missingServerLibrariesAreAnErrorThatSaysWhatToInstall() throws {
    // A folder searched before the system's whose `libssl.so.3` is not a library: `lint` runs,
    // and `serve` reports it before listening.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("not a library", to: "libssl.so.3")
    let environment = ["LD_LIBRARY_PATH": folder.url.path]
    let lint = try PushcProcess.run(
      ["lint", "samples/compile/kuring-notice.fcm.json"], environment: environment)
    #expect(lint.status == 0, "\(lint)")
    let result = try PushcProcess.run(["serve", "--port", "0"], environment: environment)
    #expect(result.status == 1)
    #expect(
      result.error.hasPrefix(
        "pushc serve: error: the server needs OpenSSL 3 and nghttp2 (Debian: apt-get install "
          + "libssl3 libnghttp2-14): cannot open libssl.so.3: "),
      "\(result)")
    #expect(result.output.isEmpty)
  }
}
