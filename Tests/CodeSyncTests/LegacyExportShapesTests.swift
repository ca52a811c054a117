import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CodeSync
@testable import LocalizationConverter

/// Older projects without `Base.lproj` (issue 32, item 3).
///
/// The code's strings go into the development language's table, whatever shape the project has. Each project is
/// synthetic, written for its shape.
@Suite("export: code strings of legacy projects without Base.lproj")
struct LegacyExportShapesTests {
    /// A project file with one target `App` building `sources` and copying `resources` (object ids), over
    /// `objects` (the groups, file references and variant groups, one `id = {…};` body each).
    static func projectFile(
        objects: [(String, String)], sources: [String], resources: [String], targetSettings: String = "",
        developmentRegion: String = "en", knownRegions: String = "en, fr"
    ) -> String {
        var lines = [
            "// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 46;",
            "\tobjects = {",
        ]
        var sourceFiles: [String] = []
        var resourceFiles: [String] = []
        for (index, id) in sources.enumerated() {
            lines.append("\t\tBS\(index) = {isa = PBXBuildFile; fileRef = \(id); };")
            sourceFiles.append("BS\(index)")
        }
        for (index, id) in resources.enumerated() {
            lines.append("\t\tBR\(index) = {isa = PBXBuildFile; fileRef = \(id); };")
            resourceFiles.append("BR\(index)")
        }
        for (id, body) in objects { lines.append("\t\t\(id) = {\(body)};") }
        lines += [
            "\t\tP1 = {isa = PBXSourcesBuildPhase; files = (\(sourceFiles.joined(separator: ", ")), ); };",
            "\t\tP2 = {isa = PBXResourcesBuildPhase; files = (\(resourceFiles.joined(separator: ", ")), ); };",
            "\t\tTC = {isa = XCConfigurationList; buildConfigurations = (TD, ); };",
            "\t\tTD = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = App; \(targetSettings)}; "
                + "name = Debug; };",
            "\t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TC; buildPhases = (P1, P2, ); name = App; };",
            "\t\tR0 = {isa = PBXProject; developmentRegion = \(developmentRegion); knownRegions = (\(knownRegions), "
                + "); mainGroup = G0; projectDirPath = \"\"; targets = (T1, ); };",
            "\t};", "\trootObject = R0;", "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The keys export adds from code to each table found below `paths`, by the table's path below the folder.
    func codeKeys(
        _ folder: ProjectFolder, _ paths: [String], sourceLanguage: String = "en", notes: [String] = []
    ) throws -> [String: [String]] {
        var diagnostics = Diagnostics()
        let sources = try Export().sources(
            for: paths.map { $0 == "." ? folder.path : folder.path + "/" + $0 }, root: folder.path,
            sourceLanguage: sourceLanguage,
            interfaceBuilderTables: true, diagnostics: &diagnostics)
        let strings = ExportExtraction.codeStrings(
            for: sources, root: folder.path, sourceLanguage: sourceLanguage, diagnostics: &diagnostics)
        #expect(
            diagnostics.all.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == notes)
        var result: [String: [String]] = [:]
        for (path, code) in strings {
            result[String(path.dropFirst(folder.path.count + 1))] = code.table.entries.map(\.key)
        }
        return result
    }

    @Test("INFOPLIST_FILE written with $(PROJECT_NAME), as older Xcode templates write it")
    func projectNameInInfoPlistPath() throws {
        let folder = try ProjectFolder()
        try folder.write(
            Self.projectFile(
                objects: [
                    ("G0", #"isa = PBXGroup; children = (GA, ); sourceTree = "<group>"; "#),
                    ("GA", #"isa = PBXGroup; children = (FS, V1, ); path = Shapes; sourceTree = "<group>"; "#),
                    ("FS", #"isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; "#),
                    (
                        "V1",
                        #"isa = PBXVariantGroup; children = (LE, LF, ); name = InfoPlist.strings; sourceTree = "<group>"; "#
                    ),
                    (
                        "LE",
                        #"isa = PBXFileReference; name = en; path = en.lproj/InfoPlist.strings; sourceTree = "<group>"; "#
                    ),
                    (
                        "LF",
                        #"isa = PBXFileReference; name = fr; path = fr.lproj/InfoPlist.strings; sourceTree = "<group>"; "#
                    ),
                ], sources: ["FS"], resources: ["V1"],
                targetSettings: #"INFOPLIST_FILE = "$(PROJECT_NAME)/$(PROJECT_NAME)-Info.plist"; "#),
            to: "Shapes.xcodeproj/project.pbxproj")
        try folder.write("let x = 1\n", to: "Shapes/App.swift")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDisplayName</key>
            \t<string>Shapes</string>
            \t<key>NSCameraUsageDescription</key>
            \t<string>Scans the labels of boxes.</string>
            </dict>
            </plist>

            """, to: "Shapes/Shapes-Info.plist")
        try folder.write("\"CFBundleDisplayName\" = \"Shapes\";\n", to: "Shapes/en.lproj/InfoPlist.strings")
        try folder.write("\"CFBundleDisplayName\" = \"Formes\";\n", to: "Shapes/fr.lproj/InfoPlist.strings")
        #expect(
            try codeKeys(folder, ["Shapes"]) == [
                "Shapes/en.lproj/InfoPlist.strings": ["CFBundleDisplayName", "NSCameraUsageDescription"]
            ])
    }

    /// A variant group `Localizable.strings` whose development-language file is in `folder.lproj`, with its code
    /// in a `Classes` folder and the tables in `Resources`, under a group with a name and no path.
    func writeProject(_ folder: ProjectFolder, developmentFolder: String, developmentRegion: String) throws {
        try folder.write(
            Self.projectFile(
                objects: [
                    ("G0", #"isa = PBXGroup; children = (GA, GR, ); sourceTree = "<group>"; "#),
                    ("GA", #"isa = PBXGroup; children = (FS, FM, ); path = Classes; sourceTree = "<group>"; "#),
                    ("GR", #"isa = PBXGroup; children = (V1, ); name = "Supporting Files"; sourceTree = "<group>"; "#),
                    ("FS", #"isa = PBXFileReference; path = Panel.swift; sourceTree = "<group>"; "#),
                    ("FM", #"isa = PBXFileReference; path = Legacy.m; sourceTree = "<group>"; "#),
                    (
                        "V1",
                        #"isa = PBXVariantGroup; children = (LE, LF, ); name = Localizable.strings; path = Resources; "#
                            + #"sourceTree = "<group>"; "#
                    ),
                    (
                        "LE",
                        "isa = PBXFileReference; name = \(developmentFolder); "
                            + "path = \(developmentFolder).lproj/Localizable.strings; sourceTree = \"<group>\"; "
                    ),
                    (
                        "LF",
                        #"isa = PBXFileReference; name = fr; path = fr.lproj/Localizable.strings; sourceTree = "<group>"; "#
                    ),
                ], sources: ["FS", "FM"], resources: ["V1"], developmentRegion: developmentRegion,
                knownRegions: "\(developmentFolder), fr"),
            to: "Old.xcodeproj/project.pbxproj")
        try folder.write(
            """
            let a = NSLocalizedString("Swift key", tableName: nil, bundle: .main, value: "", comment: "")
            let b = NSLocalizedString("Main bundle key", bundle: Bundle.main, comment: "A comment")

            """, to: "Classes/Panel.swift")
        try folder.write(
            "void f(void) { NSString *a = NSLocalizedString(@\"Objective-C key\", nil); }\n", to: "Classes/Legacy.m")
        try folder.write(
            "\"Table key\" = \"Table key\";\n", to: "Resources/\(developmentFolder).lproj/Localizable.strings")
        try folder.write("\"Table key\" = \"Clef\";\n", to: "Resources/fr.lproj/Localizable.strings")
    }

    @Test("no Base.lproj: code in another folder than the tables, a named group, tableName: nil, Objective-C nil")
    func variantGroupWithoutBase() throws {
        let folder = try ProjectFolder()
        try writeProject(folder, developmentFolder: "en", developmentRegion: "en")
        let expected = ["Resources/en.lproj/Localizable.strings": ["Swift key", "Main bundle key", "Objective-C key"]]
        #expect(try codeKeys(folder, ["."]) == expected)
        #expect(try codeKeys(folder, ["Resources/fr.lproj/Localizable.strings"]) == expected)
    }

    @Test("developmentRegion English: English.lproj is the development language's table, not a translation")
    func englishFolder() throws {
        let folder = try ProjectFolder()
        try writeProject(folder, developmentFolder: "English", developmentRegion: "English")
        let expected = [
            "Resources/English.lproj/Localizable.strings": ["Swift key", "Main bundle key", "Objective-C key"]
        ]
        #expect(try codeKeys(folder, ["."]) == expected)
        #expect(try codeKeys(folder, ["Resources/fr.lproj/Localizable.strings"]) == expected)
        var diagnostics = Diagnostics()
        let export = Export()
        let sources = try export.sources(
            for: [folder.path], root: folder.path, sourceLanguage: "en", diagnostics: &diagnostics)
        #expect(sources.map(\.original) == ["Resources/English.lproj/Localizable.strings"])
        #expect(sources.map { export.lprojLanguages(of: $0) } == [["fr"]])
        // An en.lproj file beside it is the development language's table.
        try folder.write("\"Table key\" = \"Table key\";\n", to: "Resources/en.lproj/Localizable.strings")
        let both = try export.sources(
            for: [folder.path], root: folder.path, sourceLanguage: "en", diagnostics: &diagnostics)
        #expect(both.map(\.original) == ["Resources/en.lproj/Localizable.strings"])
    }

    /// The note export gives a table kept in a variant's folder.
    static func variantNote(_ file: String, language: String, development: String) -> String {
        "\(file): note: the development language '\(development)' has no \(development).lproj or Base.lproj file of "
            + "this table; this \(language).lproj file is taken as its table (the code's strings go into it), not as a "
            + "translation"
    }

    @Test(
        "developmentRegion is not en: the development language is the project's, its folder the table",
        arguments: ["de", "en-GB", "zh-Hans"])
    func developmentRegionOtherThanEnglish(_ region: String) throws {
        let folder = try ProjectFolder()
        try writeProject(folder, developmentFolder: region, developmentRegion: region)
        let found = DevelopmentRegion.of([folder.path, folder.path + "/Resources/fr.lproj/Localizable.strings"])
        #expect(found.map(\.language) == [region])
        #expect(found.map(\.location) == [FileLocation(path: found.first?.file ?? "", line: 24, column: 27)])
        #expect(found.first?.file == folder.path + "/Old.xcodeproj/project.pbxproj")
        let expected = [
            "Resources/\(region).lproj/Localizable.strings": ["Swift key", "Main bundle key", "Objective-C key"]
        ]
        #expect(try codeKeys(folder, ["."], sourceLanguage: region) == expected)
        #expect(try codeKeys(folder, ["Resources/fr.lproj/Localizable.strings"], sourceLanguage: region) == expected)
        // The command takes it from the project when --source-language is not given.
        let result = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "out"], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.error
                == "Old.xcodeproj/project.pbxproj:24:27: note: the development language of the legacy tables is "
                + "'\(region)', the project's developmentRegion (--source-language sets another)\n")
        let xliff = try folder.read("out/fr.xliff")
        #expect(
            xliff.contains(
                "<file original=\"Resources/\(region).lproj/Localizable.strings\" source-language=\"\(region)\" "
                    + "target-language=\"fr\" datatype=\"plaintext\">"))
        #expect(xliff.contains("<trans-unit id=\"Swift key\" xml:space=\"preserve\">"))
    }

    @Test("check without --source-language: a de project's de.lproj is the development table, en.lproj a translation")
    func checkTakesTheDevelopmentRegion() throws {
        let folder = try ProjectFolder()
        try folder.write(
            Self.projectFile(
                objects: [("FS", #"isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; "#)],
                sources: ["FS"], resources: ["FS"], developmentRegion: "de", knownRegions: "de, en"),
            to: "Old.xcodeproj/project.pbxproj")
        try folder.write(
            "\"Table key\" = \"Tabellenschlüssel\";\n\"Only de\" = \"Nur de\";\n",
            to: "Resources/de.lproj/Localizable.strings")
        try folder.write("\"Table key\" = \"Table key\";\n", to: "Resources/en.lproj/Localizable.strings")
        let result = try StringBridgeProcess.run(["check", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.error
                == "Old.xcodeproj/project.pbxproj:16:27: note: the development language of the legacy tables is 'de', "
                + "the project's developmentRegion (--source-language sets another)\n")
        // With en taken, "Only de" was an orphan of the de translation.
        #expect(
            result.output == """
                ./Resources/de.lproj/Localizable.strings:2:1: warning: "Only de" has no en translation [missing-translation]
                0 errors, 1 warning, 0 notes in 1 table (2 files)

                """)
    }

    @Test("developmentRegion en with only en-US.lproj: en-US is the development table, with a note")
    func regionalFolderOfTheDevelopmentLanguage() throws {
        let folder = try ProjectFolder()
        try writeProject(folder, developmentFolder: "en-US", developmentRegion: "en")
        let table = "Resources/en-US.lproj/Localizable.strings"
        let expected = [table: ["Swift key", "Main bundle key", "Objective-C key"]]
        let note = Self.variantNote(table, language: "en-US", development: "en")
        #expect(try codeKeys(folder, ["."], notes: [note]) == expected)
        #expect(try codeKeys(folder, ["Resources/fr.lproj/Localizable.strings"], notes: [note]) == expected)
        var diagnostics = Diagnostics()
        let export = Export()
        let sources = try export.sources(
            for: [folder.path], root: folder.path, sourceLanguage: "en", diagnostics: &diagnostics)
        #expect(sources.map { export.lprojLanguages(of: $0) } == [["fr"]])
        // A second variant makes neither the development table: both are translations.
        try folder.write("\"Table key\" = \"Table key\";\n", to: "Resources/en-GB.lproj/Localizable.strings")
        #expect(throws: ConversionError.self) {
            try export.sources(for: [folder.path], root: folder.path, sourceLanguage: "en", diagnostics: &diagnostics)
        }
    }

    @Test("developmentRegion en-US with en.lproj, developmentRegion zh-Hans with zh-Hans-CN.lproj")
    func developmentRegionMoreSpecificThanTheFolder() throws {
        for (folderLanguage, region) in [("en", "en-US"), ("zh-Hans-CN", "zh-Hans"), ("en_US", "en")] {
            let folder = try ProjectFolder()
            try writeProject(folder, developmentFolder: folderLanguage, developmentRegion: region)
            let table = "Resources/\(folderLanguage).lproj/Localizable.strings"
            let note = Self.variantNote(table, language: folderLanguage, development: region)
            #expect(
                try codeKeys(folder, ["."], sourceLanguage: region, notes: [note]) == [
                    table: ["Swift key", "Main bundle key", "Objective-C key"]
                ])
        }
    }
}
