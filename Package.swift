// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-push-payload",
  products: [
    .library(name: "PushPayload", targets: ["PushPayload"]),
    .library(name: "PushDiagnostics", targets: ["PushDiagnostics"]),
    .library(name: "PushYAML", targets: ["PushYAML"]),
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

    // MARK: - Libraries

    // Source positions, diagnostics and their renderers; knows nothing about push payloads.
    .target(name: "PushDiagnostics"),

    // The C-free core: value tree, JSON reader and canonical writer, models, checks, lowering,
    // decoding.
    .target(
      name: "PushPayload",
      dependencies: ["PushDiagnostics"],
      // Floating-point rounding lives in libm, which Linux does not link implicitly.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),

    // The YAML front end: turns YAML into the same value tree as the JSON reader.
    .target(name: "PushYAML", dependencies: ["PushPayload", "PushDiagnostics", "CLibYAML"]),

    // MARK: - Tools

    .executableTarget(
      name: "pushc",
      dependencies: ["PushPayload", "PushDiagnostics", "PushYAML"]
    ),

    // Measures the hot paths against baselines run side by side; see Benchmarks/README.md.
    .executableTarget(
      name: "pushc-bench",
      dependencies: ["PushPayload", "PushDiagnostics"],
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
      name: "PushPayloadTests",
      dependencies: ["PushPayload", "PushDiagnostics", "_PushPayloadTestSupport"]
    ),
    .testTarget(
      name: "PushYAMLTests",
      dependencies: ["PushYAML", "PushPayload", "PushDiagnostics", "_PushPayloadTestSupport"]
    ),
    .testTarget(
      name: "PushCLITests",
      dependencies: ["pushc", "PushPayload", "PushDiagnostics", "_PushPayloadTestSupport"]
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
