import Foundation
import Testing

@testable import pushc

/// `pushc completions bash|zsh|fish` and `pushc help --man`, run with the built binary; the
/// scripts are checked by the shells themselves when they are installed.
@Suite struct CompletionsEndToEndTests {
  /// The path of `name` on the `PATH`, if it is installed.
  static func installed(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `tool` with `arguments`, standard input from `input`.
  static func shell(_ tool: String, _ arguments: [String], input: String = "") throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = inputPipe
    try process.run()
    inputPipe.fileHandleForWriting.write(Data(input.utf8))
    try inputPipe.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Writes the script for `shell` to a temporary file and returns its path.
  static func script(_ shell: String, in directory: TemporaryDirectory) throws -> String {
    let result = try PushcProcess.run(["completions", shell])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    return try directory.write(result.output, to: "pushc.\(shell)")
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func everyCommandAndOptionIsCompleted(shell: String) throws {
    let script = try PushcProcess.run(["completions", shell]).output
    for signature in CommandRegistry.signatures {
      #expect(script.contains(signature.name), "\(shell): \(signature.name)")
      for option in signature.allOptions {
        let spelling = shell == "fish" ? "-l \(option.name)" : option.longSpelling
        #expect(script.contains(spelling), "\(shell): \(signature.name) \(option.longSpelling)")
        for choice in option.choices {
          #expect(script.contains(choice), "\(shell): \(option.longSpelling) \(choice)")
        }
      }
    }
  }

  @Test func theBashScriptParsesAndCompletes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.script("bash", in: directory)
    let bash = try #require(Self.installed("bash"))
    let syntax = try Self.shell(bash, ["-n", path])
    #expect(syntax.status == 0, "\(syntax.output)")
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let program = """
        source '\(path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _pushc
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try Self.shell(bash, ["--norc", "-c", program])
      #expect(result.status == 0, "\(result.output)")
      return result.output.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["pushc", "li"]) == ["lint"])
    #expect(try complete(["pushc", "lint", "--form"]) == ["--format"])
    #expect(
      try complete(["pushc", "lint", "--format", ""]) == [
        "text", "annotated", "json", "sarif", "github",
      ])
    #expect(try complete(["pushc", "rules", "apns-a"]) == ["apns-aps", "apns-alert"])
    #expect(try complete(["pushc", "completions", "z"]) == ["zsh"])
    #expect(try complete(["pushc", "help", "--m"]) == ["--man"])
  }

  @Test(.enabled(if: installed("zsh") != nil, "zsh is not installed; its script is not checked"))
  func theZshScriptParses() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.script("zsh", in: directory)
    let result = try Self.shell(try #require(Self.installed("zsh")), ["-n", path])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test(.enabled(if: installed("fish") != nil, "fish is not installed; its script is not checked"))
  func theFishScriptParses() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.script("fish", in: directory)
    let result = try Self.shell(try #require(Self.installed("fish")), ["--no-execute", path])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let result = try PushcProcess.run(["completions", "zhs"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("pushc: error: unknown shell 'zhs'; did you mean 'zsh'?\n"))
    let missing = try PushcProcess.run(["completions"])
    #expect(missing.status == 64)
    #expect(missing.error.hasPrefix("pushc: error: missing shell; pass bash, zsh or fish\n"))
  }

  @Test func theManPageDocumentsEveryCommandAndOption() throws {
    let result = try PushcProcess.run(["help", "--man"])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    let page = result.output
    #expect(page.hasPrefix(".TH PUSHC 1 "))
    for signature in CommandRegistry.signatures {
      #expect(page.contains(".SS \"pushc \(signature.name)\""), "\(signature.name)")
      for option in signature.allOptions {
        let spelling = ManPage.escaped(option.longSpelling)
        #expect(page.contains("\\fB\(spelling)\\fR"), "\(signature.name) \(option.longSpelling)")
      }
    }
    #expect(page.contains("\n78\n"))
    let isASCII = page.unicodeScalars.allSatisfy(\.isASCII)
    #expect(isASCII)
  }

  @Test(.enabled(if: installed("groff") != nil, "groff is not installed; the page is not checked"))
  func groffReadsTheManPageWithoutWarnings() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(try PushcProcess.run(["help", "--man"]).output, to: "pushc.1")
    let result = try Self.shell(
      try #require(Self.installed("groff")), ["-man", "-Tutf8", "-ww", "-z", path])
    #expect(result.status == 0)
    #expect(result.output.isEmpty, "\(result.output)")
  }
}
