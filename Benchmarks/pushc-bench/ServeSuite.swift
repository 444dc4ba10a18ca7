import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `pushc serve` under load: `h2load -c 10 -m 100` (Debian's nghttp2-client) over h2c against
/// `POST /3/device/<token>` with a valid notice payload, with full validation and the record
/// written to a file; requests per second and latency percentiles (from h2load's per-request
/// log), then the server's resident memory after every request.
///
/// With 10 × 100 streams always open, Little's law makes the mean latency 1000 / throughput
/// (50 ms at 20,000 req/s), so the latency row comes from a second run with 10 × 1 streams,
/// where it measures the server's time per request rather than the queue in front of it.
struct ServeSuite {
  var bench: Bench

  /// Seconds one h2load run may take before it is stopped.
  static let runTimeLimit = 300.0

  func run() throws {
    let h2load = "/usr/bin/h2load"
    guard FileManager.default.isExecutableFile(atPath: h2load) else {
      print("\n== serve: skipped, no \(h2load) (apt-get install nghttp2-client)")
      return
    }
    let requests = bench.options.serveRequests
    let record = bench.temporaryPath("serve-record.jsonl")
    let server = try ServerProcess(pushc: bench.pushc, record: record)
    defer { server.stop() }
    let payload = try bench.write(Self.payload, name: "serve-payload.json")
    let token = String(repeating: "ab", count: 32)
    let url = "http://127.0.0.1:\(server.port)/3/device/\(token)"
    let headers = [
      "authorization: bearer \(Self.providerToken())", "apns-topic: kr.ac.konkuk.kuring",
      "apns-push-type: alert", "apns-priority: 10",
    ]
    bench.heading(
      "pushc serve: h2load -c 10 -m 100 over h2c, \(requests) requests, full validation and "
        + "--record, one server thread")
    let rssBefore = server.residentBytes()
    let (result, cpuPerRequest) = try measure(
      server, url: url, headers: headers, payload: payload, requests: requests, logName: "h2load")
    let latencyRequests = max(1_000, requests / 10)
    print("\nh2load -c 10 -m 1, \(latencyRequests) requests (latency without a queue):")
    let latency = try H2Load.run(
      url: url, headers: headers, payload: payload, requests: latencyRequests, streams: 1,
      log: bench.temporaryPath("h2load-latency.log"))
    print(latency.report)
    let rssAfter = server.residentBytes()
    let peak = server.peakResidentBytes()
    let recorded =
      (try? Data(contentsOf: URL(fileURLWithPath: record)))
      .map { $0.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } } ?? 0
    print(
      "server RSS: \(mebibytes(rssBefore)) before, \(mebibytes(rssAfter)) after "
        + "\(recorded) recorded requests (peak \(mebibytes(peak)))")
    addThroughputRows(
      "`pushc serve`, h2load -c 10 -m 100, h2c, validation + record", result: result,
      cpuPerRequest: cpuPerRequest, isRecordRight: true)
    bench.summary.add(
      "the same run, p99 latency (1000 streams in flight)",
      figure: String(format: "%.1f ms (p50 %.1f ms)", result.p99 * 1000, result.p50 * 1000),
      target: "< 10 ms", met: result.p99 < 0.010)
    bench.summary.add(
      "`pushc serve`, h2load -c 10 -m 1 (10 streams in flight), p99 latency",
      figure: String(
        format: "%.2f ms (p50 %.2f ms, %.0f req/s)", latency.p99 * 1000, latency.p50 * 1000,
        latency.requestsPerSecond),
      target: "< 10 ms", met: latency.p99 < 0.010)
    // The connection limit: 10,000 idle connections (issue 14) against a limit of 1,024.
    let idle = IdleConnections.open(10_000, port: server.port)
    usleep(500_000)
    let refused = IdleConnections.closedByServer(idle)
    let answeredAtLimit = IdleConnections.healthAnswered(port: server.port)
    for fd in idle.prefix(200) { close(fd) }
    usleep(500_000)
    let answeredAfter = IdleConnections.healthAnswered(port: server.port)
    for fd in idle.dropFirst(200) { close(fd) }
    print(
      "\(idle.count) idle connections: \(refused) closed by the server at once; a health check "
        + "at the limit \(answeredAtLimit ? "answered" : "not answered"), after closing 200 "
        + "\(answeredAfter ? "answered" : "not answered"); server RSS \(mebibytes(server.residentBytes()))"
    )
    bench.summary.add(
      "\(idle.count) idle connections (limit 1,024): closed at once, then served again",
      figure: "\(refused) closed; health \(answeredAfter ? "answered" : "**not answered**") after",
      target: "limit, no crash", met: refused >= idle.count - 1_024 && answeredAfter)
    bench.summary.add(
      "the server's RSS after \(recorded) requests",
      figure: "\(mebibytes(rssAfter)) (peak \(mebibytes(peak)))", target: "bounded",
      met: nil)
    server.stop()
    // A fifth of the APNs count: each FCM request is checked twice (FCM, then the lowered APNs
    // request) and costs several times as much.
    try runFCM(requests: max(10_000, requests / 5))
  }

  /// The FCM side (issue 15): h2load against `messages:send` with `--fcm-auth none`, a Kuring
  /// notice to an iOS token the rules name, so every request is checked with the FCM rules,
  /// lowered to its APNs request, checked again with the APNs rules and recorded with it.
  func runFCM(requests: Int) throws {
    let record = bench.temporaryPath("serve-fcm-record.jsonl")
    let rules = try bench.write(
      Array(
        """
        tokens:
          ios-token-1: {platform: ios, apns_token: "\(String(repeating: "ab", count: 32))", \
        bundle_id: kr.ac.konkuk.kuring}

        """.utf8), name: "serve-fcm-rules.yaml")
    let server = try ServerProcess(
      pushc: bench.pushc, record: record, arguments: ["--fcm-auth", "none", "--rules", rules])
    defer { server.stop() }
    let payload = try bench.write(Self.fcmMessage, name: "serve-fcm-message.json")
    let url = "http://127.0.0.1:\(server.port)/v1/projects/pushc-local/messages:send"
    let headers = ["content-type: application/json"]
    bench.heading(
      "pushc serve, FCM: h2load -c 10 -m 100 over h2c against messages:send, \(requests) "
        + "requests, FCM and lowered APNs checks and --record, one server thread")
    let rssBefore = server.residentBytes()
    let (result, cpuPerRequest) = try measure(
      server, url: url, headers: headers, payload: payload, requests: requests,
      logName: "h2load-fcm")
    let rssAfter = server.residentBytes()
    let peak = server.peakResidentBytes()
    let lines =
      (try? String(contentsOfFile: record, encoding: .utf8))?.split(separator: "\n") ?? []
    let lowered = lines.last.map { $0.contains(#""deliveries":[{"token":"ios-token-1""#) } ?? false
    print(
      "server RSS: \(mebibytes(rssBefore)) before, \(mebibytes(rssAfter)) after \(lines.count) "
        + "recorded requests (peak \(mebibytes(peak))); the last line "
        + (lowered ? "has" : "does **not** have") + " the iOS delivery with its APNs request")
    addThroughputRows(
      "`pushc serve` FCM `messages:send`, h2load -c 10 -m 100, h2c, validation + lowering + record",
      result: result, cpuPerRequest: cpuPerRequest, isRecordRight: lowered)
    bench.summary.add(
      "the FCM server's RSS after \(lines.count) requests",
      figure: "\(mebibytes(rssAfter)) (peak \(mebibytes(peak)))", target: "bounded", met: nil)
  }

  /// The summary rows of a measured run: requests per second (met only with the record
  /// right too) and the server's CPU per request.
  func addThroughputRows(
    _ name: String, result: H2Load, cpuPerRequest: Double, isRecordRight: Bool
  ) {
    bench.summary.add(
      name, figure: String(format: "%.0f req/s", result.requestsPerSecond),
      target: "≥ 20,000 req/s", met: result.requestsPerSecond >= 20_000 && isRecordRight)
    bench.summary.add(
      "the same run, server CPU per request (user + system)",
      figure: String(
        format: "%.1f µs (%.0f req/s on one idle core)", cpuPerRequest * 1e6, 1 / cpuPerRequest),
      target: "≤ 50 µs", met: cpuPerRequest <= 50e-6)
  }

  /// A warm-up run (first connections, first allocations), then the measured `-c 10 -m 100`
  /// run of `requests`, printed with the server's CPU seconds per answered request.
  func measure(
    _ server: ServerProcess, url: String, headers: [String], payload: String, requests: Int,
    logName: String
  ) throws -> (result: H2Load, cpuPerRequest: Double) {
    _ = try H2Load.run(
      url: url, headers: headers, payload: payload, requests: min(requests, 10_000),
      streams: 100, log: bench.temporaryPath("\(logName)-warmup.log"))
    let cpuBefore = server.cpuSeconds()
    let result = try H2Load.run(
      url: url, headers: headers, payload: payload, requests: requests, streams: 100,
      log: bench.temporaryPath("\(logName).log"))
    let cpuPerRequest = (server.cpuSeconds() - cpuBefore) / Double(max(1, result.succeeded))
    print(result.report)
    print(
      String(
        format: "server CPU %.1f µs per request: %.0f req/s on one idle core",
        cpuPerRequest * 1e6, 1 / cpuPerRequest))
    return (result, cpuPerRequest)
  }

  /// A Kuring notice as an FCM HTTP v1 send request to an iOS token: notification, data and
  /// the APNs overrides the Kuring server sets.
  static let fcmMessage = Array(
    """
    {"message":{"token":"ios-token-1","notification":{"title":"[학사] 새로운 공지가 왔어요!",\
    "body":"2026학년도 1학기 수강신청 일정 안내. 자세한 사항은 첨부파일을 확인하시기 바랍니다."},\
    "data":{"type":"notice","id":"70001","articleId":"51234","postedDate":"2026-03-02",\
    "category":"bachelor","categoryKorName":"학사",\
    "baseUrl":"https://www.konkuk.ac.kr/bbs/konkuk/234/51234/artclView.do"},\
    "apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"sound":"default","badge":1,\
    "mutable-content":1,"thread-id":"bachelor"}}}}}
    """.utf8)

  /// A Kuring notice as an APNs payload: valid, about 900 bytes, mostly Korean text.
  static let payload = Array(
    """
    {"aps":{"alert":{"title":"[학사] 새로운 공지가 왔어요!","body":"2026학년도 1학기 수강신청 \
    일정 안내. 자세한 사항은 첨부파일을 확인하시기 바랍니다. 신청 기간 내에 학생포털시스템에서 \
    신청하여 주시기 바랍니다."},"sound":"default","badge":1,"mutable-content":1,\
    "thread-id":"bachelor"},"type":"notice","id":"70001","articleId":"51234",\
    "postedDate":"2026-03-02","category":"bachelor","categoryKorName":"학사",\
    "baseUrl":"https://www.konkuk.ac.kr/bbs/konkuk/234/51234/artclView.do"}
    """.utf8)

  /// A provider token of the right shape, issued now (the server runs without `--apns-key`,
  /// so the signature is not verified).
  static func providerToken() -> String {
    func part(_ json: String) -> String {
      Data(json.utf8).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
    }
    return part(#"{"alg":"ES256","kid":"ABC123DEFG"}"#) + "."
      + part(#"{"iss":"DEF123GHIJ","iat":\#(Int(Date().timeIntervalSince1970))}"#)
      + ".c2lnbmF0dXJl"
  }
}

/// A `pushc serve --port 0` child: started, its port read from the start line, stopped with
/// SIGTERM (then SIGKILL).
final class ServerProcess {
  let port: Int
  private let process = Process()

  init(pushc: String, record: String, arguments: [String] = []) throws {
    process.executableURL = URL(fileURLWithPath: pushc)
    process.arguments = ["serve", "--port", "0", "--record", record] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The start line comes at once; bounded by the pipe closing if the server fails.
    let line = String(
      decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard let colon = line.range(of: "127.0.0.1:"),
      let port = Int(line[colon.upperBound...].prefix { $0.isNumber })
    else {
      process.terminate()
      throw ChildRun.LaunchError(description: "pushc serve did not start: '\(line)'")
    }
    self.port = port
  }

  /// A line of `/proc/<pid>/status` in bytes (`VmRSS`, `VmHWM`).
  private func status(_ field: String) -> Int {
    let text =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
      ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
    return (line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
  }

  func residentBytes() -> Int { status("VmRSS") }

  /// The server's user and system CPU seconds so far (`/proc/<pid>/stat`).
  func cpuSeconds() -> Double {
    let text =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8))
      ?? ""
    // The fields after the command name in parentheses; utime and stime are the 14th and 15th.
    guard let close = text.lastIndex(of: ")") else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return 0
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
  func peakResidentBytes() -> Int { status("VmHWM") }

  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

/// One h2load run and what it printed: requests per second, the outcome counts, and the
/// latency percentiles from its per-request log.
struct H2Load {
  var requestsPerSecond: Double
  var succeeded: Int
  var failed: Int
  var p50: Double
  var p99: Double
  var maximum: Double
  var output: String

  static func run(
    url: String, headers: [String], payload: String, requests: Int, streams: Int, log: String
  ) throws -> H2Load {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/h2load")
    process.arguments =
      ["-c", "10", "-m", String(streams), "-n", String(requests), "-d", payload, "--log-file", log]
      + headers.flatMap { ["-H", $0] } + [url]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Bounded: h2load is stopped after the time limit.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + ServeSuite.runTimeLimit, execute: watchdog)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    watchdog.cancel()
    guard process.terminationStatus == 0 else {
      throw ChildRun.LaunchError(description: "h2load failed:\n\(text)")
    }
    let latencies = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
      .split(separator: "\n")
      .compactMap { line -> Double? in
        let fields = line.split(separator: "\t")
        return fields.count >= 3 ? Double(fields[2]).map { $0 / 1e6 } : nil
      }
      .sorted()
    func percentile(_ fraction: Double) -> Double {
      latencies.isEmpty
        ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
    }
    return H2Load(
      requestsPerSecond: number(after: "s, ", before: " req/s", in: text),
      succeeded: Int(number(after: "done, ", before: " succeeded", in: text)),
      failed: Int(number(after: "succeeded, ", before: " failed", in: text)),
      p50: percentile(0.50), p99: percentile(0.99), maximum: latencies.last ?? 0,
      output: text)
  }

  /// The number between `prefix` and `suffix` on the first line that has both.
  private static func number(after prefix: String, before suffix: String, in text: String)
    -> Double
  {
    for line in text.split(separator: "\n") {
      guard let end = line.range(of: suffix),
        let start = line[..<end.lowerBound].range(of: prefix, options: .backwards)
      else { continue }
      return Double(line[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces))
        ?? 0
    }
    return 0
  }

  var report: String {
    let lines = output.split(separator: "\n").filter {
      $0.hasPrefix("finished in") || $0.hasPrefix("requests:") || $0.hasPrefix("status codes:")
        || $0.hasPrefix("time for request:")
    }
    return lines.joined(separator: "\n") + "\n"
      + String(
        format: "latency p50 %.2f ms, p99 %.2f ms, max %.2f ms (h2load's per-request log)",
        p50 * 1000, p99 * 1000, maximum * 1000)
  }
}

/// Idle TCP connections held open against the server, to check its connection limit.
enum IdleConnections {
  /// Opens `count` connections to `port` that send nothing; the descriptors that connected.
  static func open(_ count: Int, port: Int) -> [Int32] {
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < rlim_t(count + 64) {
      limit.rlim_cur = min(limit.rlim_max, rlim_t(count + 64))
      setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var opened: [Int32] = []
    for _ in 0..<count {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard fd >= 0 else { break }
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else {
        close(fd)
        break
      }
      opened.append(fd)
    }
    return opened
  }

  /// How many of `fds` the server has closed (a read returns end of file at once).
  static func closedByServer(_ fds: [Int32]) -> Int {
    var closed = 0
    var byte: UInt8 = 0
    for fd in fds {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 0) > 0 && recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 { closed += 1 }
    }
    return closed
  }

  /// Whether an HTTP/1.1 health check on `port` is answered within a second.
  static func healthAnswered(port: Int) -> Bool {
    guard let fd = open(1, port: port).first else { return false }
    defer { close(fd) }
    let request = Array("GET /_pushc/health HTTP/1.1\r\nhost: x\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 256)
    guard poll(&poller, 1, 1000) > 0 else { return false }
    let count = recv(fd, &buffer, buffer.count, 0)
    return count > 0 && buffer[0..<min(count, 12)].elementsEqual("HTTP/1.1 200".utf8)
  }
}
