// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "stringbridge",
    platforms: [.macOS(.v13)],
    products: [
        .library(
            name: "StringBridge",
            targets: [
                "LocalizationCatalog", "XCStringsFormat", "StringsFormat", "StringsDictFormat", "XLIFFFormat",
                "LocalizationConverter",
            ]
        ),
        .executable(name: "stringbridge", targets: ["stringbridge"]),
        // For the libFuzzer targets of Fuzz/ only, which reach these modules through `@_spi(Fuzzing)`.
        .library(
            name: "StringBridgeFuzzing",
            targets: [
                "CodeExtraction", "SwiftCodeReader", "CodeSync", "CatalogChecks", "CatalogMerge", "CodeGeneration",
            ]
        ),
        // String Catalogs at run time on any platform (docs/runtime.md).
        .library(name: "StringBridgeRuntime", targets: ["StringBridgeRuntime"]),
        .executable(name: "stringbridge-generate", targets: ["stringbridge-generate"]),
        // Compiles a target's `.xcstrings` and `.lproj` tables at build time for StringBridgeRuntime.
        .plugin(name: "StringBridgeGenerate", targets: ["StringBridgeGenerate"]),
    ],
    // Tested with swift-argument-parser 1.8.2, swift-syntax 603.0.1 and FlyingFox 0.27.1 (README, "Install").
    // Package.resolved is not committed: each clone resolves these requirements anew.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.1"..<"604.0.0"),
        // The HTTP server of `stringbridge edit` (docs/editor.md): no dependencies of its own.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // C boundary: the only place libxml2 is named. Only XMLSupport imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "XMLSupport", dependencies: ["CLibXML2", "StringBridgeSupport"]),
        // Async-signal-safe removal of temporary files and created folders on SIGINT/SIGTERM/SIGHUP.
        .target(name: "CSignalCleanup"),

        // The hub: the canonical catalog model every format reads into and writes from.
        .target(
            name: "LocalizationCatalog",
            dependencies: ["StringBridgeSupport", "CLDRSupport"]
        ),

        // Format plugins: each depends on the hub, never on another format.
        .target(
            name: "XCStringsFormat",
            dependencies: ["LocalizationCatalog", "StringBridgeSupport"],
            path: "Sources/Formats/XCStrings"
        ),
        .target(
            name: "StringsFormat",
            dependencies: ["LocalizationCatalog", "PropertyListSupport", "StringBridgeSupport"],
            path: "Sources/Formats/Strings"
        ),
        .target(
            name: "XLIFFFormat",
            dependencies: ["LocalizationCatalog", "XMLSupport", "StringBridgeSupport"],
            path: "Sources/Formats/XLIFF"
        ),
        .target(
            name: "StringsDictFormat",
            dependencies: ["LocalizationCatalog", "PropertyListSupport", "XMLSupport", "StringBridgeSupport"],
            path: "Sources/Formats/StringsDict"
        ),
        // Property lists, XML and binary, for `.strings` and `.stringsdict` (package access only; not a format).
        .target(
            name: "PropertyListSupport",
            dependencies: ["LocalizationCatalog", "XMLSupport", "StringBridgeSupport"]
        ),

        // Xcode projects (package access only): `project.pbxproj` read with each object's bytes, and edited in place.
        .target(
            name: "XcodeProjectSupport",
            dependencies: ["PropertyListSupport", "LocalizationCatalog", "StringBridgeSupport"]
        ),

        // Shared machinery for every module (package access only): parallel map, lock box, UTF-8/hex/quoting helpers,
        // release timing. Depends on nothing.
        .target(name: "StringBridgeSupport"),

        // Readers of code: what Objective-C, C, Interface Builder and Info.plist files say (and the types every code
        // reader returns). The Swift reader is its own module because it alone needs swift-syntax.
        .target(name: "CodeExtraction", dependencies: ["LocalizationCatalog", "XMLSupport", "StringBridgeSupport"]),
        .target(
            name: "SwiftCodeReader",
            dependencies: [
                "CodeExtraction", "StringBridgeSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),

        // Pipeline (format registry, conversions, atomic output) and the thin CLI on top.
        .target(
            name: "LocalizationConverter",
            dependencies: [
                "LocalizationCatalog", "XCStringsFormat", "StringsFormat", "StringsDictFormat", "XLIFFFormat",
                "CSignalCleanup", "StringBridgeSupport", "XcodeProjectSupport",
            ]
        ),
        // Workflows built on the pipeline: catalogs kept in sync with code, quality checks, three-way merges.
        .target(
            name: "CodeSync",
            dependencies: [
                "LocalizationCatalog", "LocalizationConverter", "CodeExtraction", "SwiftCodeReader",
                "StringBridgeSupport", "XcodeProjectSupport",
            ]
        ),
        .target(
            name: "CatalogChecks",
            dependencies: [
                "LocalizationCatalog", "LocalizationConverter", "XCStringsFormat", "XLIFFFormat", "StringBridgeSupport",
            ]
        ),
        .target(
            name: "CatalogMerge",
            dependencies: [
                "LocalizationCatalog", "LocalizationConverter", "StringsFormat", "StringsDictFormat",
                "StringBridgeSupport",
            ]
        ),
        // `report` and the CI formats of `check` and `stats` (github, markdown, junit): one self-contained HTML page,
        // no server (docs/report.md).
        .target(
            name: "CatalogReport",
            dependencies: [
                "CatalogChecks", "LocalizationCatalog", "LocalizationConverter", "CLDRSupport", "StringBridgeSupport",
            ]
        ),
        // `edit`: the report's page served on 127.0.0.1 with editing (docs/editor.md). The CLI alone links it.
        .target(
            name: "CatalogEditorServer",
            dependencies: [
                "CatalogReport", "CatalogChecks", "LocalizationCatalog", "LocalizationConverter", "CLDRSupport",
                "StringBridgeSupport", .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .executableTarget(
            name: "stringbridge",
            dependencies: [
                "LocalizationConverter", "CodeSync", "CatalogChecks", "CatalogMerge", "StringBridgeSupport",
                "CodeGeneration", "CatalogReport", "CatalogEditorServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmarks: build with `swift build -c release --product stringbridge-bench`.
        .executableTarget(
            name: "stringbridge-bench",
            dependencies: ["LocalizationConverter"],
            path: "Benchmarks/stringbridge-bench"
        ),
        // The phases of `sync` (it alone of the benchmarks needs swift-syntax):
        // `swift build -c release --product stringbridge-sync-bench`.
        .executableTarget(
            name: "stringbridge-sync-bench",
            dependencies: [
                "CodeSync", "CodeExtraction", "SwiftCodeReader", "LocalizationConverter", "StringBridgeSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Benchmarks/stringbridge-sync-bench"
        ),

        // Tests
        .target(name: "TestSupport", dependencies: ["LocalizationCatalog"], path: "Tests/TestSupport"),
        .testTarget(name: "XMLSupportTests", dependencies: ["XMLSupport", "TestSupport"]),
        .testTarget(name: "LocalizationCatalogTests", dependencies: ["LocalizationCatalog", "TestSupport"]),
        .testTarget(
            name: "XCStringsFormatTests", dependencies: ["XCStringsFormat", "StringBridgeSupport", "TestSupport"]
        ),
        .testTarget(name: "StringsFormatTests", dependencies: ["StringsFormat", "TestSupport"]),
        .testTarget(name: "StringsDictFormatTests", dependencies: ["StringsDictFormat", "TestSupport"]),
        .testTarget(
            name: "PropertyListSupportTests",
            dependencies: ["PropertyListSupport", "LocalizationCatalog", "XMLSupport", "TestSupport"]
        ),
        .testTarget(name: "XLIFFFormatTests", dependencies: ["XLIFFFormat", "TestSupport"]),
        .testTarget(
            name: "RoundTripTests",
            dependencies: [
                "LocalizationConverter", "StringsFormat", "XCStringsFormat", "PropertyListSupport", "TestSupport",
            ]
        ),
        .testTarget(
            name: "LocalizationConverterTests",
            dependencies: ["LocalizationConverter", "XCStringsFormat", "TestSupport"]
        ),
        .testTarget(
            name: "XcodeProjectSupportTests",
            dependencies: ["XcodeProjectSupport", "LocalizationCatalog", "StringBridgeSupport", "TestSupport"]
        ),
        .testTarget(name: "StringBridgeSupportTests", dependencies: ["StringBridgeSupport", "TestSupport"]),
        .testTarget(
            name: "CodeExtractionTests", dependencies: ["CodeExtraction", "StringBridgeSupport", "TestSupport"]
        ),
        .testTarget(
            name: "SwiftCodeReaderTests",
            dependencies: [
                "SwiftCodeReader", "StringBridgeSupport", "TestSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "CodeSyncTests", dependencies: ["CodeSync", "StringBridgeSupport", "TestSupport"]),
        .testTarget(name: "CatalogChecksTests", dependencies: ["CatalogChecks", "TestSupport"]),
        .testTarget(
            name: "CatalogReportTests",
            dependencies: ["CatalogReport", "CatalogChecks", "LocalizationCatalog", "stringbridge", "TestSupport"]
        ),
        .testTarget(
            name: "CatalogEditorServerTests",
            dependencies: [
                "CatalogEditorServer", "CatalogReport", "CatalogChecks", "LocalizationCatalog", "LocalizationConverter",
                "stringbridge", "TestSupport",
            ]
        ),
        .testTarget(name: "CatalogMergeTests", dependencies: ["CatalogMerge", "stringbridge", "TestSupport"]),
        .testTarget(
            name: "StringBridgeCLITests",
            dependencies: ["stringbridge", "LocalizationConverter", "TestSupport"]
        ),

        // String Catalogs at run time (docs/runtime.md). CLDR's plural rules and Apple's language fallback, with no
        // dependencies: the hub and the runtime library share them.
        .target(name: "CLDRSupport", exclude: ["generate.py"]),
        // Loads the tables `stringbridge-generate tables` compiles; Foundation and CLDRSupport only, never a format.
        .target(name: "StringBridgeRuntime", dependencies: ["CLDRSupport"]),
        .testTarget(name: "StringBridgeRuntimeTests", dependencies: ["StringBridgeRuntime", "CLDRSupport"]),
        // Code and tables generated from catalogs (package only): the runtime's compiled tables, typed accessors.
        .target(
            name: "CodeGeneration",
            dependencies: [
                "LocalizationCatalog", "XCStringsFormat", "CLDRSupport", "StringBridgeSupport", "StringBridgeRuntime",
            ]
        ),
        // The build plugin's tool: no libxml2, no swift-syntax.
        .executableTarget(
            name: "stringbridge-generate", dependencies: ["CodeGeneration", "XCStringsFormat", "LocalizationCatalog"]
        ),
        .plugin(
            name: "StringBridgeGenerate", capability: .buildTool(), dependencies: ["stringbridge-generate"]
        ),
        // `swift build -c release --scratch-path .build-runtime-bench --product stringbridge-runtime-bench`.
        .executableTarget(
            name: "stringbridge-runtime-bench", dependencies: ["StringBridgeRuntime"],
            path: "Benchmarks/stringbridge-runtime-bench"
        ),
        .testTarget(
            name: "CodeGenerationTests",
            dependencies: [
                "CodeGeneration", "StringBridgeRuntime", "LocalizationCatalog", "XCStringsFormat",
                "stringbridge-generate", "stringbridge", "TestSupport",
            ]
        ),
    ]
)
