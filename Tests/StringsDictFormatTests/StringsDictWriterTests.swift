import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// Writer goldens byte for byte, warnings for what `.stringsdict` cannot hold, and round trips.
///
/// The goldens under `Fixtures/stringsdict/write/` were checked once with Python's `plistlib`: each loads, and
/// its keys and values are the ones the model holds (see docs/formats/stringsdict.md).
@Suite("Stringsdict writer")
struct StringsDictWriterTests {
    static let valid = StringsDictFixture.xmlLayout

    static func write(_ table: StringTable, languages: [String]? = nil) throws -> (
        files: [OutputFile], diagnostics: [String]
    ) {
        var diagnostics = Diagnostics()
        let files = try StringsDictWriter().write(
            table, options: WriteOptions(languages: languages), diagnostics: &diagnostics)
        return (files, diagnostics.all.map(\.description))
    }

    static func read(_ bytes: [UInt8], language: String = "en", expecting warnings: [String] = []) throws -> StringTable
    {
        var diagnostics = Diagnostics()
        let table = try StringsDictReader().read(
            SourceFile(path: "\(language).lproj/Localizable.stringsdict", bytes: bytes), options: ReadOptions(),
            diagnostics: &diagnostics)
        #expect(diagnostics.all.map(\.description) == warnings)
        return table
    }

    /// The warning the reader gives for the unknown category of the catalog-shapes table.
    static let onee = [
        #"en.lproj/Localizable.stringsdict:69:4: warning: "unknown categories": variable "arg1" has a case "onee", "#
            + "which is not a plural category; it is kept as is"
    ]

    static func plural(_ cases: KeyValuePairs<String, String>) -> Variations {
        var map = OrderedMap<Localization>()
        for (name, text) in cases { map[name] = Localization(text) }
        return Variations(plural: map)
    }

    static func entry(_ localizations: OrderedMap<Localization>) -> CatalogEntry {
        CatalogEntry(localizations: localizations)
    }

    // MARK: - Round trips of files in Apple's layout

    @Test("A file in Xcode's layout is written back byte for byte", arguments: valid)
    func byteIdentical(_ name: String) throws {
        let original = try Fixtures.bytes("stringsdict/read/\(name).stringsdict")
        let table = try Self.read(original)
        let (files, diagnostics) = try Self.write(table)
        #expect(diagnostics.isEmpty)
        #expect(files.map(\.relativePath) == ["en.lproj/Localizable.stringsdict"])
        #expect(Fixtures.firstDifference(expected: original, actual: try #require(files.first).bytes) == nil)
    }

    @Test("Reading what was written gives the same model", arguments: valid)
    func modelRoundTrip(_ name: String) throws {
        let table = try Self.read(try Fixtures.bytes("stringsdict/read/\(name).stringsdict"))
        let again = try Self.read(try #require(try Self.write(table).files.first).bytes)
        #expect(again == table)
    }

    @Test("Warnings fixtures keep every value too (unknown categories, other rule types, unknown members)")
    func oddFilesRoundTrip() throws {
        for name in ["duplicate-key", "no-format-key", "other-rule-type", "undefined-variable", "unknown-categories"] {
            var diagnostics = Diagnostics()
            let table = try StringsDictFixture.read(
                "stringsdict/read/\(name).stringsdict", diagnostics: &diagnostics)
            let (files, warnings) = try Self.write(table)
            #expect(warnings.isEmpty, "\(name)")
            var again = Diagnostics()
            let back = try StringsDictReader().read(
                SourceFile(path: "en.lproj/x.stringsdict", bytes: try #require(files.first).bytes),
                options: ReadOptions(tableName: table.name), diagnostics: &again)
            #expect(back.entries == table.entries, "\(name)")
        }
        // Apart from the duplicate (whose first copy is gone), these are byte-identical too.
        for name in ["no-format-key", "undefined-variable", "unknown-categories"] {
            let original = try Fixtures.bytes("stringsdict/read/\(name).stringsdict")
            var diagnostics = Diagnostics()
            let table = try StringsDictFixture.read(
                "stringsdict/read/\(name).stringsdict", diagnostics: &diagnostics)
            #expect(try Self.write(table).files.first?.bytes == original, "\(name)")
        }
    }

    // MARK: - Catalog shapes

    /// Entries in the shapes a String Catalog gives them (plural cases sorted alphabetically, `%arg`, `argNum`,
    /// device variations over root substitutions), as `XCStringsReader` would read them.
    static let catalogShapes: StringTable = {
        var entries = OrderedMap<CatalogEntry>()
        entries["plain"] = entry(["en": Localization("Just text"), "fr": Localization("Juste du texte")])
        entries["%lld items"] = entry([
            "en": Localization(variations: plural(["one": "%lld item", "other": "%lld items", "zero": "No items"])),
            "fr": Localization(
                variations: plural(["many": "%lld d’éléments", "one": "%lld élément", "other": "%lld éléments"])),
        ])
        entries["%d tabs"] = entry(["en": Localization(variations: plural(["one": "A tab", "other": "%d tabs"]))])
        entries["no number"] = entry(["en": Localization(variations: plural(["one": "Once", "other": "Often"]))])
        entries["unknown categories"] = entry([
            "en": Localization(variations: plural(["few": "%lld few", "onee": "%lld typo", "other": "%lld typos"]))
        ])
        var birds = Localization(stringUnit: StringUnit("%#@BIRDS@ & %#@YARDS@ <total>"))
        birds.substitutions = [
            "BIRDS": Substitution(
                argNum: 1, formatSpecifier: "lld", variations: plural(["one": "%arg bird", "other": "%arg birds"])),
            "YARDS": Substitution(
                argNum: 2, formatSpecifier: "@", variations: plural(["one": "one yard", "other": "%arg yards"])),
        ]
        entries["Birds %lld yards %@"] = entry(["en": birds])
        var followers = Localization(stringUnit: StringUnit("%#@followers@"))
        followers.substitutions = [
            "followers": Substitution(
                formatSpecifier: "lld", variations: plural(["one": "%2$@ follower", "other": "%2$@ followers"]))
        ]
        entries["followers"] = entry(["en": followers])
        entries["UserInstructions"] = entry([
            "en": Localization(
                variations: Variations(device: [
                    "ipad": Localization("Tap here"), "mac": Localization("Click here"),
                    "other": Localization("Select here"),
                ]))
        ])
        entries["%lld photos"] = entry([
            "en": Localization(
                variations: Variations(device: [
                    "iphone": Localization(
                        variations: plural(["one": "%lld photo on iPhone", "other": "%lld photos"])),
                    "other": Localization("%lld photos"),
                ]))
        ])
        var deviceOverSubstitution = Localization(
            variations: Variations(device: [
                "mac": Localization("Click %#@files@"), "other": Localization("Tap %#@files@"),
            ]))
        deviceOverSubstitution.substitutions = [
            "files": Substitution(
                argNum: 1, formatSpecifier: "lld", variations: plural(["one": "%arg file", "other": "%arg files"]))
        ]
        entries["open files"] = entry(["en": deviceOverSubstitution])
        entries["Total Annual Revenue"] = entry([
            "en": Localization(
                variations: Variations(width: [
                    "20": Localization("TAR"), "50": Localization("Total Annual Revenue"),
                ]))
        ])
        entries["with extras"] = entry([
            "en": Localization(
                stringUnit: StringUnit("Hi"),
                extraMembers: [
                    "XCount": .number("3"), "XRatio": .number("1.5e3"), "XFlag": .bool(false),
                    "XList": .array([.string("a"), .null, .object(["b": .number("-2")])]), "XNothing": .null,
                ])
        ])
        entries["escaping <&> \"quotes\" 'apostrophes'"] = entry([
            "en": Localization("a < b && c > d\ttab\nnew line\r\nCRLF ]]> end")
        ])
        entries["empty"] = entry(["en": Localization("")])
        return StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0", entries: entries)
    }()

    @Test("Catalog shapes are written as format rules, one file per language")
    func catalogShapes() throws {
        let (files, diagnostics) = try Self.write(Self.catalogShapes)
        #expect(files.map(\.relativePath) == ["en.lproj/Localizable.stringsdict", "fr.lproj/Localizable.stringsdict"])
        #expect(Fixtures.compareGolden(files[0].bytes, "stringsdict/write/en.lproj/Localizable.stringsdict") == nil)
        #expect(Fixtures.compareGolden(files[1].bytes, "stringsdict/write/fr.lproj/Localizable.stringsdict") == nil)
        #expect(
            diagnostics == [
                #"warning: "with extras" (en): member "XNothing" is null, which a property list cannot hold; it is left out"#
            ])
        // Everything written reads back without a warning.
        _ = try Self.read(files[0].bytes, expecting: Self.onee)
        _ = try Self.read(files[1].bytes, language: "fr")
    }

    @Test("The languages option picks the files")
    func languagesOption() throws {
        let (files, _) = try Self.write(Self.catalogShapes, languages: ["fr"])
        #expect(files.map(\.relativePath) == ["fr.lproj/Localizable.stringsdict"])
        let table = try Self.read(files[0].bytes, language: "fr")
        #expect(table.entries.keys == ["plain", "%lld items"])
    }

    @Test("A root plural reads back as one variable, and Xcode's reshaping gives the plural back")
    func rootPluralRoundTrip() throws {
        let (files, _) = try Self.write(Self.catalogShapes, languages: ["en"])
        let table = try Self.read(files[0].bytes, expecting: Self.onee)
        let items = try #require(table.entries["%lld items"]?.localizations?["en"])
        #expect(items.stringUnit?.value == "%#@arg1@")
        let variable = try #require(items.substitutions?["arg1"])
        #expect(variable.formatSpecifier == "lld")
        #expect(variable.variations?.plural?.keys == ["zero", "one", "other"])
        // Migration collapses it again; the cases come back in CLDR order.
        #expect(
            items.inCatalogShape()
                == Localization(
                    variations: Self.plural(["zero": "No items", "one": "%lld item", "other": "%lld items"])))
        let tabs = try #require(table.entries["%d tabs"]?.localizations?["en"]?.substitutions?["arg1"])
        #expect(tabs.formatSpecifier == "d")
        let noNumber = try #require(table.entries["no number"]?.localizations?["en"]?.substitutions?["arg1"])
        #expect(noNumber.formatSpecifier == "lld")
        let typos = try #require(table.entries["unknown categories"]?.localizations?["en"]?.substitutions?["arg1"])
        #expect(typos.variations?.plural?.keys == ["few", "onee", "other"])
        #expect(typos.formatSpecifier == "lld")
    }

    @Test("argNum becomes a position in the format key, and %arg the variable's own specifier")
    func positions() throws {
        let (files, _) = try Self.write(Self.catalogShapes, languages: ["en"])
        let table = try Self.read(files[0].bytes, expecting: Self.onee)
        let birds = try #require(table.entries["Birds %lld yards %@"]?.localizations?["en"])
        #expect(birds.stringUnit?.value == "%1$#@BIRDS@ & %2$#@YARDS@ <total>")
        #expect(birds.substitutions?["BIRDS"]?.variations?.plural?["other"] == Localization("%1$lld birds"))
        #expect(birds.substitutions?["YARDS"]?.variations?.plural?["other"] == Localization("%2$@ yards"))
        // Xcode's reshaping moves the positions back into argNum.
        let reshaped = birds.inCatalogShape()
        #expect(reshaped.stringUnit?.value == "%#@BIRDS@ & %#@YARDS@ <total>")
        #expect(reshaped.substitutions?.values.map(\.argNum) == [1, 2])
        // Without argNum, the reference stays sequential.
        let followers = try #require(table.entries["followers"]?.localizations?["en"])
        #expect(followers.stringUnit?.value == "%#@followers@")
        #expect(followers.substitutions?["followers"]?.argNum == nil)
    }

    @Test("Every %arg of every case is spelled, and nothing that only looks like one")
    func argSpelling() throws {
        var counted = Localization(stringUnit: StringUnit("%@ has %#@COUNT@"))
        counted.substitutions = [
            "COUNT": Substitution(
                argNum: 2, formatSpecifier: "lld",
                variations: Self.plural([
                    "few": "%%arg is 100%%arg, not %arg", "many": "%arg%arg%arg", "one": "no argument: %ar %a % arg",
                    "other": "ends with %arg", "two": "%%%arg", "zero": "%ar",
                ]))
        ]
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.version = "1.0"
        table.entries["counted"] = Self.entry(["en": counted])
        let (files, _) = try Self.write(table, languages: ["en"])
        let back = try Self.read(files[0].bytes)
        let cases = try #require(
            back.entries["counted"]?.localizations?["en"]?.substitutions?["COUNT"]?.variations?.plural)
        #expect(cases.keys == ["zero", "one", "two", "few", "many", "other"])
        #expect(
            cases.values.map { $0.stringUnit?.value }
                == [
                    "%ar", "no argument: %ar %a % arg", "%%%2$lld", "%%arg is 100%%arg, not %2$lld",
                    "%2$lld%2$lld%2$lld", "ends with %2$lld",
                ])
    }

    @Test("Device variations nest plurals and carry root substitutions into their cases")
    func deviceShapes() throws {
        let (files, _) = try Self.write(Self.catalogShapes, languages: ["en"])
        let table = try Self.read(files[0].bytes, expecting: Self.onee)
        let photos = try #require(table.entries["%lld photos"]?.localizations?["en"])
        #expect(photos.inCatalogShape() == Self.catalogShapes.entries["%lld photos"]?.localizations?["en"])
        let files2 = try #require(table.entries["open files"]?.localizations?["en"]?.variations?.device)
        #expect(files2["mac"]?.stringUnit?.value == "Click %1$#@files@")
        #expect(files2["mac"]?.substitutions?["files"]?.variations?.plural?["one"] == Localization("%lld file"))
        let width = try #require(table.entries["Total Annual Revenue"]?.localizations?["en"]?.variations?.width)
        #expect(width.keys == ["20", "50"])
    }

    // MARK: - What cannot be written

    @Test("What a .stringsdict cannot hold is left out with a warning naming key and language")
    func unwritable() throws {
        var entries = OrderedMap<CatalogEntry>()
        var set = Localization()
        set.stringSet = StringSet(["Add a task", "Create a task"])
        entries["phrases"] = Self.entry(["de": set])
        entries["both"] = Self.entry([
            "de": Localization(stringUnit: StringUnit("x"), variations: Self.plural(["other": "y"]))
        ])
        entries["nested"] = Self.entry([
            "de": Localization(
                variations: Variations(plural: [
                    "other": Localization(variations: Variations(device: ["mac": Localization("m")]))
                ]))
        ])
        entries["future kind"] = Self.entry([
            "de": Localization(variations: Variations(extraMembers: ["gender": .object([:])]))
        ])
        var deviceSubstitution = Localization(stringUnit: StringUnit("%#@x@"))
        deviceSubstitution.substitutions = [
            "x": Substitution(variations: Variations(device: ["mac": Localization("m")]))
        ]
        entries["device substitution"] = Self.entry(["de": deviceSubstitution])
        entries["bell\u{7}"] = Self.entry(["de": Localization("ding")])
        entries["control"] = Self.entry(["de": Localization("escape \u{1B}[0m")])
        entries["kept"] = Self.entry(["de": Localization("Behalten")])
        let table = StringTable(name: "Localizable", sourceLanguage: "en", entries: entries)
        let (files, diagnostics) = try Self.write(table)
        let suffix = "cannot be written to a .stringsdict; the entry is left out"
        #expect(
            diagnostics == [
                #"warning: "phrases" (de): a string set "# + suffix,
                #"warning: "both" (de): plural variations next to a string, other variations or substitutions "#
                    + suffix,
                #"warning: "nested" (de): a variation case that is not a plain string "# + suffix,
                #"warning: "future kind" (de): unknown variation kinds "# + suffix,
                #"warning: "device substitution" (de): substitution "x" with device or width variations "# + suffix,
                #"warning: "bell\u{7}" (de): text with the character U+0007, which XML cannot hold, "# + suffix,
                #"warning: "control" (de): text with the character U+001B, which XML cannot hold, "# + suffix,
            ])
        let back = try Self.read(try #require(files.first).bytes, language: "de")
        #expect(back.entries.keys == ["kept"])
    }

    @Test("A warning points at the entry's origin when it has one")
    func warningOrigin() throws {
        var entry = Self.entry(["en": Localization("a\u{0}b")])
        entry.origin = FileLocation(path: "Localizable.xcstrings", line: 7, column: 5)
        let table = StringTable(name: "T", sourceLanguage: "en", entries: ["k": entry])
        #expect(
            try Self.write(table).diagnostics == [
                #"Localizable.xcstrings:7:5: warning: "k" (en): text with the character U+0000, which XML cannot hold, "#
                    + "cannot be written to a .stringsdict; the entry is left out"
            ])
    }

    @Test("An empty table is an empty dictionary")
    func emptyTable() throws {
        let table = StringTable(name: "T", sourceLanguage: "en", entries: ["k": Self.entry(["en": Localization("v")])])
        var diagnostics = Diagnostics()
        let bytes = StringsDictWriter().encode(table, language: "de", diagnostics: &diagnostics)
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict/>
                </plist>

                """)
    }
}
