// swift-tools-version: 6.0
import PackageDescription

// A String Catalog used at run time on any platform: the StringBridgeGenerate plugin compiles
// Localizable.xcstrings at build time, StringBridgeRuntime reads the result.
let package = Package(
    name: "Greeter",
    defaultLocalization: "en",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "stringbridge", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Greeter",
            dependencies: [.product(name: "StringBridgeRuntime", package: "stringbridge")],
            plugins: [.plugin(name: "StringBridgeGenerate", package: "stringbridge")]
        )
    ]
)
