import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringsFormat
import TestSupport
import Testing
import XCStringsFormat

/// The round-trip check as a library: it finds losses and names them, and it finds none where there are none.
@Suite("Round trips")
struct RoundTripTests {
    /// A `.strings` writer that drops every comment: the kind of bug `roundtrip` exists to catch.
    struct CommentDroppingWriter: CatalogWriter {
        func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws -> [OutputFile] {
            var stripped = table
            stripped.entries = table.entries.mapValues { entry in
                var entry = entry
                entry.comment = nil
                return entry
            }
            return try StringsWriter().write(stripped, options: options, diagnostics: &diagnostics)
        }
    }

    static func registry(stringsWriter: any CatalogWriter) -> FormatRegistry {
        let standard = FormatRegistry.standard
        return FormatRegistry(
            standard.formats.map { format in
                guard format.name == "strings" else { return format }
                var broken = format
                broken.writer = stringsWriter
                // Without the editor, the same-format trip writes through the (broken) writer.
                broken.editor = nil
                return broken
            })
    }

    static let validFixtures = [
        "migration/expected", "xcstrings/read/features.xcstrings", "xcstrings/read/version-1.2.xcstrings",
        "xcstrings/read/version-1.1-final-newline.xcstrings", "xcstrings/read/empty.xcstrings",
    ]

    @Test("A writer that drops comments makes the check fail with a difference naming the key")
    func brokenWriterIsCaught() throws {
        let check = RoundTrip(registry: Self.registry(stringsWriter: CommentDroppingWriter()))
        let report = try check.run(
            [Fixtures.url("migration/expected/Localizable.xcstrings").path], options: RoundTrip.Options(vias: [.legacy])
        )
        #expect(report.hasLosses)
        let greeting = report.losses.first { $0.key == "greeting" }
        #expect(greeting?.aspect == .comment)
        #expect(greeting?.expected == "The greeting on the home screen")
        #expect(greeting?.actual == nil)
        #expect(greeting?.trip == "xcstrings → strings/stringsdict → xcstrings")
        #expect(
            report.text.contains(
                // At the key in the catalog.
                "\(Fixtures.url("migration/expected/Localizable.xcstrings").path):177:5: error: xcstrings → strings/stringsdict → "
                    + "xcstrings: \"greeting\" comment: expected \"The greeting on the home screen\", got nothing"))

        let legacy = try check.run(
            [Fixtures.url("migration/MyApp/en.lproj").path + "/.."], options: RoundTrip.Options(vias: [.same]))
        #expect(
            legacy.losses.contains { $0.key == "greeting" && $0.aspect == .comment && $0.trip == "strings → strings" })
    }

    @Test("The same check with the real writers finds nothing lost")
    func realWritersLoseNothing() throws {
        let report = try RoundTrip().run(
            [Fixtures.url("migration/expected/Localizable.xcstrings").path], options: RoundTrip.Options(vias: [.legacy])
        )
        #expect(!report.hasLosses, "\(report.text)")
        #expect(report.differences.contains { $0.isExpected && $0.aspect == .state } == false)
        #expect(report.differences.contains { $0.isExpected && $0.aspect == .extractionState } == false)
    }

    @Test("The project's own valid fixtures come through every round trip")
    func fixturesLoseNothing() throws {
        let report = try RoundTrip().run(Self.validFixtures.map { Fixtures.url($0).path })
        #expect(report.tables.count >= 5)
        PropertyTests.recordLosses(report, seed: 0)
    }

    @Test("The JSON report is stable: sorted keys, one object per difference, a summary")
    func jsonReport() throws {
        let check = RoundTrip(registry: Self.registry(stringsWriter: CommentDroppingWriter()))
        let report = try check.run(
            [Fixtures.url("migration/expected/mul.lproj/Main.xcstrings").path],
            options: RoundTrip.Options(vias: [.legacy]))
        let path = Fixtures.url("migration/expected/mul.lproj/Main.xcstrings").path
        let expected = """
            {
              "differences" : [
                {
                  "actual" : null,
                  "aspect" : "comment",
                  "expected" : "Class = \\"UILabel\\"; text = \\"Line one\\\\nLine two\\"; ObjectID = \\"abc-12-xyz\\";",
                  "key" : "abc-12-xyz.text",
                  "kind" : "loss",
                  "language" : null,
                  "path" : null,
                  "reason" : null,
                  "table" : "\(path)",
                  "trip" : "xcstrings → strings/stringsdict → xcstrings"
                }
              ],
              "ok" : false,
              "summary" : {
                "expected" : 0,
                "invalid" : 0,
                "losses" : 1,
                "tables" : 1,
                "trips" : 1
              },
              "tables" : [
                {
                  "format" : "xcstrings",
                  "path" : "\(path)",
                  "trips" : [
                    "xcstrings → strings/stringsdict → xcstrings"
                  ]
                }
              ],
              "version" : 1
            }

            """
        #expect(String(decoding: report.json, as: UTF8.self) == expected)
    }

    @Test("A %arg placeholder matches the format specifier a .stringsdict spells it with")
    func argumentPlaceholders() {
        #expect(RoundTrip.matchesArgumentPlaceholders("%arg birds", "%1$lld birds"))
        #expect(RoundTrip.matchesArgumentPlaceholders("%arg of %arg", "%lld of %2$@"))
        #expect(!RoundTrip.matchesArgumentPlaceholders("%arg birds", "%1$lld bird"))
        #expect(!RoundTrip.matchesArgumentPlaceholders("birds", "birds"))
        #expect(!RoundTrip.matchesArgumentPlaceholders("%arg", "%"))
    }
}

/// A `.stringsdict` writer that declares every `d` variable as an object: a changed value type must be a loss.
struct ValueTypeChangingWriter: CatalogWriter {
    let inner: any CatalogWriter

    func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws -> [OutputFile] {
        var changed = table
        changed.entries = table.entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { localization in
                var localization = localization
                localization.substitutions = localization.substitutions?.mapValues { substitution in
                    var substitution = substitution
                    if substitution.formatSpecifier == "d" { substitution.formatSpecifier = "@" }
                    return substitution
                }
                return localization
            }
            return entry
        }
        return try inner.write(changed, options: options, diagnostics: &diagnostics)
    }
}

extension RoundTripTests {
    @Test("A value type that comes back changed (d → @) is a loss naming the key and the variable")
    func changedValueTypeIsALoss() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("value-types-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try Fixtures.bytes("stringsdict/read/value-types.stringsdict")).write(
            to: folder.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        let standard = FormatRegistry.standard
        let broken = FormatRegistry(
            standard.formats.map { format in
                guard format.name == "stringsdict" else { return format }
                var broken = format
                broken.writer = format.writer.map { ValueTypeChangingWriter(inner: $0) }
                return broken
            })
        let report = try RoundTrip(registry: broken).run([folder.path], options: RoundTrip.Options(vias: [.xcstrings]))
        let losses = report.losses.filter { $0.aspect == .valueType }
        #expect(losses.map(\.key) == ["invited", "joined"], "\(report.text)")
        #expect(losses.allSatisfy { $0.path == "substitutions.others" && $0.expected == "d" })
        // Argument 2 stays a substitution on both sides; "joined" (argument 1, whose cases print it as an
        // object) comes back as plural variations once its type is @, so its d comes back as nothing.
        #expect(losses.map(\.actual) == ["@", nil])
        #expect(
            report.text.contains(
                "xcstrings → strings/stringsdict: \"invited\" [en] substitutions.others value-type: expected \"d\", got \"@\""
            ))

        let clean = try RoundTrip().run([folder.path], options: RoundTrip.Options(vias: [.xcstrings, .same]))
        #expect(!clean.hasLosses, "\(clean.text)")
    }
}

extension RoundTripTests {
    static let pluralWithoutNumber = "roundtrip/plural-without-number/Localizable.xcstrings"

    @Test("A root plural whose translations print no number comes back as a plural through legacy tables")
    func rootPluralWithoutNumber() throws {
        let path = Fixtures.url(Self.pluralWithoutNumber).path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.legacy, .same]))
        #expect(!report.hasLosses, "\(report.text)")
        #expect(report.differences.count == 3, "\(report.text)")
    }

    @Test("Its .stringsdict counts argument 1 with the value type the source's cases print")
    func rootPluralWithoutNumberCompiled() throws {
        var diagnostics = Diagnostics()
        let catalog = try XCStringsReader().read(
            SourceFile(path: "Localizable.xcstrings", bytes: try Fixtures.bytes(Self.pluralWithoutNumber)),
            options: ReadOptions(), diagnostics: &diagnostics)
        let files = try Compilation().compile(catalog, languages: nil, diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        for language in ["gl", "lt"] {
            let file = try #require(files.first { $0.relativePath == "\(language).lproj/Localizable.stringsdict" })
            let difference = Fixtures.compareGolden(
                file.bytes, "roundtrip/plural-without-number/\(language).lproj/Localizable.stringsdict")
            #expect(difference == nil, "\(language): \(difference ?? "")")
        }
        // Read back, the migration makes it the catalog's plural again: rootPluralWithoutNumber.
    }

    @Test("A translation that prints no number stays a substitution when the source is no plural (Xcode's migration)")
    func pluralWithoutNumberOfPlainSource() throws {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        let cases: OrderedMap<Localization> = ["one": Localization("hat favorisiert"), "other": Localization("haben")]
        var german = Localization("%#@count@")
        german.substitutions = ["count": Substitution(formatSpecifier: "lld", variations: Variations(plural: cases))]
        table.entries["favorite %lld"] = CatalogEntry(localizations: ["en": Localization("starred"), "de": german])
        let migrated = table.migratedToCatalog()
        #expect(migrated.entries["favorite %lld"]?.localizations?["de"] == german)
        // With a plural source that prints %lld, the translation is that plural.
        table.entries["favorite %lld"]?.localizations?["en"] = Localization(
            variations: Variations(plural: ["one": Localization("%lld star"), "other": Localization("%lld stars")]))
        let plural = table.migratedToCatalog().entries["favorite %lld"]?.localizations?["de"]
        #expect(plural == Localization(variations: Variations(plural: cases)))
        // A value type the source's cases do not print is kept: the substitution stays.
        table.entries["favorite %lld"]?.localizations?["de"]?.substitutions?["count"]?.formatSpecifier = "d"
        #expect(table.migratedToCatalog().entries["favorite %lld"]?.localizations?["de"]?.substitutions != nil)
    }
}

extension RoundTripTests {
    static let targetOnlySubstitution = "roundtrip/target-only-substitution/Localizable.xcstrings"

    @Test("A substitution only a translation has keeps its value type through export and import")
    func targetOnlySubstitutionValueType() throws {
        let path = Fixtures.url(Self.targetOnlySubstitution).path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.xliff]))
        #expect(!report.hasLosses, "\(report.text)")
    }

    @Test("A reference written with its position (%2$#@apples@): XLIFF cannot say so, an expected difference")
    func positionalReferenceThroughXLIFF() throws {
        let path = Fixtures.url("roundtrip/positional-reference/Localizable.xcstrings").path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.xliff]))
        #expect(!report.hasLosses, "\(report.text)")
        let value = try #require(report.differences.first { $0.aspect == .value && $0.key == "%@ has %lld apples" })
        #expect(value.isExpected)
        #expect(value.expected == "У %1$@ %2$#@apples@")
        #expect(value.actual == "У %1$@ %#@apples@")
    }

    @Test("A string that is only one plural substitution comes back from legacy tables as plural variations, no loss")
    func soleSubstitutionThroughLegacy() throws {
        let path = Fixtures.url("roundtrip/sole-substitution/Localizable.xcstrings").path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.legacy]))
        #expect(!report.hasLosses, "\(report.text)")
    }

    @Test("Its cases' <source> is the source string with the argument as the substitution reads it, not the id")
    func targetOnlySubstitutionSource() throws {
        let folder = try CommandTestCase.folder(copying: [Self.targetOnlySubstitution: "Localizable.xcstrings"])
        let result = try StringBridgeProcess.run(
            ["export", "Localizable.xcstrings", "--language", "fr", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let xliff = try String(contentsOf: folder.appendingPathComponent("out/fr.xliff"), encoding: .utf8)
        #expect(
            xliff.contains(
                """
                      <trans-unit id="%lld files|==|substitutions.n.plural.one" xml:space="preserve">
                        <source>%1$d files</source>
                        <target state="translated">un fichier</target>
                """))
        #expect(
            xliff.contains(
                """
                      <trans-unit id="%@ has %lld files|==|substitutions.n.plural.other" xml:space="preserve">
                        <source>%@ has %2$ld files</source>
                        <target state="translated">des fichiers</target>
                """))
        #expect(!xliff.contains("<source>%lld files|==|"))
        // Imported back unchanged into the catalog, and with its value types into the catalog without French.
        let again = try StringBridgeProcess.run(["import", "out/fr.xliff"], in: folder)
        #expect(
            again.output.hasSuffix("import: 0 units applied, 6 units unchanged, 0 units not applied; changed 0 files\n")
        )
    }

    @Test("A value type its units cannot carry is said at export")
    func targetOnlySubstitutionValueTypeWarning() throws {
        let folder = try CommandTestCase.folder(copying: [Self.targetOnlySubstitution: "Localizable.xcstrings"])
        let clean = try StringBridgeProcess.run(
            ["export", "Localizable.xcstrings", "--language", "fr", "-o", "out"], in: folder)
        #expect(clean.error == "")
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Files" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Files" } },
                    "fr" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
                      "substitutions" : {
                        "n" : {
                          "formatSpecifier" : "lld",
                          "variations" : { "plural" : {
                            "one" : { "stringUnit" : { "state" : "translated", "value" : "un fichier" } },
                            "other" : { "stringUnit" : { "state" : "translated", "value" : "des fichiers" } }
                          } }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        try catalog.write(to: folder.appendingPathComponent("Files.xcstrings"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(
            ["export", "Files.xcstrings", "--language", "fr", "-o", "files"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "Files.xcstrings:1:1: warning: key \"Files\" (fr): substitution \"n\" exists only in this language, "
                + "and its value type \"lld\" cannot travel in its units' <source> (neither the source string nor the "
                + "key prints its argument so); an import into a catalog without it does not know it\n")
    }
}
