import Foundation
import TestSupport
import Testing

/// Every warning about a key starts with the input's `path:line:column` of that key, as the readers' own
/// diagnostics do: the writers' (what a format cannot hold) and the export's (a unit XML cannot hold) too.
@Suite("Warnings about a key point at the key")
struct KeyDiagnosticPositionTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func write(_ text: String, to relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "k" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "eine Datei" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } }
                    }
                  }
                }
              }
            },
            "n" : {
              "comment" : "before\\u0000after",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Wert" } }
              }
            },
              "c" : {
              "comment" : "ends */ here\\nand goes on",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Kommentar" } }
              }
            }
          },
          "version" : "1.0"
        }

        """

    @Test("convert: what a .strings file cannot hold is reported at the key in the catalog")
    func convertWarningsAtTheKey() throws {
        try write(Self.catalog, to: "Localizable.xcstrings")
        let result = try StringBridgeProcess.run(
            ["convert", "Localizable.xcstrings", "-o", "de.strings", "--language", "de"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "Localizable.xcstrings:4:5: warning: \"k\" (de): plural variations cannot be written to a "
                + ".strings file; the entry was left out\n"
                + "Localizable.xcstrings:16:5: warning: \"n\" (de): the comment holds U+0000, which a .strings "
                + "comment cannot hold (a comment has no escapes, and a NUL byte makes Foundation take the file for "
                + "UTF-16); it was left out of the comment\n"
                + "Localizable.xcstrings:22:7: warning: \"c\": the comment contains '*/' and a line break; '*/' was "
                + "written as '* /'\n")
    }

    @Test("convert from XLIFF: a key's place is its first <trans-unit>")
    func xliffKeyAtItsUnit() throws {
        try FileManager.default.copyItem(
            at: Fixtures.url("xliff/read/catalog-fr.xliff"), to: folder.appendingPathComponent("catalog-fr.xliff"))
        let result = try StringBridgeProcess.run(
            ["convert", "catalog-fr.xliff", "-o", "fr.strings", "--language", "fr"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "catalog-fr.xliff:8:7: warning: \"%lld items\" (fr): plural variations cannot be written to a "
                + ".strings file; the entry was left out\n"
                + "catalog-fr.xliff:35:7: warning: \"Birds\" (fr): substitutions cannot be written to a .strings "
                + "file; the entry was left out\n"
                + "catalog-fr.xliff:59:7: warning: \"Devices\" (fr): device variations cannot be written to a "
                + ".strings file; the entry was left out\n"
                + "catalog-fr.xliff:109:7: warning: \"Varied only in French\" (fr): plural variations cannot be "
                + "written to a .strings file; the entry was left out\n")
    }

    @Test("export: a unit XML cannot hold is reported at its key in the table, not in the message")
    func exportUnitAtTheKey() throws {
        try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document/>\n", to: "App/Base.lproj/Main.storyboard")
        let table =
            "/* Class = \"UILabel\"; text = \"Ring\"; ObjectID = \"abc\"; */\n\"abc.text\" = \"Ring\";\n\n"
            + "  \"bell.text\" = \"Ring\\U0007\";\n"
        try write(table, to: "App/en.lproj/Main.strings")
        try write("\"abc.text\" = \"Klingeln\";\n", to: "App/de.lproj/Main.strings")
        let result = try StringBridgeProcess.run(
            ["export", "App", "--language", "de", "-o", "out", "--no-extract"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "App/en.lproj/Main.strings:4:3: warning: unit \"bell.text\" (de) holds U+0007, which XML 1.0 "
                + "cannot hold; it is left out of the export\n")
    }
}
