import Foundation
import TestSupport
import Testing

/// Languages that differ only by case (`FR` beside `fr`).
///
/// They are one `.lproj` folder on macOS's case-insensitive disks: import takes the project's spelling and says
/// so; compile refuses a catalog that holds both.
@Suite("Languages differing only by case")
struct LanguageCaseTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "xliff/export/project": "project", "xliff/import/fr.xliff": "fr.xliff",
        ])
    }

    func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    func entries(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(relative).path)) ?? [])
            .sorted()
    }

    @Test("import: target-language FR goes to the catalog's fr and to fr.lproj, with a note per <file>")
    func importTakesTheProjectSpelling() throws {
        let path = folder.appendingPathComponent("fr.xliff")
        let xliff = try String(contentsOf: path, encoding: .utf8)
        try xliff.replacingOccurrences(of: "target-language=\"fr\"", with: "target-language=\"FR\"")
            .write(to: path, atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["import", "fr.xliff", "--root", "project"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let note =
            "note: target-language \"FR\" is \"fr\" in the project (they differ only by case, and are one "
            + "folder on a case-insensitive disk): imported as \"fr\"\n"
        #expect(result.error.hasPrefix("fr.xliff:3:3: " + note + "fr.xliff:24:3: " + note + "fr.xliff:46:3: " + note))
        // Exactly what importing target-language="fr" gives.
        for (table, golden) in [
            ("Localizable.xcstrings", "Localizable.xcstrings"), ("App/fr.lproj/Main.strings", "Main.strings"),
            ("App/fr.lproj/Main.stringsdict", "Main.stringsdict"),
        ] {
            let difference = Fixtures.compareGolden(bytes("project/" + table) ?? [], "xliff/import/expected/\(golden)")
            #expect(difference == nil, "\(table): \(difference ?? "")")
        }
        #expect(entries("project/App") == ["en.lproj", "fr.lproj"])
        #expect(result.output.contains("Localizable.xcstrings [fr] -> project/Localizable.xcstrings"))
    }

    @Test("import: the development language in another case is the development language")
    func sourceLanguageInAnotherCase() throws {
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Main.strings" source-language="en" target-language="EN" datatype="plaintext">
                <body>
                  <trans-unit id="Cancel" xml:space="preserve">
                    <source>Cancel</source>
                    <target>Cancel now</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        try xliff.write(to: folder.appendingPathComponent("en.xliff"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["import", "en.xliff", "--root", "project"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "en.xliff:3:3: note: target-language \"EN\" is \"en\" in the project (they differ only by case, and "
                + "are one folder on a case-insensitive disk): imported as \"en\"\n")
        #expect(entries("project/App") == ["en.lproj", "fr.lproj"])
        let strings = String(decoding: bytes("project/App/en.lproj/Main.strings") ?? [], as: UTF8.self)
        #expect(strings.contains("\"Cancel\" = \"Cancel now\";"))
    }

    @Test("compile: a catalog holding fr and FR is refused, nothing written")
    func compileRefuses() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello" : {
                  "localizations" : {
                    "FR" : { "stringUnit" : { "state" : "translated", "value" : "SALUT" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "Salut" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        try catalog.write(to: folder.appendingPathComponent("Case.xcstrings"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["compile", "Case.xcstrings", "-o", "out"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "Case.xcstrings:1:1: error: the languages \"FR\" and \"fr\" differ only by case: their FR.lproj and "
                + "fr.lproj would be one folder on a case-insensitive disk (macOS); keep one spelling in the catalog\n")
        #expect(bytes("out") == nil && !entries("").contains("out"))
        let one = try StringBridgeProcess.run(
            ["compile", "Case.xcstrings", "-o", "out", "--language", "fr"], in: folder)
        #expect(one.status == 0, "\(one.error)")
        #expect(entries("out") == ["fr.lproj"])
    }

    @Test("import: a new language in two cases in one import is one language of the catalog")
    func newLanguageInTwoCases() throws {
        func xliff(_ language: String, _ target: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.xcstrings" source-language="en" target-language="\(language)" datatype="plaintext">
                <body>
                  <trans-unit id="Hello" xml:space="preserve">
                    <source>Hello</source>
                    <target state="translated">\(target)</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        }
        try xliff("de", "Hallo").write(to: folder.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        try xliff("DE", "Servus").write(
            to: folder.appendingPathComponent("DE2.xliff"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["import", "de.xliff", "DE2.xliff", "--root", "project"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "DE2.xliff:3:3: note: target-language \"DE\" is \"de\" in the project (they differ only by case, "
                + "and are one folder on a case-insensitive disk): imported as \"de\"\n")
        let catalog = String(decoding: bytes("project/Localizable.xcstrings") ?? [], as: UTF8.self)
        #expect(catalog.contains("\"de\" : {"))
        #expect(!catalog.contains("\"DE\""))
        #expect(catalog.contains("Servus") && !catalog.contains("Hallo"))
    }
}
