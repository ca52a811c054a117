import CodeExtraction
import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CodeSync

/// What a target's build settings change in a sync: `os(…)` by the target's platforms, Info.plist values with
/// settings expanded, and the Info.plist keys Xcode generates (`Fixtures/code/sync/build-settings/`).
@Suite("sync: build settings of Xcode targets")
struct BuildSettingsTests {
    static let fixture = "code/sync/build-settings"
    static let catalogs = [
        "App/InfoPlist.xcstrings", "App/Localizable.xcstrings", "Watch/InfoPlist.xcstrings",
        "Watch/Localizable.xcstrings",
    ]

    @Test("each catalog gets what its target's platforms and Debug settings say")
    func project() throws {
        let folder = try ProjectFolder()
        let source = Fixtures.url("\(Self.fixture)/project")
        for file in Fixtures.files(below: "\(Self.fixture)/project") {
            try folder.write(
                String(decoding: try Data(contentsOf: source.appendingPathComponent(file)), as: UTF8.self), to: file)
        }
        var diagnostics = Diagnostics()
        let workflow = SyncWorkflow()
        let plan = try workflow.plan(root: folder.path, diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        // Generated keys are at their setting in the project file.
        let messages = plan.changed.flatMap(SyncWorkflow.checkDiagnostics).map {
            $0.description.replacingOccurrences(of: folder.path + "/", with: "")
        }
        #expect(
            messages.contains { $0.hasPrefix("Birds.xcodeproj/project.pbxproj:29:5: error: \"CFBundleDisplayName\"") })
        try workflow.write(plan)
        for catalog in Self.catalogs {
            let difference = Fixtures.compareGolden(
                Array(try folder.read(catalog).utf8), "\(Self.fixture)/expected/\(catalog)")
            #expect(difference == nil, "\(catalog): \(difference ?? "")")
        }
    }

    @Test("a setting that refers to itself many times expands in bounded time and size")
    func selfReferenceIsBounded() {
        // Eight references to itself, eight levels deep, would be 8^8 copies of "x" (16.7 MB) and as many lookups:
        // the expansion stops at InputLimits.settingExpansionBytes and keeps the rest as written.
        let settings = ["A": String(repeating: "$(A)", count: 8) + "x"]
        let expanded = BuildSettings.expand("$(A)", settings)
        #expect(expanded.utf8.count < 4 * (1 << 16))
        #expect(expanded.contains("$(A)"))
    }

    @Test("settings are expanded recursively; unknown settings and operators stay as written")
    func expansion() {
        let settings = ["PRODUCT_NAME": "$(TARGET_NAME)", "TARGET_NAME": "Birds"]
        #expect(
            BuildSettings.expand("© ${PRODUCT_NAME} $(OTHER) $(PRODUCT_NAME:rfc1034identifier) $", settings)
                == "© Birds $(OTHER) $(PRODUCT_NAME:rfc1034identifier) $")
    }

    @Test("platforms from SUPPORTED_PLATFORMS, else SDKROOT; unknown for auto or an unknown SDK")
    func platforms() {
        #expect(
            BuildSettings.platforms(["SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros", "SDKROOT": "auto"])
                == ["iOS", "macOS", "visionOS"])
        #expect(BuildSettings.platforms(["SDKROOT": "watchos"]) == ["watchOS"])
        #expect(BuildSettings.platforms(["SDKROOT": "appletvos"]) == ["tvOS"])
        #expect(BuildSettings.platforms(["SDKROOT": "auto"]) == nil)
        #expect(BuildSettings.platforms(["SDKROOT": "driverkit"]) == nil)
        #expect(BuildSettings.platforms([:]) == nil)
    }
}
