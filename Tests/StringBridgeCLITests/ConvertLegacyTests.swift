import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

/// `stringbridge convert` between `.strings`, `.stringsdict` and `.xcstrings`, over the migration fixture project.
@Suite("stringbridge convert, legacy tables")
struct ConvertLegacyTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "migration/MyApp": "MyApp", "migration/expected/Localizable.xcstrings": "Localizable.xcstrings",
        ])
    }

    func read(_ path: String, language: String? = nil) throws -> StringTable {
        var diagnostics = Diagnostics()
        return try Converter().read(
            folder.appendingPathComponent(path).path, options: ReadOptions(language: language, sourceLanguage: "en"),
            diagnostics: &diagnostics)
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try StringBridgeProcess.run(arguments, in: folder)
    }

    @Test("Several languages merged into a catalog keep the development language's comments only")
    func translationCommentsLeftOut() throws {
        // The translation first: its comments must not become the keys' comments, whatever the order.
        let result = try run([
            "convert", "MyApp/de.lproj/Localizable.strings", "MyApp/en.lproj/Localizable.strings", "-o",
            "both.xcstrings",
        ])
        #expect(result.status == 0)
        #expect(
            result.error
                == "MyApp/de.lproj/Localizable.strings:1:1: warning: the comments of 3 keys in this translation are left "
                + "out (a catalog keeps the development language's comment): \"greeting\", \"no comment\", "
                + "\"only in german\"\n")
        let table = try read("both.xcstrings")
        #expect(table.entries["greeting"]?.comment == "The greeting on the home screen")
        #expect(table.entries["no comment"]?.comment == nil)
        #expect(table.entries["only in german"]?.comment == nil)
        #expect(table.entries["greeting"]?.localizations?["de"]?.stringUnit?.value == "Hallo")
    }

    @Test("A .strings file takes its language from its xx.lproj folder")
    func stringsToCatalog() throws {
        let result = try run(["convert", "MyApp/de.lproj/Localizable.strings", "-o", "de.xcstrings"])
        #expect(result.status == 0)
        let table = try read("de.xcstrings")
        #expect(table.sourceLanguage == "en")
        #expect(table.languages == ["de"])
        #expect(table.entries["greeting"]?.localizations?["de"]?.stringUnit == StringUnit("Hallo", state: .translated))
        #expect(table.entries["greeting"]?.comment == "Der Gruß")
        #expect(table.entries["greeting"]?.extractionState == .migrated)
    }

    @Test("A .stringsdict single-variable plural becomes plural variations, as in Xcode's migration")
    func stringsDictToCatalog() throws {
        let result = try run(["convert", "MyApp/Plurals/en.lproj/Localizable.stringsdict", "-o", "en.xcstrings"])
        #expect(result.status == 0)
        let plural = try read("en.xcstrings").entries["%lld files"]?.localizations?["en"]?.variations?.plural
        #expect(plural?["one"]?.stringUnit?.value == "%lld file")
        #expect(plural?["other"]?.stringUnit?.value == "%lld files")
    }

    @Test("A catalog with several languages needs --language to become one legacy file")
    func catalogToStringsNeedsALanguage() throws {
        let ambiguous = try run(["convert", "Localizable.xcstrings", "-o", "out.strings"])
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.error
                == "out.strings:1:1: error: the input has 3 languages (de, en, it); choose one with --language\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.strings").path))

        let result = try run(["convert", "Localizable.xcstrings", "-o", "out.stringsdict", "--language", "de"])
        #expect(result.status == 0)
        let table = try read("out.stringsdict", language: "de")
        // A .stringsdict holds plain strings too, so nothing of the language is left out.
        #expect(
            table.entries.keys == [
                "%lld files", "%lld photos in %lld albums", "done %@", "escapes", "greeting", "no comment", "note",
                "only in german", "settings.title", "tap",
            ])
        #expect(
            table.entries["tap"]?.localizations?["de"]?.variations?.device?["mac"]?.stringUnit?.value == "Hier klicken")
    }

    @Test("What .strings cannot hold is named in a warning, never dropped silently")
    func catalogToStringsWarns() throws {
        let result = try run(["convert", "Localizable.xcstrings", "-o", "out.strings", "--language", "en"])
        #expect(result.status == 0)
        #expect(result.error.contains("warning: \"tap\" (en): device variations cannot be written to a .strings file"))
        #expect(result.error.contains("\"%lld files\" (en): plural variations cannot be written to a .strings file"))
        #expect(try read("out.strings", language: "en").entries["greeting"] != nil)
    }

    @Test("catalog → XLIFF names the catalog as original; XLIFF → catalog invents no extraction state")
    func xliffKeepsTheTableName() throws {
        let result = try run(["convert", "Localizable.xcstrings", "--language", "de", "-o", "out/de.xliff"])
        #expect(result.status == 0)
        let xliff = try String(contentsOf: folder.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        #expect(xliff.contains("<file original=\"Localizable.xcstrings\""))
        let back = try run(["convert", "out/de.xliff", "-o", "back.xcstrings"])
        #expect(back.status == 0)
        let table = try read("back.xcstrings")
        #expect(table.entries["greeting"]?.localizations?["de"]?.stringUnit == StringUnit("Hallo", state: .translated))
        #expect(table.entries.values.allSatisfy { $0.extractionState == nil })
    }

    @Test(".strings → .strings keeps the UTF-16 encoding, the order and every value, without an .lproj folder")
    func stringsRoundTrip() throws {
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("MyApp/de.lproj/Localizable.strings"),
            to: folder.appendingPathComponent("plain.strings"))
        let result = try run(["convert", "plain.strings", "-o", "copy.strings"])
        #expect(result.status == 0)
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("copy.strings")))
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xFE])
        let before = try read("plain.strings", language: "de")
        let after = try read("copy.strings", language: "de")
        #expect(after.entries.keys == before.entries.keys)
        #expect(after.entries == before.entries)
    }
}

/// `stringbridge roundtrip`, run as a process.
@Suite("stringbridge roundtrip")
struct RoundtripCommandTests {
    @Test("The project's own fixtures lose nothing (invalid inputs and the malformed fixture left out)")
    func fixtures() throws {
        // strings/write/nul-comments.strings holds comments of NUL bytes, which a .strings file cannot hold (lost with a warning);
        // check/ holds tables broken on purpose (placeholder mismatches, control characters) for `check`.
        // strings/edit/ and these strings/read/ files hold comments that belong to no key (headers, several in a row,
        // after the last entry, of an earlier duplicate): a whole rewrite loses them, which roundtrip reports as
        // losses (Tests/RoundTripTests/CommentLossTests.swift); commands that write over them edit them in place.
        let result = try StringBridgeProcess.run(
            [
                "roundtrip", Fixtures.url("").path, "--exclude", "*/invalid/*", "--exclude", "*/MyApp/fr.lproj/*",
                "--exclude", "*/strings/write/nul-comments.strings", "--exclude", "*/Fixtures/check/*",
                // A project with a malformed translation, for export.
                "--exclude", "*/export/unreadable/*",
                "--exclude", "*/strings/edit/*", "--exclude", "*/strings/read/comments*.strings",
                "--exclude", "*/strings/read/braces.strings", "--exclude", "*/strings/read/duplicates.strings",
            ])
        #expect(result.status == 0, "\(result.output.split(separator: "\n").filter { !$0.hasPrefix("expected") })")
        #expect(result.output.split(separator: "\n").last?.contains(" 0 losses, ") == true)
        #expect(!result.output.contains("\nloss: "))
    }

    @Test("An unreadable input fails the check and is named; --format json says why")
    func invalidInput() throws {
        let path = Fixtures.url("migration/MyApp/fr.lproj/Localizable.strings").path
        let result = try StringBridgeProcess.run(["roundtrip", path, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.output.contains("\"kind\" : \"invalid\""))
        #expect(result.output.contains("\"ok\" : false"))
        #expect(result.output.contains("2:30: error: expected ';' after the value of \\\"settings.title\\\""))
    }

    @Test("--via xliff on a legacy project tries its translation files; a check that tries nothing exits 1")
    func legacyProjectThroughXLIFF() throws {
        let project = Fixtures.url("roundtrip/legacy-xliff/App").path
        let result = try StringBridgeProcess.run(["roundtrip", project, "--via", "xliff", "--losses-only"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasPrefix("roundtrip: 1 table, 4 trips, 0 losses, "), "\(result.output)")

        // Only the development language: nothing to take through XLIFF, which says so and fails.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-trip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"greeting\" = \"Hello\";\n".utf8).write(
            to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        let nothing = try StringBridgeProcess.run(["roundtrip", folder.path, "--via", "xliff"])
        #expect(nothing.status == 1)
        #expect(nothing.output == "roundtrip: 1 table, 0 trips, 0 losses, 0 expected differences\n")
        #expect(
            nothing.error.hasPrefix(
                "\(folder.path):1:1: error: no round trip was made: none of the 1 table found has a trip --via xliff "
                    + "(--via xliff needs a catalog with a language besides its development language, or a legacy "
                    + "table with a development-language file and a translation)"), "\(nothing.error)")
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try StringBridgeProcess.run(["roundtrip", empty.path])
        #expect(none.status == 1)
        #expect(
            none.error
                == "\(empty.path):1:1: error: no round trip was made: no String Catalog, legacy .lproj table or XLIFF "
                + "file was found\n")
        #expect(try StringBridgeProcess.run(["roundtrip", folder.path, "--via", "same"]).status == 0)
    }

    @Test("Usage errors exit 64")
    func usage() throws {
        #expect(try StringBridgeProcess.run(["roundtrip"]).status == 64)
        #expect(try StringBridgeProcess.run(["roundtrip", "x", "--via", "yaml"]).status == 64)
        let missing = try StringBridgeProcess.run(["roundtrip", "/nonexistent/stringbridge"])
        #expect(missing.status == 1)
        #expect(missing.error == "/nonexistent/stringbridge:1:1: error: no such file or folder\n")
    }
}
