#if canImport(Glibc)
import Glibc
#endif

/// Every fuzz target, by the name of its harness in `Fuzz/Harnesses/`, and libFuzzer's entry
/// points, which run the target the binary is started as.
///
/// All harnesses are linked into one binary, `pushc-fuzz`, so that the instrumented libraries
/// are compiled and linked once; `Fuzz/build.sh` links `.build/fuzz/bin/TARGET` to it, and
/// the name it is started by picks the target (or `PUSHC_FUZZ_TARGET` when it is started as
/// `pushc-fuzz`).
enum FuzzTargets {
  /// A harness: libFuzzer's input, and 0.
  typealias Harness = @Sendable (UnsafePointer<UInt8>?, Int) -> Int32

  /// The targets, by name.
  static let all: [(name: String, harness: Harness)] = [
    ("capture", fuzzCapture),
    ("compile", fuzzCompile),
    ("condition", fuzzCondition),
    ("contract", fuzzContract),
    ("data-decoder", fuzzDataDecoder),
    ("decode", fuzzDecode),
    ("fit", fuzzFit),
    ("fmt", fuzzFmt),
    ("json", fuzzJSON),
    ("lint-apns", fuzzLintAPNS),
    ("lint-fcm", fuzzLintFCM),
    ("property-list", fuzzPropertyList),
    ("serve-h2", fuzzServeH2),
    ("serve-http1", fuzzServeHTTP1),
    ("swift-print", fuzzSwiftPrint),
    ("yaml", fuzzYAML),
  ]

  /// The target chosen at start-up.
  nonisolated(unsafe) static var selected: Harness?

  /// Writes `text` to standard error.
  static func printError(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// The target named by the binary's name, or by `PUSHC_FUZZ_TARGET`; `list` prints the
  /// names and exits, anything else unknown exits with 64.
  static func select(programPath: String) {
    var name = String(programPath.split(separator: "/").last ?? "")
    if name == "pushc-fuzz" {
      name = getenv("PUSHC_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    }
    if name == "list" {
      printError(all.map { $0.name + "\n" }.joined())
      exit(0)
    }
    guard let target = all.first(where: { $0.name == name }) else {
      printError(
        "pushc-fuzz: unknown target '\(name)'; start it as .build/fuzz/bin/TARGET or set "
          + "PUSHC_FUZZ_TARGET to one of: \(all.map(\.name).joined(separator: ", "))\n")
      exit(64)
    }
    selected = target.harness
  }
}

/// libFuzzer's start-up hook: picks the target from the program's name.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  let program = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
  FuzzTargets.select(programPath: program)
  return 0
}

/// libFuzzer's entry point: runs the selected target on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let harness = FuzzTargets.selected else { return 0 }
  return harness(data, size)
}
