import LocalizationCatalog
import Testing

@testable import CodeSync

/// Where the Info.plist strings Xcode generates from build settings are placed: at the setting that gives them
/// (Fuzz/findings/pbxproj-read/setting-location-columns-in-bytes.pbxproj, generated-setting-location.pbxproj).
@Suite("Generated Info.plist strings: placed at their setting")
struct SettingLocationTests {
    /// The generated strings of each target of `text` read as `App.xcodeproj/project.pbxproj`, by key.
    func locations(_ text: String) throws -> [String: FileLocation] {
        let path = "App.xcodeproj/project.pbxproj"
        let project = try XcodeProject(path: path, text: text)
        var result: [String: FileLocation] = [:]
        for target in project.targets {
            for found in BuildSettings.generatedInfoPlistStrings(
                target.settings, fromFile: [], projectFile: path, settingLocations: target.settingLocations)
            {
                result[found.key] = found.location
            }
        }
        return result
    }

    @Test("the column counts Unicode scalars, not bytes (a comment of 49 é before the setting)")
    func columnsInScalars() throws {
        let comment = String(repeating: "é", count: 49)
        let settings =
            "GENERATE_INFOPLIST_FILE = YES; /* \(comment) */ INFOPLIST_KEY_NSCameraUsageDescription = \"Scan\"; "
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tT1 = {isa = PBXNativeTarget; name = App; buildConfigurationList = L1; buildPhases = (); };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
            \t\tC1 = {isa = XCBuildConfiguration; name = Debug; buildSettings = { \(settings)}; };
            \t};
            }

            """
        let found = try locations(text)
        let path = "App.xcodeproj/project.pbxproj"
        #expect(found["NSCameraUsageDescription"] == FileLocation(path: path, line: 6, column: 156))
        // The product name is the target's name: placed at the target's `name`.
        #expect(found["CFBundleName"] == FileLocation(path: path, line: 4, column: 32))
    }
}
