import Foundation
import Testing
import _PushPayloadTestSupport

/// Runs the built `pushc` binary and captures what it writes, like swift-argument-parser's
/// `AssertExecuteCommand`.
enum PushcProcess {
  /// The outcome of one run.
  struct Result: Sendable, CustomStringConvertible {
    /// Standard output, as bytes.
    var outputBytes: [UInt8]
    /// Standard error, as text.
    var error: String
    /// The exit status.
    var status: Int32

    /// Standard output, as text.
    var output: String { String(decoding: outputBytes, as: UTF8.self) }

    var description: String {
      "exit \(status)\n--- stdout\n\(output)--- stderr\n\(error)"
    }
  }

  /// The `pushc` binary next to the test bundle (`.build/<config>/pushc`).
  static func executableURL() throws -> URL {
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL {
      var folder = bundle.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent("pushc"))
        folder = folder.deletingLastPathComponent()
      }
    }
    candidates.append(RepositoryPaths.root.appendingPathComponent(".build/debug/pushc"))
    let found = candidates.first { url in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
    }
    return try #require(found, "no pushc binary in \(candidates.map(\.path))")
  }

  /// Runs `pushc` with `arguments`.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the tool's name.
  ///   - input: Standard input; `nil` gives it `/dev/null`.
  ///   - directory: The working directory; the repository root by default, so sample paths are
  ///     relative and stable in diagnostics.
  ///   - outputPath: A file that standard output is opened on instead of being captured, such as
  ///     `/dev/full`; the result's output is then empty.
  ///   - environment: Variables set for the run, over the test process's own.
  ///   - sourceLocation: Where a failure is reported.
  /// - Returns: The captured output and status.
  /// - Throws: When the binary cannot be found or started, or its scratch folder not made.
  static func run(
    _ arguments: [String],
    input: [UInt8]? = nil,
    directory: URL = RepositoryPaths.root,
    outputPath: String? = nil,
    environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    let inputURL = scratch.appendingPathComponent("stdin")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    try Data(input ?? []).write(to: inputURL)

    let process = Process()
    process.executableURL = try executableURL()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment["NO_COLOR"] = nil
    processEnvironment.merge(environment) { $1 }
    process.environment = processEnvironment
    let outputHandle = try FileHandle(
      forWritingTo: outputPath.map { URL(fileURLWithPath: $0) } ?? outputURL)
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    let inputHandle =
      input == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    process.standardInput = inputHandle
    try process.run()
    process.waitUntilExit()
    try outputHandle.close()
    try errorHandle.close()
    #expect(
      process.terminationReason == .exit,
      "pushc was killed by signal \(process.terminationStatus)",
      sourceLocation: sourceLocation
    )
    return Result(
      outputBytes: Array(try Data(contentsOf: outputURL)),
      error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
      status: process.terminationStatus
    )
  }
}
