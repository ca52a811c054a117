import Foundation
import LocalizationCatalog
import TestSupport
import Testing

/// `stringbridge migrate` leaving a project as Xcode's migration does.
///
/// Over `Fixtures/migration/Shortcuts`: an Xcode project whose target holds `Localizable.strings` (en, de, fr), a
/// storyboard localized in `en.lproj` with a German `Main.strings`, a xib in `Base.lproj` with a German
/// `Settings.strings`, and an intent definition whose `Intents.strings` (en, de) no catalog can take. The legacy files
/// migrated go, the Interface Builder catalogs sit in `mul.lproj` in their variant group, tables are migrated by name,
/// and the warnings about comments are true.
@Suite("stringbridge migrate in place: the project as Xcode leaves it")
struct MigrateInPlaceTests {
    let folder: URL
    static let project = "Shortcuts.xcodeproj/project.pbxproj"
    static let named = ["--table", "Localizable", "--table", "Main", "--table", "Settings"]

    init() throws {
        folder = try CommandTestCase.folder(copying: ["migration/Shortcuts": "Demo"])
    }

    var demo: URL { folder.appendingPathComponent("Demo") }

    func contents(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: demo.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    /// Every file below the project's folder with its bytes.
    func snapshot() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for path in Fixtures.files(inFolderAt: demo.path) { result[path] = contents(path) }
        return result
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: demo.appendingPathComponent(path).path)
    }

    @Test("A variant group no catalog can take is refused, each file named once, and the note says to use --table")
    func refusesTheIntentDefinition() throws {
        let before = snapshot()
        let result = try StringBridgeProcess.run(["migrate", "Shortcuts"], in: demo)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.error.hasSuffix(
                """
                Shortcuts.xcodeproj/project.pbxproj:169:3: error: the variant group "Intents.intentdefinition" holds a \
                file that is not the migrated table's (Shortcuts/Base.lproj/Intents.intentdefinition); the project \
                cannot be edited safely
                Shortcuts.xcodeproj/project.pbxproj:1:1: note: nothing is written; to migrate the other tables and \
                leave "Intents" as it is, name them: --table Localizable --table Main --table Settings; or pass \
                --no-project to migrate without editing the project

                """))
        #expect(result.error.components(separatedBy: "Intents.intentdefinition").count == 3)
        #expect(snapshot() == before)
    }

    @Test("--table migrates the tables named: legacy files deleted, empty .lproj folders removed, project edited")
    func migratesTheTablesNamed() throws {
        let result = try StringBridgeProcess.run(["migrate", "Shortcuts"] + Self.named, in: demo)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output
                == """
                wrote Shortcuts/Localizable.xcstrings: 2 keys, 3 languages (de, en, fr) from 3 files
                  comments from code: 1 key, 1 of them replacing the development language's comment or its absence
                  deleted the legacy files: Shortcuts/en.lproj/Localizable.strings, \
                Shortcuts/de.lproj/Localizable.strings, Shortcuts/fr.lproj/Localizable.strings
                wrote Shortcuts/mul.lproj/Main.xcstrings: 1 key, 1 language (de) from 1 file
                  deleted the legacy file: Shortcuts/de.lproj/Main.strings
                wrote Shortcuts/mul.lproj/Settings.xcstrings: 1 key, 1 language (de) from 1 file
                  deleted the legacy file: Shortcuts/de.lproj/Settings.strings
                removed the folder left empty: Shortcuts/fr.lproj
                edited Shortcuts.xcodeproj/project.pbxproj:
                  the variant group Localizable.strings (3 files) replaced by Localizable.xcstrings in 1 build phase
                  the 1 .strings file of the variant group "Main.storyboard" replaced by mul.lproj/Main.xcstrings
                  the 1 .strings file of the variant group "Settings.xib" replaced by mul.lproj/Settings.xcstrings
                  LOCALIZATION_PREFERS_STRING_CATALOGS = YES in the project's Debug, Release
                  SWIFT_EMIT_LOC_STRINGS = YES in target Shortcuts's Debug, Release

                """)
        #expect(result.error.hasPrefix("Shortcuts:1:1: note: left alone (not named by --table): Intents\n"))
        #expect(
            Fixtures.files(inFolderAt: demo.path) == [
                "Shortcuts.xcodeproj/project.pbxproj", "Shortcuts/Base.lproj/Intents.intentdefinition",
                "Shortcuts/Base.lproj/Settings.xib", "Shortcuts/ContentView.swift", "Shortcuts/Localizable.xcstrings",
                "Shortcuts/de.lproj/Intents.strings", "Shortcuts/en.lproj/Intents.strings",
                "Shortcuts/en.lproj/Main.storyboard", "Shortcuts/mul.lproj/Main.xcstrings",
                "Shortcuts/mul.lproj/Settings.xcstrings",
            ])
        #expect(!exists("Shortcuts/fr.lproj"))
        #expect(
            contents("Shortcuts/de.lproj/Intents.strings")
                == (try Fixtures.bytes("migration/Shortcuts/Shortcuts/de.lproj/Intents.strings")))
        // The storyboard localized in en.lproj (no Base.lproj) is Interface Builder's by its variant group: its
        // catalog is mul.lproj/Main.xcstrings, a child named mul of the group, as Xcode writes it.
        let difference = Fixtures.compareGolden(
            contents(Self.project) ?? [], "migration/Shortcuts-expected/project.pbxproj")
        #expect(difference == nil, "\(difference ?? "")")
        let project = String(decoding: contents(Self.project) ?? [], as: UTF8.self)
        #expect(
            project.contains(
                "/* mul */ = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; name = mul; path = "
                    + "mul.lproj/Main.xcstrings; sourceTree = \"<group>\"; };"))
        #expect(!project.contains("Main.strings") && !project.contains("Localizable.strings"))
        #expect(project.contains("path = en.lproj/Intents.strings;"))
    }

    @Test("--keep-legacy-files keeps them; the project is edited all the same")
    func keepsLegacyFiles() throws {
        let result = try StringBridgeProcess.run(
            ["migrate", "Shortcuts", "--keep-legacy-files"] + Self.named, in: demo)
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.contains("deleted") && !result.output.contains("removed"))
        #expect(exists("Shortcuts/fr.lproj/Localizable.strings") && exists("Shortcuts/de.lproj/Main.strings"))
        #expect(
            Fixtures.compareGolden(contents(Self.project) ?? [], "migration/Shortcuts-expected/project.pbxproj") == nil)
    }

    @Test("-o and --no-project change nothing of the project's folder: no file deleted, no project edited")
    func outputElsewhereChangesNothing() throws {
        let before = snapshot()
        let out = try StringBridgeProcess.run(["migrate", "Shortcuts", "-o", "../out"] + Self.named, in: demo)
        #expect(out.status == 0, "\(out.error)")
        #expect(!out.output.contains("deleted"))
        #expect(snapshot() == before)
        #expect(
            Fixtures.files(inFolderAt: folder.appendingPathComponent("out").path) == [
                "Localizable.xcstrings", "Main.xcstrings", "Settings.xcstrings",
            ])
        let noProject = try StringBridgeProcess.run(["migrate", "Shortcuts", "--no-project"] + Self.named, in: demo)
        #expect(noProject.status == 0, "\(noProject.error)")
        #expect(!noProject.output.contains("deleted"))
        #expect(exists("Shortcuts/fr.lproj/Localizable.strings"))
        #expect(contents(Self.project) == before[Self.project])
    }

    @Test("--dry-run says what it would delete and remove, and changes nothing; --report json lists the deletions")
    func dryRunAndReport() throws {
        let before = snapshot()
        let dry = try StringBridgeProcess.run(["migrate", "Shortcuts", "--dry-run"] + Self.named, in: demo)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("  would delete the legacy file: Shortcuts/de.lproj/Main.strings\n"))
        #expect(dry.output.contains("would remove the folder left empty: Shortcuts/fr.lproj\n"))
        #expect(snapshot() == before)
        let json = try StringBridgeProcess.run(["migrate", "Shortcuts", "--report", "json"] + Self.named, in: demo)
        #expect(json.status == 0, "\(json.error)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let catalogs = try #require(report["catalogs"] as? [[String: Any]])
        #expect(
            catalogs.compactMap { $0["deleted"] as? [String] } == [
                [
                    "Shortcuts/en.lproj/Localizable.strings", "Shortcuts/de.lproj/Localizable.strings",
                    "Shortcuts/fr.lproj/Localizable.strings",
                ],
                ["Shortcuts/de.lproj/Main.strings"], ["Shortcuts/de.lproj/Settings.strings"],
            ])
        #expect(report["removedFolders"] as? [String] == ["Shortcuts/fr.lproj"])
        #expect(!exists("Shortcuts/fr.lproj"))
    }

    @Test("--table naming no table is an error naming the tables there; nothing is written")
    func unknownTable() throws {
        let before = snapshot()
        let result = try StringBridgeProcess.run(["migrate", "Shortcuts", "--table", "Localisable"], in: demo)
        #expect(result.status == 1)
        #expect(
            result.error.hasSuffix(
                "Shortcuts:1:1: error: --table Localisable: no legacy table \"Localisable\" below Shortcuts; the "
                    + "tables there are Intents, Localizable, Main, Settings\n"))
        #expect(snapshot() == before)
    }

    @Test("Comments: a translation's comment is never the key's, and is said to be lost only where it is")
    func translationComments() throws {
        let result = try StringBridgeProcess.run(["migrate", "Shortcuts"] + Self.named, in: demo)
        #expect(result.status == 0, "\(result.error)")
        // de's "greeting" comment is the development language's ("Greeting", replaced by the code's): not lost.
        // de's "Others" in the xib's table is a translator's word, not the key's comment: lost, and said.
        #expect(
            result.error == """
                Shortcuts:1:1: note: left alone (not named by --table): Intents
                Shortcuts/de.lproj/Localizable.strings:1:1: warning: the comments of 1 key in this translation are left \
                out (a catalog keeps the development language's comment): "farewell"
                Shortcuts/de.lproj/Settings.strings:1:1: warning: the comments of 1 key in this translation are left \
                out (a catalog keeps the development language's comment): "Kd3-vb-x1P.title"

                """)
        let settings = try #require(
            try JSONSerialization.jsonObject(with: Data(contents("Shortcuts/mul.lproj/Settings.xcstrings") ?? []))
                as? [String: Any])
        let entry = (settings["strings"] as? [String: [String: Any]])?["Kd3-vb-x1P.title"]
        #expect(entry != nil)
        #expect(entry?["comment"] == nil)
        let localizable = try #require(
            try JSONSerialization.jsonObject(with: Data(contents("Shortcuts/Localizable.xcstrings") ?? []))
                as? [String: Any])
        let strings = localizable["strings"] as? [String: [String: Any]]
        #expect(strings?["greeting"]?["comment"] as? String == "The first screen's greeting")
        #expect(strings?["farewell"]?["comment"] as? String == "Farewell")
    }

    @Test("A malformed .strings file reports every error it has in one run")
    func everyErrorOfAFile() throws {
        try Data(
            """
            "greeting" = "Hallo" "oops";
            "farewell" = "Tschüss";
            "third" "Drei";
            "fourth" = "Vier";
            "fifth" = ;

            """.utf8
        ).write(to: demo.appendingPathComponent("Shortcuts/fr.lproj/Localizable.strings"))
        let result = try StringBridgeProcess.run(
            ["migrate", "Shortcuts", "--table", "Localizable", "--keep-legacy-files", "--no-project"], in: demo)
        #expect(result.status == 0)
        #expect(
            result.error.contains(
                """
                Shortcuts/fr.lproj/Localizable.strings:1:21: warning: expected ';' after the value of "greeting", found \
                a string; this file is left out of the migration
                Shortcuts/fr.lproj/Localizable.strings:3:9: warning: expected '=' or ';' after the key "third", found a \
                string
                Shortcuts/fr.lproj/Localizable.strings:5:11: warning: expected a string value for the key "fifth", \
                found ';'

                """))
        try FileManager.default.removeItem(at: demo.appendingPathComponent("Shortcuts/Localizable.xcstrings"))
        let strict = try StringBridgeProcess.run(
            ["migrate", "Shortcuts", "--table", "Localizable", "--strict", "--no-project"], in: demo)
        #expect(strict.status == 1)
        #expect(strict.error.contains("Shortcuts/fr.lproj/Localizable.strings:1:21: error: expected ';'"))
        #expect(strict.error.contains("Shortcuts/fr.lproj/Localizable.strings:3:9: error: expected '=' or ';'"))
        #expect(strict.error.contains("Shortcuts/fr.lproj/Localizable.strings:5:11: error: expected a string value"))
        #expect(!exists("Shortcuts/Localizable.xcstrings"))
    }
}
