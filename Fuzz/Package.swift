// swift-tools-version: 6.0
// libFuzzer targets for stringbridge's readers and writers. Not part of the main package: build and run them with
// `Fuzz/run.sh` (see docs/development.md, "Fuzzing"), which passes `-sanitize=fuzzer,address` to every module so
// that the library code itself is instrumented.
import PackageDescription

let package = Package(
    name: "stringbridge-fuzz",
    dependencies: [
        .package(name: "stringbridge", path: "..")
    ],
    targets: [
        // The targets themselves, as plain functions (one per fuzz target); no libFuzzer in here.
        .target(
            name: "FuzzTargets",
            dependencies: [
                .product(name: "StringBridge", package: "stringbridge"),
                // The code readers, project files, merge, check and code generation, through `@_spi(Fuzzing)` entry points.
                .product(name: "StringBridgeFuzzing", package: "stringbridge"),
                // The runtime's table loading and formatting (`runtime-table`).
                .product(name: "StringBridgeRuntime", package: "stringbridge"),
            ]
        ),
        // One binary for all targets; `FUZZ_TARGET` chooses which one runs. Its `main` calls libFuzzer's driver.
        .executableTarget(
            name: "stringbridge-fuzz",
            dependencies: ["FuzzTargets"]
        ),
    ]
)
