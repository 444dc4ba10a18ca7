import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One whole-process run of a command: started with `posix_spawnp`, reaped with `wait4`, so
/// the CPU time and peak RSS are the child's own (its `rusage`), not the sum over every child.
struct ChildRun {
  /// The exit code, or 128 + the signal number when a signal ended it.
  var exitCode: Int32
  /// Seconds from just before the spawn to just after `wait4` returned.
  var wall: Double
  /// User and system CPU seconds of the child (`ru_utime`, `ru_stime`).
  var user: Double
  var system: Double
  /// The child's peak resident set size in bytes (`ru_maxrss`, which Linux gives in KiB).
  var peakRSS: Int

  var cpu: Double { user + system }

  struct LaunchError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `arguments` (the first is looked up in `PATH`) with standard input from /dev/null and
  /// standard output and error written to the given files, and waits for it.
  static func run(_ arguments: [String], stdout: String = "/dev/null", stderr: String = "/dev/null")
    throws -> ChildRun
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }

    var pid: pid_t = 0
    let start = monotonicSeconds()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw LaunchError(
        description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw LaunchError(description: "wait4 failed: \(String(cString: strerror(errno)))")
      }
    }
    let wall = monotonicSeconds() - start
    let signal = status & 0x7f
    return ChildRun(
      exitCode: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
      wall: wall,
      user: seconds(usage.ru_utime),
      system: seconds(usage.ru_stime),
      peakRSS: Int(usage.ru_maxrss) * 1024
    )
  }

  /// Runs `arguments` as ``run(_:stdout:stderr:)`` does, but as the child of a fresh
  /// `pushc-bench --measure-child` process, so that its peak RSS is its own.
  ///
  /// On Linux a child's `ru_maxrss` is at least the resident size of the process that spawned
  /// it, as it was when the child called `exec` (the kernel carries the old image's high-water
  /// mark over): measured directly from pushc-bench, a small pushc run would show
  /// pushc-bench's own hundreds of megabytes of corpora. The fresh process holds only the
  /// Swift runtime, so the figure is the child's peak or that process's size (about 10–20 MiB),
  /// whichever is larger. Times are the child's own, without the extra process's start-up.
  static func runInFreshProcess(_ arguments: [String]) throws -> ChildRun {
    let report = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "pushc-bench-measure-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      )
      .path
    defer { unlink(report) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let helper = try run([executable, "--measure-child"] + arguments, stdout: report)
    let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "")
      .split(whereSeparator: \.isWhitespace)
    guard helper.exitCode == 0, fields.count == 5, let exitCode = Int32(fields[0]),
      let wall = Double(fields[1]), let user = Double(fields[2]), let system = Double(fields[3]),
      let peakRSS = Int(fields[4])
    else {
      throw LaunchError(description: "pushc-bench --measure-child \(arguments[0]) failed")
    }
    return ChildRun(exitCode: exitCode, wall: wall, user: user, system: system, peakRSS: peakRSS)
  }

  /// The figures as `--measure-child` prints them: exit code, wall, user and system seconds,
  /// peak RSS in bytes.
  var report: String {
    "\(exitCode) \(wall) \(user) \(system) \(peakRSS)"
  }

  static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1e6
  }

  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
