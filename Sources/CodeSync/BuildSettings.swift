import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport
import SwiftCodeReader

/// What a target's build settings change in extraction: the platforms its code is compiled for, the values of
/// its Info.plist (`$(PRODUCT_NAME)` expanded) and the Info.plist keys Xcode generates from settings.
///
/// See docs/sync.md ("Build settings") for the rules and their evidence.
enum BuildSettings {
    /// `$(NAME)` and `${NAME}` replaced by the setting's value (recursively); references to settings that are not
    /// known, or with an operator (`$(NAME:rfc1034identifier)`), stay as written.
    static func expand(_ value: String, _ settings: [String: String]) -> String {
        var budget = InputLimits.settingExpansionBytes
        return expand(value, settings, depth: 0, budget: &budget)
    }

    private static func expand(_ value: String, _ settings: [String: String], depth: Int, budget: inout Int) -> String {
        guard value.contains("$"), depth < InputLimits.settingExpansionDepth, budget > 0 else { return value }
        var result = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let closing: Character = rest[afterDollar] == "(" ? ")" : "}"
            let nameStart = rest.index(after: afterDollar)
            guard let end = rest[nameStart...].firstIndex(of: closing) else {
                result += rest[dollar...]
                return result
            }
            let name = String(rest[nameStart..<end])
            budget -= rest.distance(from: dollar, to: end) + 1
            if let setting = settings[name], budget > 0 {
                let expanded = expand(setting, settings, depth: depth + 1, budget: &budget)
                budget -= expanded.utf8.count
                result += expanded
            } else {
                result += rest[dollar...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The platforms (`os(…)` names) a target is compiled for: its `SUPPORTED_PLATFORMS`, or else its `SDKROOT`;
    /// `nil` when neither says (`SDKROOT = auto` alone, or no setting).
    static func platforms(_ settings: [String: String]) -> Set<String>? {
        let names: [Substring]
        if let supported = settings["SUPPORTED_PLATFORMS"].map(expandedPlain(settings)), !supported.isEmpty {
            names = supported.split(separator: " ")
        } else if let sdk = settings["SDKROOT"].map(expandedPlain(settings)), !sdk.isEmpty, sdk != "auto" {
            names = [Substring(sdk)]
        } else {
            return nil
        }
        var result = Set<String>()
        for name in names {
            // An SDK path (`…/iPhoneOS17.0.sdk`) or name (`iphoneos17.0`), by its platform prefix.
            let sdk = ProjectWalk.name(of: String(name)).lowercased()
            guard let platform = sdkPlatforms.first(where: { sdk.hasPrefix($0.sdk) })?.platform else {
                return nil
            }
            result.insert(platform)
        }
        return result.isEmpty ? nil : result
    }

    private static func expandedPlain(_ settings: [String: String]) -> (String) -> String {
        { expand($0, settings).trimmingCharacters(in: " ") }
    }

    /// SDK names and the platform `os(…)` names them (simulators included).
    private static let sdkPlatforms: [(sdk: String, platform: String)] = [
        ("iphone", "iOS"), ("macosx", "macOS"), ("watch", "watchOS"), ("appletv", "tvOS"), ("xr", "visionOS"),
    ]

    /// The Info.plist strings Xcode generates from a target's settings when `GENERATE_INFOPLIST_FILE` is `YES`:
    /// `CFBundleName` (the product name) and every localizable key set as `INFOPLIST_KEY_<key>`, unless the
    /// target's Info.plist file says the key (`fromFile`).
    static func generatedInfoPlistStrings(
        _ settings: [String: String], fromFile: Set<String>, projectFile: String,
        settingLocations: [String: FileLocation]
    ) -> [ExtractedString] {
        guard settings["GENERATE_INFOPLIST_FILE"].map(isYes) == true else { return [] }
        var values: [(key: String, value: String, setting: String)] = []
        if let name = settings["PRODUCT_NAME"] {
            values.append(("CFBundleName", name, "PRODUCT_NAME"))
        } else if let name = settings["TARGET_NAME"] {
            values.append(("CFBundleName", name, "TARGET_NAME"))
        }
        let prefix = "INFOPLIST_KEY_"
        for (setting, value) in settings.sorted(by: { $0.key < $1.key }) where setting.hasPrefix(prefix) {
            let key = String(setting.dropFirst(prefix.count))
            if key == "CFBundleName" { values.removeAll { $0.key == key } }
            values.append((key, value, setting))
        }
        var result: [ExtractedString] = []
        for (key, value, setting) in values where !fromFile.contains(key) {
            guard let comment = InfoPlistKeys.comment(for: key) else { continue }
            result.append(
                ExtractedString(
                    key: key, value: expand(value, settings), comment: comment, table: "InfoPlist",
                    location: settingLocations[setting] ?? FileLocation(path: projectFile, line: 1, column: 1),
                    origin: .infoPlist))
        }
        return result
    }

    /// Xcode's Boolean settings: `YES` (any case).
    static func isYes(_ value: String) -> Bool {
        value.trimmingCharacters(in: " ").uppercased() == "YES"
    }

    /// Xcode's Boolean settings: `NO` (any case).
    static func isNo(_ value: String) -> Bool {
        value.trimmingCharacters(in: " ").uppercased() == "NO"
    }
}

/// What the build settings of the targets that own a catalog tell the code readers.
struct ReaderSettings: Hashable, Sendable {
    /// The platforms (`os(…)` names) the code is compiled for: those of every owning target; `nil` when one of them
    /// does not say (packages and folders never do).
    var platforms: Set<String>?
    /// `LOCALIZED_STRING_MACRO_NAMES` of the targets, less the two names always read.
    var macroNames: Set<String> = []
    /// `LOCALIZED_STRING_CODE_COMMENTS = YES` in one of the targets.
    var includesCommentedOutCode = false
    /// Which Swift key positions are read: the compiler's, as a build's sync reads them; an export reads what
    /// ``exportExtraction(_:)`` says.
    var swiftExtraction = SwiftExtraction.compiler
    /// Whether a target is built for a system older than `LocalizedStringResource` (macOS 13, iOS and tvOS 16,
    /// watchOS 9, by the deployment target of each platform it builds for): the SDK's overloads taking one are not
    /// there, and the compiler takes the `String` ones (`UndoManager.setActionName(_:)`).
    var predatesResources = false

    init() {}

    /// The first system version with `LocalizedStringResource`, by the deployment-target setting of each platform.
    static let resourceVersions: [String: (setting: String, major: Int)] = [
        "macOS": ("MACOSX_DEPLOYMENT_TARGET", 13), "iOS": ("IPHONEOS_DEPLOYMENT_TARGET", 16),
        "tvOS": ("TVOS_DEPLOYMENT_TARGET", 16), "watchOS": ("WATCHOS_DEPLOYMENT_TARGET", 9),
    ]

    /// What a localization export reads of Swift code built by `builds` (Xcode targets; none for a package or a
    /// folder, whose code is read as the compiler reads it): the compiler's key positions when one target sets
    /// `SWIFT_EMIT_LOC_STRINGS`, else only `NSLocalizedString`-like calls and, unless
    /// `LOCALIZED_STRING_SWIFTUI_SUPPORT = NO`, the literals of `Text()` (docs/extraction.md, "Export").
    static func exportExtraction(_ builds: [ProjectLayout.TargetBuild]) -> SwiftExtraction {
        guard !builds.isEmpty else { return .compiler }
        var result = SwiftExtraction.localizedStringMacros
        for build in builds {
            if build.settings["SWIFT_EMIT_LOC_STRINGS"].map(BuildSettings.isYes) == true { return .compiler }
            if build.settings["LOCALIZED_STRING_SWIFTUI_SUPPORT"].map(BuildSettings.isNo) != true {
                result = .textLiterals
            }
        }
        return result
    }

    /// The settings of the owners of one catalog (`nil` for a package or folder owner).
    init(_ builds: [ProjectLayout.TargetBuild?]) {
        var platforms = Set<String>()
        var known = !builds.isEmpty
        for build in builds {
            guard let build else {
                known = false
                continue
            }
            if let own = BuildSettings.platforms(build.settings) {
                platforms.formUnion(own)
                for platform in own {
                    guard let (setting, major) = Self.resourceVersions[platform],
                        let version = build.settings[setting],
                        let first = Int(version.trimmingCharacters(in: " ").prefix { $0 != "." })
                    else { continue }
                    if first < major { predatesResources = true }
                }
            } else {
                known = false
            }
            let names = BuildSettings.expand(build.settings["LOCALIZED_STRING_MACRO_NAMES"] ?? "", build.settings)
            for name in names.split(whereSeparator: { $0 == " " || $0 == "\"" || $0 == "," })
            where name != "NSLocalizedString" && name != "CFCopyLocalizedString" {
                macroNames.insert(String(name))
            }
            if let comments = build.settings["LOCALIZED_STRING_CODE_COMMENTS"], BuildSettings.isYes(comments) {
                includesCommentedOutCode = true
            }
        }
        self.platforms = known && !platforms.isEmpty ? platforms : nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var slice = Substring(self)
        while slice.first == set { slice.removeFirst() }
        while slice.last == set { slice.removeLast() }
        return String(slice)
    }
}
