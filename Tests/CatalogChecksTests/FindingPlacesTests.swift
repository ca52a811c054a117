import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CatalogChecks

/// A finding about one language's value or one variation case points at it, as the reader recorded it
/// (`Localization.places`), not at the key: `Fixtures/check/places`.
@Suite("check: findings at their localization or leaf")
struct FindingPlacesTests {
    @Test("A catalog's, a .strings file's and a .stringsdict file's findings point at the value or case")
    func findingsPointAtTheirLeaf() throws {
        let result = try StringBridgeProcess.run(["check", "places"], in: Fixtures.url("check"))
        #expect(result.status == 1)
        #expect(result.error == "")
        let catalog = "places/Localizable.xcstrings"
        let legacy = "places/App/de.lproj/Localizable"
        #expect(
            result.output.split(separator: "\n").map(String.init) == [
                // The `one` case's value, not the key (4:5) or the language (6:9).
                "\(legacy).strings:2:9: error: de value of \"bye\": argument 1 is an object (%@) in the source but "
                    + "an integer (%d) here [placeholder-mismatch]",
                // A value on the line after its key.
                "\(legacy).strings:5:5: error: de value of \"count\": argument 1 is an integer (%d) in the source "
                    + "but an object (%@) here [placeholder-mismatch]",
                // The `<string>` of the `one` case.
                "\(legacy).stringsdict:16:4: error: de value of \"%d apples\": argument 1 is an integer (%d) in the "
                    + "source but an object (%@) here [placeholder-mismatch]",
                "\(catalog):12:29: error: de value of \"%lld files\": argument 1 is an integer (%lld) in the source "
                    + "but an object (%@) here [placeholder-mismatch]",
                // The localization whose plural variation lacks categories.
                "\(catalog):42:9: error: ru plural variation of \"%lld files\" lacks few, many (CLDR 47: one, few, "
                    + "many, other) [plural-missing-category]",
                // The case ru does not use, by its name.
                "\(catalog):57:15: warning: ru plural variation of \"%lld files\" has two, which ru does not use "
                    + "(CLDR 47: one, few, many, other) [plural-extra-category]",
                "\(catalog):73:23: warning: de value of \"Name:\" has other trailing whitespace than the source "
                    + "(\"…\" → \"… \") [whitespace-mismatch]",
                "\(catalog):79:23: warning: \"Name:\" has an empty ru translation [missing-translation]",
                "5 errors, 3 warnings, 0 notes in 2 tables (5 files)",
            ])
    }

    /// A language an entry lacks is missing at the key; a localization without content, at its name.
    @Test func missingTranslationAtTheKeyOrTheEmptyLocalization() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "localizations" : {
                    "de" : { },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Key" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "Clé" } }
                  }
                },
                "l" : {
                  "localizations" : {
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "L" } }
                  }
                }
              }
            }
            """
        let table = try CatalogChecksUnitTests.read(text, path: "m.xcstrings")
        var subject = TableUnderCheck(
            table: table, files: [:], mainFile: "m.xcstrings",
            position: { key, _ in
                let origin = table.entries[key]?.origin
                return KeyPosition(file: "m.xcstrings", line: origin?.line ?? 1, column: origin?.column ?? 1)
            },
            languages: table.languages, keyIsSourceText: true)
        subject.placesOrigin = { _, entry, _ in entry.origin }
        var findings: [Finding] = []
        TableRules(rules: [.missingTranslation], requiredLanguages: []).check(subject, into: &findings)
        #expect(
            findings.map { "\($0.line):\($0.column) \($0.message)" } == [
                "6:9 \"k\" has no de translation",
                "11:5 \"l\" has no de translation",
            ])
    }

    /// The leaf a path names, in a localization read from a catalog: its value, else the case's name, else the
    /// localization's name; without places, nothing (the key is used).
    @Test func placeOfAPath() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "localizations" : {
                    "de" : {
                      "substitutions" : {
                        "n" : {
                          "variations" : {
                            "plural" : {
                              "one" : { "stringUnit" : { "state" : "new", "value" : "eins" } }
                            }
                          }
                        }
                      },
                      "stringSet" : { "values" : [ "a" ] }
                    }
                  }
                }
              }
            }
            """
        let table = try CatalogChecksUnitTests.read(text, path: "p.xcstrings")
        let entry = try #require(table.entries["k"])
        let de = try #require(entry.localizations?["de"])
        func place(_ path: String, _ part: FindingPlace) -> FileLocation? {
            TableRules.place(of: path, in: de, origin: entry.origin, part: part)
        }
        let file = "p.xcstrings"
        #expect(place("substitutions.n.plural.one", .value) == FileLocation(path: file, line: 11, column: 73))
        #expect(place("substitutions.n.plural.one", .name) == FileLocation(path: file, line: 11, column: 19))
        #expect(place("substitutions.n.plural", .name) == FileLocation(path: file, line: 6, column: 9))
        #expect(place("substitutions.x.plural.one", .value) == FileLocation(path: file, line: 6, column: 9))
        #expect(place("stringSet.0", .value) == FileLocation(path: file, line: 6, column: 9))
        #expect(place("", .value) == FileLocation(path: file, line: 6, column: 9))
        #expect(TableRules.place(of: "", in: Localization("x"), origin: entry.origin, part: .value) == nil)
        #expect(TableRules.place(of: "", in: de, origin: nil, part: .value) == nil)
    }
}
