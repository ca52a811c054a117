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
        folder = try StringBridgeProcess.temporaryFolder()
        try FileManager.default.copyItem(
            at: Fixtures.url("migration/MyApp"), to: folder.appendingPathComponent("MyApp"))
    }

    func contents(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    func files(below path: String) -> [String] {
        Fixtures.files(inFolderAt: folder.appendingPathComponent(path).path)
    }

    static let expectedWarning =
        "MyApp/fr.lproj/Localizable.strings:2:30: warning: expected ';' after the value of \"settings.title\", "
        + "found a string; this file is left out of the migration\n"

    @Test("Writes Xcode's catalogs where Xcode puts them, and warns about the malformed file")
    func migratesInPlace() throws {
        let result = try StringBridgeProcess.run(["migrate", "MyApp"], in: folder)
        #expect(result.status == 0)
        #expect(result.error == Self.expectedWarning)
        #expect(
            result.output == """
                wrote MyApp/Localizable.xcstrings: 11 keys, 2 languages (en, de) from 4 files
                wrote MyApp/mul.lproj/Main.xcstrings: 1 keys, 1 languages (de) from 1 files

                """)
        #expect(Fixtures.compareGolden(contents("MyApp/Localizable.xcstrings") ?? [], "migration/expected/Localizable.xcstrings") == nil)
        #expect(
            Fixtures.compareGolden(
                contents("MyApp/mul.lproj/Main.xcstrings") ?? [], "migration/expected/mul.lproj/Main.xcstrings") == nil)
    }

    @Test("-o collects the catalogs in one folder")
    func migratesIntoAFolder() throws {
        let result = try StringBridgeProcess.run(["migrate", "MyApp", "-o", "out"], in: folder)
        #expect(result.status == 0)
        #expect(files(below: "out") == ["Localizable.xcstrings", "Main.xcstrings"])
        #expect(contents("out/Localizable.xcstrings") == (try Fixtures.bytes("migration/expected/Localizable.xcstrings")))
    }

    @Test("An existing catalog is not replaced without --force")
    func refusesToOverwrite() throws {
        let previous = Array("previous".utf8)
        try Data(previous).write(to: folder.appendingPathComponent("MyApp/Localizable.xcstrings"))
        let result = try StringBridgeProcess.run(["migrate", "MyApp"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error.hasSuffix(
                "MyApp/Localizable.xcstrings: error: a catalog already exists here; pass --force to replace it\n"))
        #expect(contents("MyApp/Localizable.xcstrings") == previous)
        #expect(contents("MyApp/mul.lproj/Main.xcstrings") == nil)

        let forced = try StringBridgeProcess.run(["migrate", "MyApp", "--force"], in: folder)
        #expect(forced.status == 0)
        #expect(contents("MyApp/Localizable.xcstrings") == (try Fixtures.bytes("migration/expected/Localizable.xcstrings")))
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
            strict.error
                == "MyApp/fr.lproj/Localizable.strings:2:30: error: expected ';' after the value of \"settings.title\", found a string\n")
        #expect(files(below: "MyApp") == before)
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
            #expect(Fixtures.compareGolden(contents("compiled/" + path) ?? [], "migration/compiled/" + path) == nil, "\(path)")
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
        ] {
            let name = original.split(separator: "/").last.map(String.init)!
            var diagnostics = Diagnostics()
            let options = ReadOptions(language: language, sourceLanguage: "en")
            let before = try converter.read(
                folder.appendingPathComponent(original).path, options: options, diagnostics: &diagnostics)
            let after = try converter.read(
                folder.appendingPathComponent("compiled/\(language).lproj/\(name)").path, options: options,
                diagnostics: &diagnostics)
            #expect(after.entries.keys == before.entries.keys.sorted(by: XcodeKeyOrder.areInIncreasingOrder), "\(original)")
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
