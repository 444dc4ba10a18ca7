// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  // The name users write as `package:` is the checkout's folder (or the last component of the
  // repository URL), `pushc`; the manifest says the same, see README.md.
  name: "pushc",
  products: [
    .library(name: "PushDiagnostics", targets: ["PushDiagnostics"]),
    .library(name: "PushJSON", targets: ["PushJSON"]),
    .library(name: "PushPayload", targets: ["PushPayload"]),
    .library(name: "PushReceiving", targets: ["PushReceiving"]),
    .library(name: "PushReceivingCore", targets: ["PushReceivingCore"]),
    .library(name: "PushYAML", targets: ["PushYAML"]),
    .library(name: "PushServer", targets: ["PushServer"]),
    .executable(name: "pushc", targets: ["pushc"]),
  ],
  targets: [
    // MARK: - C libraries

    // libyaml from the system (Debian: libyaml-dev), located through pkg-config.
    // Only PushYAML imports it, so apps can embed PushPayload without any C dependency.
    .systemLibrary(
      name: "CLibYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),

    // The headers of libnghttp2 and OpenSSL 3 from the system (Debian: libnghttp2-dev,
    // libssl-dev), behind PushServer only. Neither library is linked: CPushServerShim opens
    // them when a server is made (CPushServerShim.c), so that no other command pays for
    // loading them, or needs them installed. No pkg-config either: its flags link them.
    .systemLibrary(name: "CNGHTTP2"),
    .systemLibrary(name: "COpenSSL"),
    // Our C shim: the OpenSSL macros Swift cannot call, and the loading of both libraries.
    .target(name: "CPushServerShim", dependencies: ["COpenSSL"]),

    // MARK: - Libraries, from the bottom layer up

    // Source positions, diagnostics and their renderers; knows nothing about push payloads.
    .target(name: "PushDiagnostics"),

    // The value tree, the JSON reader and the canonical writer, with the JSON diagnostics;
    // knows nothing about push payloads either.
    .target(
      name: "PushJSON",
      dependencies: ["PushDiagnostics"],
      // Floating-point rounding lives in libm, which Linux does not link implicitly.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),

    // The C-free, Foundation-free core a sender embeds: models, readers, checks, lowering,
    // encoding and fitting.
    .target(
      name: "PushPayload",
      dependencies: ["PushJSON", "PushDiagnostics"],
      // Floating-point rounding lives in libm, which Linux does not link implicitly.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),

    // The receiving side without Foundation, for tools and servers: capture readers, contracts,
    // the received-push decoder and payload diffs. The pushc binary links only this, so that
    // its start-up does not load Foundation and ICU.
    .target(
      name: "PushReceivingCore", dependencies: ["PushPayload", "PushJSON", "PushDiagnostics"]),

    // The receiving side an app embeds: all of PushReceivingCore (re-exported) and the parts
    // that need Foundation, `userInfo` decoding and the Codable coders for FCM data maps. The
    // only library that imports Foundation.
    .target(
      name: "PushReceiving",
      dependencies: ["PushReceivingCore", "PushPayload", "PushJSON", "PushDiagnostics"]),

    // The YAML front end: turns YAML into the same value tree as the JSON reader.
    .target(name: "PushYAML", dependencies: ["PushJSON", "PushDiagnostics", "CLibYAML"]),

    // `pushc serve`: a local APNs endpoint on one port (h2 over TLS, h2c, HTTP/1.1) that checks
    // every request with PushPayload's rules, answers like Apple and records what it received.
    .target(
      name: "PushServer",
      dependencies: [
        "PushPayload", "PushJSON", "PushDiagnostics", "CNGHTTP2", "COpenSSL", "CPushServerShim",
      ]
    ),

    // MARK: - Tools

    // The command line: parses arguments, reads and writes files, renders what the libraries
    // return.
    .executableTarget(
      name: "pushc",
      dependencies: [
        "PushPayload", "PushReceivingCore", "PushJSON", "PushDiagnostics", "PushYAML",
        "PushServer",
      ]
    ),

    // Measures pushc against the Firebase Admin Python SDK (interleaved whole processes),
    // instructions per message under callgrind, peak memory, and the hot paths in process;
    // see Benchmarks/README.md.
    .executableTarget(
      name: "pushc-bench",
      dependencies: ["PushPayload", "PushJSON", "PushDiagnostics"],
      path: "Benchmarks/pushc-bench"
    ),

    // MARK: - Tests

    // Shared expectations; a regular target so every test target can use it. Not a product.
    .target(
      name: "_PushPayloadTestSupport",
      dependencies: ["PushPayload", "PushDiagnostics"]
    ),
    .testTarget(
      name: "PushDiagnosticsTests",
      dependencies: ["PushDiagnostics", "_PushPayloadTestSupport"]
    ),
    .testTarget(
      name: "PushJSONTests",
      dependencies: ["PushJSON", "PushDiagnostics", "_PushPayloadTestSupport"]
    ),
    .testTarget(
      name: "PushPayloadTests",
      dependencies: ["PushPayload", "PushJSON", "PushDiagnostics", "_PushPayloadTestSupport"]
    ),
    .testTarget(
      name: "PushReceivingTests",
      dependencies: [
        "PushReceiving", "PushReceivingCore", "PushPayload", "PushJSON", "PushDiagnostics",
        "_PushPayloadTestSupport",
      ]
    ),
    .testTarget(
      name: "PushYAMLTests",
      dependencies: ["PushYAML", "PushJSON", "PushDiagnostics", "_PushPayloadTestSupport"]
    ),
    .testTarget(
      name: "PushServerTests",
      dependencies: [
        "PushServer", "PushPayload", "PushJSON", "PushDiagnostics", "_PushPayloadTestSupport",
      ]
    ),
    .testTarget(
      name: "PushCLITests",
      dependencies: [
        "pushc", "PushPayload", "PushReceiving", "PushJSON", "PushDiagnostics",
        "_PushPayloadTestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Stricter than the Swift 6 defaults, for every Swift target.
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
