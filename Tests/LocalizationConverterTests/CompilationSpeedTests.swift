import LocalizationCatalog
import LocalizationConverter
import StringsDictFormat
import StringsFormat
import TestSupport
import Testing

/// `compile`'s split by position is the split by tables.
///
/// `compile` names each language's localizations by position (`Compilation.split`) and the writers read them in
/// place; the exact form builds a one-language table per writer (`Compilation.compileByTables`), and its
/// `.stringsdict` writer builds each value as a tree before writing it (`StringsDictWriter.writesThroughTree`). Both
/// must give the same files, byte for byte, and the same diagnostics in the same order.
@Suite("Compilation: the split by position is the split by tables")
struct CompilationSpeedTests {
    static let path = "Shapes/Localizable.xcstrings"

    /// The files and diagnostics of `compile` and of the exact form, for `languages` (every language when `nil`).
    static func bothWays(_ table: StringTable, languages: [String]?) throws -> (
        fast: [OutputFile], fastDiagnostics: [Diagnostic], exact: [OutputFile], exactDiagnostics: [Diagnostic]
    ) {
        var fastDiagnostics = Diagnostics()
        let fast = try Compilation().compile(table, languages: languages, path: path, diagnostics: &fastDiagnostics)
        var exactDiagnostics = Diagnostics()
        var throughTree = StringsDictWriter()
        throughTree.writesThroughTree = true
        let exact = try Compilation.compileByTables(
            table, languages: languages ?? LanguageSelection.available(in: table), path: path,
            writers: (StringsWriter(), throughTree), diagnostics: &exactDiagnostics)
        return (fast, fastDiagnostics.all, exact, exactDiagnostics.all)
    }

    static func expectSame(_ table: StringTable, languages: [String]?, _ comment: Comment) throws {
        let result = try bothWays(table, languages: languages)
        #expect(result.fast.map(\.relativePath) == result.exact.map(\.relativePath), comment)
        for (fast, exact) in zip(result.fast, result.exact) where fast.bytes != exact.bytes {
            let fastText = String(decoding: fast.bytes, as: UTF8.self)
            let exactText = String(decoding: exact.bytes, as: UTF8.self)
            Issue.record("\(comment): \(fast.relativePath) differs:\n\(fastText)\n---\n\(exactText)")
        }
        #expect(result.fastDiagnostics == result.exactDiagnostics, comment)
    }

    @Test("The standard registry's legacy writers are the ones compile reads in place with")
    func fastPathTaken() {
        // Otherwise `compile` takes the exact form, and the comparisons below compare it with itself.
        #expect(FormatRegistry.standard.format(.strings)?.writer is StringsWriter)
        #expect(FormatRegistry.standard.format(.stringsdict)?.writer is StringsDictWriter)
    }

    @Test("Generated catalogs of every shape compile the same both ways, for every language and for some")
    func generatedShapes() throws {
        var warned = 0
        var stringsDicts = 0
        for seed in UInt64(1)...40 {
            var generator = ShapeGenerator(seed: seed)
            let table = generator.catalog()
            for languages in [nil, ["fr"], ["ru", "en"], ["ar", "ja", "de"]] as [[String]?] {
                try Self.expectSame(table, languages: languages, "seed \(seed), languages \(languages ?? [])")
            }
            let result = try Self.bothWays(table, languages: nil)
            warned += result.fastDiagnostics.count
            stringsDicts += result.fast.filter { $0.relativePath.hasSuffix(".stringsdict") }.count
        }
        // The shapes are there: warnings of every writer and of the split, and .stringsdict files.
        #expect(warned > 100)
        #expect(stringsDicts > 100)
    }

    @Test("Every warning of the split and of both writers, in the same order, at the same places")
    func everyWarning() throws {
        var table = StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0")
        func add(_ key: String, line: Int?, comment: String? = nil, _ localizations: OrderedMap<Localization>?) {
            var entry = CatalogEntry(comment: comment, localizations: localizations)
            entry.origin = line.map { FileLocation(path: Self.path, line: $0, column: 5) }
            table.entries[key] = entry
        }
        let unknownKind = Variations(extraMembers: ["gender": .object(["male": .string("x")])])
        add("set", line: 3, ["en": Localization(stringUnit: nil), "fr": setLocalization()])
        add("unknown kind", line: 7, ["fr": Localization(stringUnit: StringUnit("a"), variations: unknownKind)])
        add(
            "unknown kind, member", line: nil,
            ["fr": Localization(stringUnit: StringUnit("b"), variations: unknownKind, extraMembers: ["x": .null])])
        add("nul comment", line: 12, comment: "a\u{0}b", ["fr": Localization("c")])
        add("é", line: 14, ["fr": Localization("precomposed")])
        add("e\u{301}", line: 15, ["fr": Localization("decomposed")])
        add(
            "plural and kind", line: 20,
            [
                "fr": Localization(
                    variations: Variations(
                        plural: ["other": Localization("%lld")], extraMembers: ["gender": .bool(true)]))
            ])
        add("control", line: 25, ["fr": Localization(variations: Variations(plural: ["other": Localization("\u{1}")]))])
        add(
            "plural no number", line: 30,
            [
                "en": Localization(
                    variations: Variations(plural: ["one": Localization("%d a"), "other": .init("%d b")])),
                "fr": Localization(variations: Variations(plural: ["one": Localization("un"), "other": .init("des")])),
            ])
        try Self.expectSame(table, languages: nil, "every warning")
        let result = try Self.bothWays(table, languages: nil)
        #expect(
            result.fastDiagnostics.map(\.description) == [
                "Shapes/Localizable.xcstrings:3:5: warning: \"set\" (fr): a string set cannot be written to a legacy "
                    + "table; it is left out",
                "Shapes/Localizable.xcstrings:7:5: warning: \"unknown kind\" (fr): variations of a kind this version "
                    + "does not know cannot be written to a legacy table; they are left out",
                "Shapes/Localizable.xcstrings: warning: \"unknown kind, member\" (fr): variations of a kind this "
                    + "version does not know cannot be written to a legacy table; they are left out",
                "Shapes/Localizable.xcstrings:12:5: warning: \"nul comment\" (fr): the comment holds U+0000, which a "
                    + ".strings comment cannot hold (a comment has no escapes, and a NUL byte makes Foundation take "
                    + "the file for UTF-16); it was left out of the comment",
                "warning: \"unknown kind, member\" (fr): member \"x\" is null, which a property list cannot hold; it "
                    + "is left out",
                "Shapes/Localizable.xcstrings:20:5: warning: \"plural and kind\" (fr): unknown variation kinds cannot "
                    + "be written to a .stringsdict; the entry is left out",
                "Shapes/Localizable.xcstrings:25:5: warning: \"control\" (fr): text with the character U+0001, which "
                    + "XML cannot hold, cannot be written to a .stringsdict; the entry is left out",
            ])
        let french = try #require(result.fast.first { $0.relativePath == "fr.lproj/Localizable.stringsdict" })
        // The root plural that prints no number takes the source's value type.
        #expect(
            String(decoding: french.bytes, as: UTF8.self).contains(
                "<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>"))
    }

    func setLocalization() -> Localization {
        var localization = Localization()
        localization.stringSet = StringSet(["one", "two"])
        return localization
    }
}

/// Catalogs of every shape `compile` sorts: `CatalogGenerator`'s (plain strings, root plurals, devices with nested
/// plurals, substitutions, languages missing from entries) and what it does not make: string sets, width
/// variations, variations of unknown kinds (alone or beside known ones), unknown localization members (`null`
/// among them), substitutions without `argNum` whose cases are not in CLDR order, root substitutions beside device
/// variations, root plurals in a translation that print no number, empty localizations, entries without
/// localizations, comments with NUL, control characters, canonically equivalent keys, and entries with and without
/// a place.
struct ShapeGenerator {
    var base: CatalogGenerator

    init(seed: UInt64) {
        base = CatalogGenerator(seed: seed)
    }

    mutating func catalog() -> StringTable {
        var table = base.catalog(entries: 40)
        for (position, key) in table.entries.keys.enumerated() {
            var entry = table.entries[valueAt: position]
            if base.chance(70) {
                entry.origin = FileLocation(path: CompilationSpeedTests.path, line: 2 + position * 3, column: 5)
            }
            if base.chance(5) { entry.comment = "x\u{0}" + base.text() }
            if base.chance(4) {
                entry.localizations = nil
            } else if var localizations = entry.localizations {
                for index in localizations.indices where base.chance(20) {
                    localizations[valueAt: index] = odd(localizations[valueAt: index], key: key)
                }
                // A root plural that prints `%d` in the source, and none in some translations (which take `d`).
                if base.chance(15), localizations.index(forKey: "en") != nil {
                    localizations["en"] = Localization(
                        variations: Variations(plural: ["one": Localization("%d thing"), "other": .init("%d things")]))
                    for index in localizations.indices where localizations.key(at: index) != "en" && base.chance(60) {
                        localizations[valueAt: index] = Localization(
                            variations: Variations(plural: ["one": Localization("a"), "other": .init(base.text())]))
                    }
                }
                entry.localizations = localizations
            }
            table.entries[valueAt: position] = entry
        }
        for key in ["é", "e\u{301}", "\u{212B}", "\u{C5}"] where base.chance(70) {
            var entry = CatalogEntry(localizations: ["en": Localization(key), "fr": Localization("fr " + key)])
            if base.chance(50) {
                entry.localizations?["de"] = Localization(
                    variations: Variations(plural: ["one": Localization("eins"), "other": Localization("viele")]))
            }
            table.entries[key] = entry
        }
        return table
    }

    /// `localization` made into one of the shapes the base generator does not make (or left as it is).
    mutating func odd(_ localization: Localization, key: String) -> Localization {
        var result = localization
        switch Int.random(in: 0..<12, using: &base.random) {
        case 0:
            result = Localization()
            result.stringSet = StringSet(["a", "b"])
        case 1:
            result.variations = Variations(extraMembers: ["gender": .object(["female": .string("f")])])
            if base.chance(50) { result.stringUnit = StringUnit(base.text()) }
        case 2:
            var variations = result.variations ?? Variations(plural: ["other": Localization("%lld x")])
            variations.extraMembers = ["gender": .bool(true)]
            result.variations = variations
        case 3:
            result.extraMembers = base.chance(50) ? ["future": .string("y"), "nothing": .null] : ["n": .number("12")]
        case 4:
            result = Localization(
                variations: Variations(width: ["20": Localization("short"), "100": Localization(base.text())]))
        case 5:
            result = Localization(
                stringUnit: StringUnit("%#@things@ and %#@more@"),
                substitutions: [
                    "things": Substitution(
                        formatSpecifier: "d",
                        variations: Variations(plural: ["other": Localization("%arg things"), "one": .init("%arg")])),
                    "more": Substitution(
                        argNum: 2, formatSpecifier: "@",
                        variations: Variations(plural: ["other": Localization("%arg"), "zero": .init("none")])),
                ])
        case 6:
            result = Localization(
                variations: Variations(
                    device: ["iphone": Localization("%#@n@ phone"), "other": Localization("%#@n@ other")]),
                substitutions: [
                    "n": Substitution(
                        argNum: 1, formatSpecifier: "lld",
                        variations: Variations(plural: ["one": Localization("%arg"), "other": .init("%arg s")]))
                ])
        case 7:
            result = Localization(
                variations: Variations(plural: ["one": Localization("a thing"), "other": Localization("things")]))
        case 8:
            result = Localization()
        case 9:
            result = Localization(
                variations: Variations(plural: ["other": Localization("\u{1}%lld" + base.text())]))
        case 10:
            result = Localization(
                variations: Variations(
                    plural: ["other": Localization(variations: Variations(device: ["mac": Localization("x")]))]))
        default:
            result = Localization(
                stringUnit: StringUnit("%#@n@"),
                variations: Variations(plural: ["other": Localization("%lld")]),
                substitutions: ["n": Substitution(argNum: 1, formatSpecifier: "lld")])
        }
        return result
    }
}
