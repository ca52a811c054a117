import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

/// `stringbridge migrate` and `stringbridge compile`, run as processes over the fixture project in
/// `Fixtures/migration/MyApp` (see its `generate.py`): catalogs and legacy tables compared byte for byte with
/// goldens, the warnings, the refusals, and legacy → catalog → legacy keeping every value.
@Suite("stringbridge migrate and compile")
struct MigrateCommandTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["migration/MyApp": "MyApp"])
    }

    func contents(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    func files(below path: String) -> [String] {
        Fixtures.files(inFolderAt: folder.appendingPathComponent(path).path)
    }

    static let expectedWarnings = """
        MyApp:1:1: note: left out of the migration: MyApp/Settings.bundle (en.lproj/Root.strings); the Settings app \
        reads only .strings tables, and Xcode does not migrate the tables of a bundle
        MyApp/fr.lproj/Localizable.strings:2:30: warning: expected ';' after the value of "settings.title", found a \
        string; this file is left out of the migration
        MyApp/it.lproj/Localizable.strings:2:34: warning: missing ';' after the value of "settings.title" at the end \
        of the line; the entry is read as if it were there
        MyApp/de.lproj/Localizable.strings:1:1: warning: the comments of 3 keys in this translation are left out (a \
        catalog keeps the development language's comment): "greeting", "no comment", "only in german"
        MyApp/it.lproj/Localizable.strings:1:1: warning: the comments of 1 key in this translation are left out (a \
        catalog keeps the development language's comment): "note"

        """

    static let expectedSummary = """
        wrote MyApp/Localizable.xcstrings: 11 keys, 3 languages (de, en, it) from 5 files
          left out: MyApp/fr.lproj/Localizable.strings (fr), which cannot be read; the catalog has no fr
          deleted the legacy files: MyApp/en.lproj/Localizable.strings, MyApp/Plurals/en.lproj/Localizable.stringsdict, \
        MyApp/de.lproj/Localizable.strings, MyApp/it.lproj/Localizable.strings, \
        MyApp/Plurals/de.lproj/Localizable.stringsdict
        wrote MyApp/mul.lproj/Main.xcstrings: 1 key, 1 language (de) from 1 file
          deleted the legacy file: MyApp/de.lproj/Main.strings
        removed the folders left empty: MyApp/en.lproj, MyApp/Plurals/en.lproj, MyApp/de.lproj, MyApp/it.lproj, \
        MyApp/Plurals/de.lproj

        """

    @Test("Writes Xcode's catalogs; a missing ';' at a line end is read, unreadable files and Settings.bundle left out")
    func migratesInPlace() throws {
        let result = try StringBridgeProcess.run(["migrate", "MyApp"], in: folder)
        #expect(result.status == 0)
        #expect(result.error == Self.expectedWarnings)
        #expect(result.output == Self.expectedSummary)
        #expect(!files(below: "MyApp").contains { $0.hasSuffix("Root.xcstrings") })
        // The legacy files migrated are gone, as in Xcode's migrations, with the folders they leave empty; the file
        // left out (it cannot be read) and the Settings bundle stay.
        #expect(
            files(below: "MyApp") == [
                "Base.lproj/Main.storyboard", "Localizable.xcstrings", "Settings.bundle/en.lproj/Root.strings",
                "fr.lproj/Localizable.strings", "mul.lproj/Main.xcstrings",
            ])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("MyApp/de.lproj").path))
        #expect(
            Fixtures.compareGolden(
                contents("MyApp/Localizable.xcstrings") ?? [], "migration/expected/Localizable.xcstrings") == nil)
        #expect(
            Fixtures.compareGolden(
                contents("MyApp/mul.lproj/Main.xcstrings") ?? [], "migration/expected/mul.lproj/Main.xcstrings") == nil)
    }

    @Test("Width variations, which a catalog cannot hold, are named by key in each file that has them")
    func widthVariationsNamed() throws {
        let rule = Data(try Fixtures.bytes("stringsdict/read/width-rule.stringsdict"))
        let app = folder.appendingPathComponent("Widths")
        for language in ["en", "de"] {
            let lproj = app.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try rule.write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
        }
        try Data("\"a\" = \"b\";\n".utf8).write(to: app.appendingPathComponent("en.lproj/Localizable.strings"))
        let result = try StringBridgeProcess.run(["migrate", "Widths", "-o", "widths-out", "--no-extract"], in: folder)
        #expect(result.status == 0)
        let warning =
            "Widths/%@.lproj/Localizable.stringsdict:5:2: warning: \"Total Annual Revenue\": width variations cannot "
            + "be carried over to a String Catalog; they are left out\n"
        #expect(
            result.error
                == ["en", "de"].map { warning.replacingOccurrences(of: "%@", with: $0) }.joined())
    }

    @Test("-o collects the catalogs in one folder")
    func migratesIntoAFolder() throws {
        let result = try StringBridgeProcess.run(["migrate", "MyApp", "-o", "out"], in: folder)
        #expect(result.status == 0)
        #expect(files(below: "out") == ["Localizable.xcstrings", "Main.xcstrings"])
        #expect(
            contents("out/Localizable.xcstrings") == (try Fixtures.bytes("migration/expected/Localizable.xcstrings")))
    }

    @Test("An existing catalog is not touched without --force; a dry run says what would be merged")
    func refusesToOverwrite() throws {
        let previous = try Fixtures.bytes("migration/existing/Localizable.xcstrings")
        try Data(previous).write(to: folder.appendingPathComponent("MyApp/Localizable.xcstrings"))
        let result = try StringBridgeProcess.run(["migrate", "MyApp"], in: folder)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.error.hasSuffix(
                "MyApp/Localizable.xcstrings:1:1: error: a catalog already exists here; pass --force to merge the legacy "
                    + "tables into it\n"))
        #expect(contents("MyApp/Localizable.xcstrings") == previous)
        #expect(contents("MyApp/mul.lproj/Main.xcstrings") == nil)

        let dryRun = try StringBridgeProcess.run(["migrate", "MyApp", "--dry-run"], in: folder)
        #expect(dryRun.status == 0)
        #expect(
            dryRun.output.hasPrefix(
                """
                would merge into MyApp/Localizable.xcstrings: 12 keys, 3 languages (de, en, it) from 5 files
                  the catalog there had 4 keys: 8 keys and 5 localizations added, 2 conflicts (the catalog's value \
                kept); --force is needed to write it

                """))
        #expect(contents("MyApp/Localizable.xcstrings") == previous)
    }

    @Test("--force merges into an existing catalog: its keys, values, states, comments and extraction states stay")
    func mergesIntoExistingCatalog() throws {
        try Data(try Fixtures.bytes("migration/existing/Localizable.xcstrings"))
            .write(to: folder.appendingPathComponent("MyApp/Localizable.xcstrings"))
        let result = try StringBridgeProcess.run(["migrate", "MyApp", "--force", "--keep-legacy-files"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                """
                merged into MyApp/Localizable.xcstrings: 12 keys, 3 languages (de, en, it) from 5 files
                  the catalog there had 4 keys: 8 keys and 5 localizations added, 2 conflicts (the catalog's value kept)
                  left out: MyApp/fr.lproj/Localizable.strings (fr), which cannot be read; the catalog has no fr

                """))
        #expect(
            result.error.hasSuffix(
                """
                MyApp/Localizable.xcstrings:15:5: warning: "greeting" (de): the legacy value differs from the catalog's; \
                the catalog's is kept
                MyApp/Localizable.xcstrings:33:5: warning: "note" (en): the legacy value differs from the catalog's; the \
                catalog's is kept

                """))
        #expect(
            Fixtures.compareGolden(
                contents("MyApp/Localizable.xcstrings") ?? [], "migration/existing/Localizable.merged.xcstrings") == nil
        )

        // Merging again changes nothing and finds no conflict with what it merged.
        let merged = contents("MyApp/Localizable.xcstrings")
        let again = try StringBridgeProcess.run(["migrate", "MyApp", "--force"], in: folder)
        #expect(again.status == 0)
        #expect(again.output.contains("the catalog there had 12 keys: 0 keys and 0 localizations added, 2 conflicts"))
        #expect(contents("MyApp/Localizable.xcstrings") == merged)
    }

    @Test("--force refuses a catalog it cannot read, and writes nothing")
    func refusesUnreadableCatalog() throws {
        let previous = Array("previous".utf8)
        try Data(previous).write(to: folder.appendingPathComponent("MyApp/Localizable.xcstrings"))
        let result = try StringBridgeProcess.run(["migrate", "MyApp", "--force"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error.hasSuffix(
                "MyApp/Localizable.xcstrings:1:1: note: a catalog already exists here and cannot be read, so the legacy "
                    + "tables cannot be merged into it\n"))
        #expect(contents("MyApp/Localizable.xcstrings") == previous)
        #expect(contents("MyApp/mul.lproj/Main.xcstrings") == nil)
    }

    @Test("Migration.plan plans a merge instead of throwing when a catalog exists")
    func planReportsExistingCatalog() throws {
        try Data(try Fixtures.bytes("migration/existing/Localizable.xcstrings"))
            .write(to: folder.appendingPathComponent("MyApp/Localizable.xcstrings"))
        var diagnostics = Diagnostics()
        let plans = try Migration().plan(
            directory: folder.appendingPathComponent("MyApp").path, options: Migration.Options(),
            diagnostics: &diagnostics)
        let localizable = try #require(plans.first { $0.destination.hasSuffix("/Localizable.xcstrings") })
        let existing = try #require(localizable.existing)
        #expect(existing.keys == 4)
        #expect(existing.addedKeys.count == 8)
        #expect(existing.addedLocalizations == 5)
        #expect(existing.conflicts.map { "\($0.key) (\($0.language))" } == ["greeting (de)", "note (en)"])
        #expect(plans.first { $0.destination.hasSuffix("/Main.xcstrings") }?.existing == nil)
        #expect(localizable.leftOut.map(\.language) == ["fr"])
        #expect(throws: ConversionError.self) { try Migration().write(plans, diagnostics: &diagnostics) }
    }

    @Test("--dry-run writes nothing; --strict stops at the malformed file and writes nothing")
    func dryRunAndStrict() throws {
        let before = files(below: "MyApp")
        let dryRun = try StringBridgeProcess.run(["migrate", "MyApp", "--dry-run"], in: folder)
        #expect(dryRun.status == 0)
        #expect(dryRun.output.hasPrefix("would write MyApp/Localizable.xcstrings: 11 keys"))
        #expect(files(below: "MyApp") == before)

        let strict = try StringBridgeProcess.run(["migrate", "MyApp", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(
            strict.error.hasSuffix(
                "\nMyApp/fr.lproj/Localizable.strings:2:30: error: expected ';' after the value of \"settings.title\", found a string\n"
            ))
        #expect(files(below: "MyApp") == before)
    }

    @Test("convert reads a .strings file with a ';' missing at a line end too, with the same warning")
    func convertRecoversMissingSemicolon() throws {
        let result = try StringBridgeProcess.run(
            ["convert", "MyApp/it.lproj/Localizable.strings", "-o", "it.xcstrings"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "MyApp/it.lproj/Localizable.strings:2:34: warning: missing ';' after the value of \"settings.title\" "
                + "at the end of the line; the entry is read as if it were there\n")
        var diagnostics = Diagnostics()
        let table = try Converter().read(
            folder.appendingPathComponent("it.xcstrings").path, options: ReadOptions(), diagnostics: &diagnostics)
        #expect(table.entries.keys == ["greeting", "note", "settings.title"])
        #expect(table.entries["settings.title"]?.localizations?["it"]?.stringUnit?.value == "Impostazioni")
        #expect(table.entries["note"]?.comment == "Nota")
    }

    @Test("compile writes .strings for plain entries and .stringsdict for varied ones, per language")
    func compiles() throws {
        _ = try StringBridgeProcess.run(["migrate", "MyApp", "-o", "catalogs"], in: folder)
        let result = try StringBridgeProcess.run(
            ["compile", "catalogs/Localizable.xcstrings", "catalogs/Main.xcstrings", "-o", "compiled"], in: folder)
        #expect(result.status == 0)
        #expect(result.error == "")
        let written = files(below: "compiled")
        #expect(written == Fixtures.files(below: "migration/compiled"))
        for path in written {
            #expect(
                Fixtures.compareGolden(contents("compiled/" + path) ?? [], "migration/compiled/" + path) == nil,
                "\(path)")
        }
    }

    @Test("Legacy → catalog → legacy gives back every key and value of the readable tables")
    func legacyRoundTrip() throws {
        _ = try StringBridgeProcess.run(["migrate", "MyApp", "-o", "catalogs"], in: folder)
        _ = try StringBridgeProcess.run(
            ["compile", "catalogs/Localizable.xcstrings", "catalogs/Main.xcstrings", "-o", "compiled"], in: folder)
        let converter = Converter()
        for (original, language) in [
            ("MyApp/en.lproj/Localizable.strings", "en"), ("MyApp/de.lproj/Localizable.strings", "de"),
            ("MyApp/Plurals/en.lproj/Localizable.stringsdict", "en"),
            ("MyApp/Plurals/de.lproj/Localizable.stringsdict", "de"), ("MyApp/de.lproj/Main.strings", "de"),
            ("MyApp/it.lproj/Localizable.strings", "it"),
        ] {
            let name = original.split(separator: "/").last.map(String.init)!
            var diagnostics = Diagnostics()
            let options = ReadOptions(language: language, sourceLanguage: "en")
            let before = try converter.read(
                folder.appendingPathComponent(original).path, options: options, diagnostics: &diagnostics)
            let after = try converter.read(
                folder.appendingPathComponent("compiled/\(language).lproj/\(name)").path, options: options,
                diagnostics: &diagnostics)
            #expect(
                after.entries.keys == before.entries.keys.sorted(by: XcodeKeyOrder.areInIncreasingOrder), "\(original)")
            for (key, entry) in before.entries {
                // Compared in catalog shape (a compiled root plural's variable has a generated name) and with
                // substitutions sorted (a catalog keeps them in Xcode's order, not the stringsdict's).
                #expect(
                    Self.normalized(after.entries[key]?.localizations?[language])
                        == Self.normalized(entry.localizations?[language]), "\(original) \(key)")
            }
        }
    }

    static func normalized(_ localization: Localization?) -> Localization? {
        guard var shaped = localization?.inCatalogShape() else { return nil }
        if let substitutions = shaped.substitutions {
            var sorted = substitutions
            sorted.reorder(by: XcodeKeyOrder.sortedIndices(substitutions.keys))
            shaped.substitutions = sorted
        }
        return shaped
    }
}
