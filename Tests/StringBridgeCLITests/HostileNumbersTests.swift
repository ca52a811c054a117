import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

/// Numbers in format strings and value types, through the commands as a user runs them: a position of 20 digits
/// is text everywhere (it trapped the scanner before), and a variable's value type survives a trip through a
/// String Catalog.
@Suite("Hostile numbers and value types, through the commands")
struct HostileNumbersTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func contents(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    func read(_ path: String) throws -> StringTable {
        var diagnostics = Diagnostics()
        return try Converter().read(
            folder.appendingPathComponent(path).path, options: ReadOptions(), diagnostics: &diagnostics)
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try StringBridgeProcess.run(arguments, in: folder)
    }

    static let hostile = "%99999999999999999999$#@a@"

    @Test("A .stringsdict with a 20-digit position converts to a catalog and back unchanged")
    func stringsDictThroughCatalog() throws {
        let original = try Fixtures.bytes("stringsdict/read/huge-position.stringsdict")
        try Data(original).write(to: folder.appendingPathComponent("in.stringsdict"))
        let toCatalog = try run(["convert", "in.stringsdict", "--language", "en", "-o", "out.xcstrings"])
        #expect(toCatalog.status == 0, "\(toCatalog.error)")
        #expect(toCatalog.error == "")
        let catalog = String(decoding: contents("out.xcstrings") ?? [], as: UTF8.self)
        #expect(catalog.contains("\"value\" : \"\(Self.hostile)\""))
        let back = try run(["convert", "out.xcstrings", "--language", "en", "-o", "back.stringsdict"])
        #expect(back.status == 0, "\(back.error)")
        #expect(
            Fixtures.compareGolden(contents("back.stringsdict") ?? [], "stringsdict/read/huge-position.stringsdict")
                == nil)
    }

    @Test("A catalog whose value has a 20-digit position compiles and exports without a trap")
    func catalogWithHugePosition() throws {
        try write(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "\(Self.hostile) %99999999999999999999$@"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """, to: "Localizable.xcstrings")
        let compiled = try run(["compile", "Localizable.xcstrings", "-o", "compiled"])
        #expect(compiled.status == 0, "\(compiled.error)")
        #expect(
            contents("compiled/en.lproj/Localizable.strings")
                == Array("\"k\" = \"\(Self.hostile) %99999999999999999999$@\";\n".utf8))
        let exported = try run(["export", "Localizable.xcstrings", "--language", "fr", "-o", "exports"])
        #expect(exported.status == 0, "\(exported.error)")
        let xliff = String(decoding: contents("exports/fr.xliff") ?? [], as: UTF8.self)
        #expect(xliff.contains("<source>\(Self.hostile) %99999999999999999999$@</source>"))
    }

    @Test("A translator's XLIFF whose target has a 20-digit position is imported without a trap")
    func xliffImport() throws {
        try write(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%lld items"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """, to: "Localizable.xcstrings")
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="k" xml:space="preserve">
                    <source>%lld items</source>
                    <target state="translated">\(Self.hostile)</target>
                  </trans-unit>
                  <trans-unit id="k|==|substitutions.a.plural.other" xml:space="preserve">
                    <source>%lld items</source>
                    <target state="translated">%99999999999999999999$lld éléments</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """, to: "fr.xliff")
        // The target reads none of the source's arguments: imported only when mismatches are accepted.
        let result = try run(["import", "fr.xliff", "--accept-placeholder-mismatch"])
        #expect(result.status == 0, "\(result.error)")
        // The 20-digit reference is text, so it names no substitution: the case has nowhere to go.
        #expect(
            result.output.contains(
                #"1 unit unknown-substitution: fr.xliff:9:7: "k|==|substitutions.a.plural.other": substitution "a" exists "#
                    + "in neither the source nor the target"))
        let table = try read("Localizable.xcstrings")
        #expect(table.entries["k"]?.localizations?["fr"]?.stringUnit?.value == Self.hostile)
        #expect(table.entries["k"]?.localizations?["fr"]?.substitutions == nil)
    }

    @Test("A catalog's argNum must be an argument position a format string can name")
    func argNumOutOfRange() throws {
        for (argNum, found) in [
            ("99999999999999999999", "99999999999999999999"), ("0", "0"), ("-1", "-1"),
            ("2147483648", "2147483648"),
        ] {
            try write(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "k" : {
                      "localizations" : {
                        "en" : {
                          "stringUnit" : { "state" : "translated", "value" : "%#@a@" },
                          "substitutions" : { "a" : { "argNum" : \(argNum), "formatSpecifier" : "lld" } }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }

                """, to: "Bad.xcstrings")
            let result = try run(["compile", "Bad.xcstrings", "-o", "compiled"])
            #expect(result.status == 1)
            #expect(
                result.error
                    == "Bad.xcstrings:8:50: error: \"argNum\" must be an argument position from 1 to 2147483647, "
                    + "found \(found)\n")
        }
    }

    @Test("A variable's own value type survives .stringsdict → catalog → .stringsdict, byte for byte")
    func valueTypesSurvive() throws {
        let original = try Fixtures.bytes("stringsdict/read/value-types.stringsdict")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("App/en.lproj"), withIntermediateDirectories: true)
        try Data(original).write(to: folder.appendingPathComponent("App/en.lproj/Localizable.stringsdict"))
        let migrated = try run(["migrate", "App", "--keep-legacy-files"])
        #expect(migrated.status == 0, "\(migrated.error)")
        let compiled = try run(["compile", "App/Localizable.xcstrings", "-o", "compiled"])
        #expect(compiled.status == 0, "\(compiled.error)")
        #expect(
            Fixtures.compareGolden(
                contents("compiled/en.lproj/Localizable.stringsdict") ?? [], "stringsdict/read/value-types.stringsdict")
                == nil)
        let roundtrip = try run(["roundtrip", "App/en.lproj"])
        #expect(roundtrip.status == 0, "\(roundtrip.output)")
    }
}
