import Foundation

/// Sends one HTTP request with the system's `curl`, the real client the `pushc serve` tests
/// use: bounded in time (`--max-time`), loopback only, one process per request.
package enum CurlClient {
  /// What curl received.
  package struct Response: Sendable, CustomStringConvertible {
    /// The status code.
    package var status: Int
    /// The protocol of the status line: `HTTP/2`, `HTTP/1.1`.
    package var version: String
    /// The header fields, names in lower case, in order.
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: String

    /// The first header named `name` (lower case).
    package func header(_ name: String) -> String? {
      headers.first { $0.name == name }?.value
    }

    package var description: String {
      "\(version) \(status) \(headers.map { "\($0.name): \($0.value)" }) \(body)"
    }
  }

  /// Why a request gave no response.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// Whether `curl` can run here.
  package static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
  }

  /// Sends a request.
  ///
  /// - Parameters:
  ///   - url: The URL, on 127.0.0.1 or localhost.
  ///   - method: The method; `POST` when `body` is given, else `GET`.
  ///   - headers: Header lines, `name: value`, sent in order (repeated names are sent twice).
  ///   - body: The body, if any.
  ///   - options: More curl options, such as `--http2-prior-knowledge` or `--cacert <file>`.
  /// - Returns: The response.
  /// - Throws: ``Failure`` when curl exits with an error.
  package static func send(
    _ url: String,
    method: String? = nil,
    headers: [String] = [],
    body: [UInt8]? = nil,
    options: [String]
  ) throws -> Response {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-curl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let headerFile = scratch.appendingPathComponent("headers").path
    let bodyFile = scratch.appendingPathComponent("body").path
    var arguments = [
      "--silent", "--show-error", "--max-time", "10", "--connect-timeout", "5",
      "--dump-header", headerFile, "--output", bodyFile,
    ]
    arguments += options
    arguments += ["--request", method ?? (body == nil ? "GET" : "POST")]
    for header in headers { arguments += ["--header", header] }
    if let body {
      let bodyInput = scratch.appendingPathComponent("request-body")
      try Data(body).write(to: bodyInput)
      arguments += ["--data-binary", "@" + bodyInput.path]
    }
    arguments.append(url)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = arguments
    let errorPipe = Pipe()
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorText = String(
      decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "curl exited \(process.terminationStatus): \(errorText)")
    }
    let headerText = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
    // Only the last response counts (an HTTP/1.1 `100 Continue` comes first).
    let block =
      headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
    let lines = block.components(separatedBy: "\r\n")
    let statusParts = (lines.first ?? "").split(separator: " ")
    let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        line[..<colon].lowercased(),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    return Response(
      status: statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0,
      version: statusParts.first.map(String.init) ?? "",
      headers: fields,
      body: (try? String(contentsOfFile: bodyFile, encoding: .utf8)) ?? ""
    )
  }
}

/// Sends requests with nghttp (Debian's nghttp2-client), which multiplexes every URL of one
/// run as concurrent streams on one HTTP/2 connection (curl 7.88 cannot reuse a
/// prior-knowledge connection). Bounded by `--timeout`.
package enum NghttpClient {
  /// Whether `nghttp` can run here.
  package static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/nghttp")
  }

  /// POSTs `body` with `headers` to every URL over one h2c connection; the exit status.
  package static func post(_ urls: [String], headers: [String], body: [UInt8]) throws -> Int32 {
    let bodyURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushc-nghttp-\(UUID().uuidString)")
    try Data(body).write(to: bodyURL)
    defer { try? FileManager.default.removeItem(at: bodyURL) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/nghttp")
    process.arguments =
      ["--null-out", "--timeout=10", "--data=" + bodyURL.path]
      + headers.map { "--header=" + $0 } + urls
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
