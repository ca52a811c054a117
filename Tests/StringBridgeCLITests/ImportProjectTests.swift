import Foundation
import TestSupport
import Testing

/// `stringbridge import` into a project as Xcode leaves it: a legacy table migrated to a catalog, an intent
/// definition's table, and the project's `knownRegions` (`Fixtures/xliff/import-project`: `App.xcodeproj` with
/// `Localizable.xcstrings` in en and de, the legacy `en.lproj/Localizable.strings` the migration left, and
/// `Base.lproj/ShortcutIntents.intentdefinition` with its `en`/`de` `.strings`).
@Suite("stringbridge import: the project around the tables")
struct ImportProjectTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["xliff/import-project": "work"])
    }

    var project: URL { folder.appendingPathComponent("work/project") }

    func text(_ relative: String) -> String? {
        (try? Data(contentsOf: project.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    func fixture(_ relative: String) throws -> String {
        String(decoding: try Fixtures.bytes("xliff/import-project/project/" + relative), as: UTF8.self)
    }

    static let pbxproj = "App.xcodeproj/project.pbxproj"

    // MARK: - A legacy table migrated to a catalog (issue 31, item 2)

    @Test("An XLIFF of the legacy table goes into the catalog it was migrated to, with a note; the legacy file stays")
    func legacyOriginalGoesToTheCatalog() throws {
        let result = try StringBridgeProcess.run(["import", "../de-legacy.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "../de-legacy.xliff:3:3: note: App/en.lproj/Localizable.strings was migrated to the catalog "
                + "App/Localizable.xcstrings (the legacy file is still there, and no target builds it): its units "
                + "are imported into the catalog\n")
        let catalog = try #require(text("App/Localizable.xcstrings"))
        #expect(catalog.contains("\"value\" : \"Hallo Welt\""))
        #expect(!catalog.contains("\"value\" : \"Hallo\"\n"))
        #expect(
            result.output.contains("App/en.lproj/Localizable.strings [de] -> App/Localizable.xcstrings: 1 unit applied")
        )
        // The legacy files are not written, nor created.
        #expect(text("App/en.lproj/Localizable.strings") == (try fixture("App/en.lproj/Localizable.strings")))
        #expect(text("App/de.lproj/Localizable.strings") == nil)
    }

    @Test("Also when the migration deleted the legacy files")
    func legacyFilesGone() throws {
        try FileManager.default.removeItem(at: project.appendingPathComponent("App/en.lproj/Localizable.strings"))
        let result = try StringBridgeProcess.run(["import", "../de-legacy.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "../de-legacy.xliff:3:3: note: App/en.lproj/Localizable.strings was migrated to the catalog "
                + "App/Localizable.xcstrings: its units are imported into the catalog\n")
        #expect(text("App/Localizable.xcstrings")?.contains("\"value\" : \"Hallo Welt\"") == true)
        #expect(text("App/de.lproj/Localizable.strings") == nil)
        #expect(text("App/en.lproj/Localizable.strings") == nil)
    }

    // MARK: - knownRegions (issue 31, item 9)

    @Test("A new language reaches the project's knownRegions, in Xcode's layout; the rest of the file is kept")
    func newLanguagesReachKnownRegions() throws {
        let result = try StringBridgeProcess.run(["import", "../fr.xliff", "../zh-Hans.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let expected = try fixture(Self.pbxproj).replacingOccurrences(
            of: "\t\t\t\tde,\n\t\t\t);", with: "\t\t\t\tde,\n\t\t\t\tfr,\n\t\t\t\t\"zh-Hans\",\n\t\t\t);")
        #expect(expected != (try fixture(Self.pbxproj)))
        #expect(text(Self.pbxproj) == expected)
        #expect(
            result.output.hasSuffix(
                "; changed 2 files\n  changed: App/Localizable.xcstrings\n  changed: App.xcodeproj/project.pbxproj\n"
                    + "  added fr, zh-Hans to the knownRegions of App.xcodeproj/project.pbxproj (--no-project leaves "
                    + "the project alone)\n"), "\(result.output)")
        // Again: nothing to add.
        let again = try StringBridgeProcess.run(["import", "../fr.xliff", "../zh-Hans.xliff"], in: project)
        #expect(again.status == 0)
        #expect(again.output.hasSuffix("; changed 0 files\n"), "\(again.output)")
        #expect(text(Self.pbxproj) == expected)
    }

    @Test("--no-project leaves the project alone; --dry-run says what it would add and writes nothing")
    func noProjectAndDryRun() throws {
        let dry = try StringBridgeProcess.run(["import", "../fr.xliff", "--dry-run"], in: project)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("  would add fr to the knownRegions of App.xcodeproj/project.pbxproj"))
        #expect(text(Self.pbxproj) == (try fixture(Self.pbxproj)))
        let result = try StringBridgeProcess.run(["import", "../fr.xliff", "--no-project"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(text(Self.pbxproj) == (try fixture(Self.pbxproj)))
        #expect(text("App/Localizable.xcstrings")?.contains("\"value\" : \"Bonjour\"") == true)
        #expect(!result.output.contains("knownRegions"))
    }

    // MARK: - Intent definitions (issue 31, item 11)

    @Test(
        "An intent definition's XLIFF, named as Xcode names it, goes into its .strings; a renamed ${parameter} is refused at its unit"
    )
    func intentDefinition() throws {
        let result = try StringBridgeProcess.run(["import", "../intents-de.xliff"], in: project)
        #expect(result.status == 1)
        #expect(text("App/de.lproj/ShortcutIntents.strings") == "\"gR7kL2\" = \"Nach ${content} suchen\";\n")
        #expect(
            result.error.contains(
                "../intents-de.xliff:13:7: error: unit \"pX4mQ9\" not applied: the target's placeholders differ from "
                    + "the source's: parameter ${applicationName} of the source is missing"), "\(result.error)")
        // The command's last error is placed at the first unit refused (issue 31, item 19).
        #expect(
            result.error.hasSuffix(
                "../intents-de.xliff:13:7: error: 1 unit not applied: their placeholders differ from the source's, "
                    + "which crashes or prints garbage at run time (fix the targets, or pass "
                    + "--accept-placeholder-mismatch to import them anyway)\n"), "\(result.error)")
        #expect(
            result.output.hasPrefix(
                "App/Base.lproj/ShortcutIntents.intentdefinition [de] -> App/de.lproj/ShortcutIntents.strings: "
                    + "1 unit applied"), "\(result.output)")
    }

    @Test("check compares ${parameters}: a renamed one is an error")
    func checkComparesParameters() throws {
        try Data("\"gR7kL2\" = \"Suche ${inhalt}\";\n".utf8).write(
            to: project.appendingPathComponent("App/de.lproj/ShortcutIntents.strings"))
        let result = try StringBridgeProcess.run(["check", "App"], in: project)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(
            result.output.contains(
                "App/de.lproj/ShortcutIntents.strings:1:1: error: de value of \"gR7kL2\": parameter ${content} of the "
                    + "source is missing (the system fills it; keep it as it is); parameter ${inhalt} is not in the "
                    + "source (the system fills only the source's parameters; keep their names as they are) "
                    + "[placeholder-mismatch]"), "\(result.output)")
    }

    @Test("Export names an intent definition's table after the .intentdefinition, as Xcode does")
    func exportNamesTheIntentDefinition() throws {
        let result = try StringBridgeProcess.run(
            ["export", "App/en.lproj/ShortcutIntents.strings", "--language", "de", "-o", "../out", "--xcloc"],
            in: project)
        #expect(result.status == 0, "\(result.error)")
        let xliff = try String(
            contentsOf: folder.appendingPathComponent("work/out/de.xcloc/Localized Contents/de.xliff"), encoding: .utf8)
        #expect(xliff.contains("<file original=\"App/Base.lproj/ShortcutIntents.intentdefinition\""), "\(xliff)")
        // The bundle's Source Contents holds the intent definition, as Xcode's does.
        let copy = try Data(
            contentsOf: folder.appendingPathComponent(
                "work/out/de.xcloc/Source Contents/App/Base.lproj/ShortcutIntents.intentdefinition"))
        #expect(
            String(decoding: copy, as: UTF8.self) == (try fixture("App/Base.lproj/ShortcutIntents.intentdefinition")))
        // And what it exports imports back: unchanged.
        let back = try StringBridgeProcess.run(["import", "../out/de.xcloc"], in: project)
        #expect(back.status == 0, "\(back.error)")
        #expect(back.output.contains("; changed 0 files\n"), "\(back.output)")
    }

    // MARK: - Diagnostics placed at the input (issue 31, item 19)

    @Test("--strict with an unknown table ends with an error at its first unit")
    func strictUnknownTablePlaced() throws {
        // The table of the document's second <file> does not exist (a document none of whose tables exists is
        // refused as a whole: ImportRootTests).
        let french = try String(contentsOf: folder.appendingPathComponent("work/fr.xliff"), encoding: .utf8)
        let file = try #require(french.range(of: "  <file ")?.lowerBound)
        let end = try #require(french.range(of: "</file>\n")?.upperBound)
        let missing = french[file..<end].replacingOccurrences(
            of: "App/Localizable.xcstrings", with: "App/Missing.xcstrings")
        var xliff = french
        xliff.insert(contentsOf: missing, at: end)
        try xliff.write(to: folder.appendingPathComponent("work/missing.xliff"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["import", "../missing.xliff", "--strict"], in: project)
        #expect(result.status == 1)
        #expect(
            result.error.hasSuffix("../missing.xliff:25:7: error: --strict: 2 units not applied (2 unknown-table)\n"),
            "\(result.error)")
    }
}
