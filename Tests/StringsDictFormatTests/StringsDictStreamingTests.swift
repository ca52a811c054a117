import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// The `.stringsdict` writer's entries written as made are those written through a tree.
///
/// `.stringsdict` entries are written as the encoder makes them, taken back when they cannot be written; the exact
/// form builds each value as a tree, looks through it for characters XML cannot hold, then writes it
/// (`StringsDictWriter.writesThroughTree`). Both must give the same bytes and the same diagnostics in the same order.
@Suite("StringsDict writer: written as made is written through a tree")
struct StringsDictStreamingTests {
    /// The bytes and diagnostics of writing `language` of `table` both ways.
    static func expectSame(_ table: StringTable, language: String, _ comment: Comment) {
        var streamedDiagnostics = Diagnostics()
        let streamed = StringsDictWriter().encode(table, language: language, diagnostics: &streamedDiagnostics)
        var exact = StringsDictWriter()
        exact.writesThroughTree = true
        var exactDiagnostics = Diagnostics()
        let tree = exact.encode(table, language: language, diagnostics: &exactDiagnostics)
        if streamed != tree {
            let streamedText = String(decoding: streamed, as: UTF8.self)
            let treeText = String(decoding: tree, as: UTF8.self)
            Issue.record("\(comment): the bytes differ:\n\(streamedText)\n---\n\(treeText)")
        }
        #expect(streamedDiagnostics.all == exactDiagnostics.all, comment)
    }

    @Test("Every .stringsdict fixture writes the same both ways")
    func fixtures() throws {
        let names = Fixtures.names(in: "stringsdict/read", withExtension: "stringsdict")
        #expect(names.count > 10)
        for name in names {
            var diagnostics = Diagnostics()
            let table = try StringsDictFixture.read(
                "stringsdict/read/\(name).stringsdict", language: "en", diagnostics: &diagnostics)
            Self.expectSame(table, language: "en", "\(name)")
        }
    }

    @Test("Generated catalogs write the same both ways, in every language")
    func generated() {
        for seed in UInt64(1)...30 {
            var generator = CatalogGenerator(seed: seed)
            var table = generator.catalog(entries: 30)
            if seed.isMultiple(of: 2) { table.version = nil }
            for (code, _) in CatalogGenerator.languages {
                Self.expectSame(table, language: code, "seed \(seed), \(code)")
            }
        }
    }

    /// Entries that cannot be written, one way or another, between entries that can: characters XML cannot hold in
    /// every place a text goes (the key, a format key, a plural case, a device case, a variable, an unknown member's
    /// key, value and array item), beside a localization the encoder refuses (which reason wins), and unknown
    /// members that are `null` before and after them (said with the entry they are left out of when it is written,
    /// never with another).
    @Test("Unwritable characters and refusals anywhere in an entry write the same both ways, with the same warnings")
    func unwritable() {
        let plural = { (text: String) in
            Localization(variations: Variations(plural: ["one": Localization("%d one"), "other": Localization(text)]))
        }
        let cases: [(String, Localization)] = [
            ("fine", Localization("plain")),
            ("key \u{1}", plural("%d x")),
            ("in a case", plural("%d \u{2}")),
            ("U+FFFE", plural("%d \u{FFFE}")),
            ("U+FFFF in a plain string", Localization("a \u{FFFF}")),
            ("tab, LF, CR are fine", plural("%d \t\n\r")),
            (
                "in a device case",
                Localization(variations: Variations(device: ["mac": Localization("\u{1B}"), "other": .init("x")]))
            ),
            (
                "in the format key",
                Localization(
                    stringUnit: StringUnit("%#@n@ \u{7}"),
                    substitutions: [
                        "n": Substitution(
                            argNum: 1, formatSpecifier: "d", variations: Variations(plural: ["other": .init("%arg")]))
                    ])
            ),
            (
                "in a variable",
                Localization(
                    stringUnit: StringUnit("%#@n@"),
                    substitutions: [
                        "n": Substitution(
                            formatSpecifier: "d", variations: Variations(plural: ["other": .init("%arg \u{8}")]))
                    ])
            ),
            (
                "in an unknown member's value",
                Localization(stringUnit: StringUnit("x"), extraMembers: ["note": .string("\u{3}")])
            ),
            (
                "in an unknown member's key",
                Localization(stringUnit: StringUnit("x"), extraMembers: ["k\u{4}": .number("1")])
            ),
            (
                "in an array item",
                Localization(
                    stringUnit: StringUnit("x"),
                    extraMembers: ["list": .array([.string("a"), .null, .string("\u{5}")]), "flag": .bool(true)])
            ),
            (
                "null, then refused",
                Localization(
                    variations: Variations(
                        device: [
                            "mac": Localization(stringUnit: StringUnit("m"), extraMembers: ["gone": .null]),
                            "ipad": setLocalization(),
                        ]))
            ),
            ("after a refusal", Localization(stringUnit: StringUnit("y"), extraMembers: ["n1": .null])),
            (
                "unwritable, then refused",
                Localization(
                    variations: Variations(
                        device: ["mac": Localization("\u{1}"), "other": plural("%d")],
                        extraMembers: ["gender": .bool(true)]))
            ),
            (
                "unwritable, then refused later",
                Localization(
                    variations: Variations(
                        device: [
                            "mac": Localization("\u{1}"),
                            "other": Localization(
                                variations: Variations(
                                    plural: ["other": Localization(variations: Variations(device: ["x": .init("y")]))]
                                )),
                        ]))
            ),
            (
                "null, then unwritable",
                Localization(stringUnit: StringUnit("z"), extraMembers: ["n2": .null, "bad": .string("\u{6}")])
            ),
            ("last", Localization(stringUnit: StringUnit("w"), extraMembers: ["n3": .null, "ok": .string("fine")])),
        ]
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        for (line, (key, localization)) in cases.enumerated() {
            var entry = CatalogEntry(localizations: ["en": localization])
            if line.isMultiple(of: 2) { entry.origin = FileLocation(path: "L.xcstrings", line: line + 1, column: 3) }
            table.entries[key] = entry
        }
        Self.expectSame(table, language: "en", "unwritable")
        var diagnostics = Diagnostics()
        let bytes = StringsDictWriter().encode(table, language: "en", diagnostics: &diagnostics)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<key>fine</key>"))
        #expect(text.contains("<key>tab, LF, CR are fine</key>"))
        #expect(text.contains("<key>last</key>"))
        for (key, _) in cases where !["fine", "tab, LF, CR are fine", "after a refusal", "last"].contains(key) {
            #expect(!text.contains("<key>\(key)</key>"), "\(key)")
        }
        #expect(
            diagnostics.all.map(\.description) == [
                "warning: \"key \\u{1}\" (en): text with the character U+0001, which XML cannot hold, cannot be "
                    + "written to a .stringsdict; the entry is left out",
                "L.xcstrings:3:3: warning: \"in a case\" (en): text with the character U+0002, which XML cannot "
                    + "hold, cannot be written to a .stringsdict; the entry is left out",
                "warning: \"U+FFFE\" (en): text with the character U+FFFE, which XML cannot hold, cannot be "
                    + "written to a .stringsdict; the entry is left out",
                "L.xcstrings:5:3: warning: \"U+FFFF in a plain string\" (en): text with the character U+FFFF, which "
                    + "XML cannot hold, cannot be written to a .stringsdict; the entry is left out",
                "L.xcstrings:7:3: warning: \"in a device case\" (en): text with the character U+001B, which XML "
                    + "cannot hold, cannot be written to a .stringsdict; the entry is left out",
                "warning: \"in the format key\" (en): text with the character U+0007, which XML cannot hold, cannot "
                    + "be written to a .stringsdict; the entry is left out",
                "L.xcstrings:9:3: warning: \"in a variable\" (en): text with the character U+0008, which XML cannot "
                    + "hold, cannot be written to a .stringsdict; the entry is left out",
                "warning: \"in an unknown member's value\" (en): text with the character U+0003, which XML cannot "
                    + "hold, cannot be written to a .stringsdict; the entry is left out",
                "L.xcstrings:11:3: warning: \"in an unknown member's key\" (en): text with the character U+0004, "
                    + "which XML cannot hold, cannot be written to a .stringsdict; the entry is left out",
                "warning: \"in an array item\" (en): text with the character U+0005, which XML cannot hold, cannot "
                    + "be written to a .stringsdict; the entry is left out",
                "L.xcstrings:13:3: warning: \"null, then refused\" (en): a string set cannot be written to a "
                    + ".stringsdict; the entry is left out",
                // The refused entry's null member is not said (nothing of it is written), nor put on the next entry.
                "warning: \"after a refusal\" (en): member \"n1\" is null, which a property list cannot hold; it is "
                    + "left out",
                "L.xcstrings:15:3: warning: \"unwritable, then refused\" (en): unknown variation kinds cannot be "
                    + "written to a .stringsdict; the entry is left out",
                "warning: \"unwritable, then refused later\" (en): a variation case that is not a plain string cannot "
                    + "be written to a .stringsdict; the entry is left out",
                "L.xcstrings:17:3: warning: \"null, then unwritable\" (en): text with the character U+0006, which XML "
                    + "cannot hold, cannot be written to a .stringsdict; the entry is left out",
                "warning: \"last\" (en): member \"n3\" is null, which a property list cannot hold; it is left out",
            ])
    }

    @Test("A document whose every entry is taken back is the empty document")
    func everyEntryTakenBack() {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.entries["refused"] = CatalogEntry(localizations: ["en": setLocalization()])
        table.entries["unwritable \u{1}"] = CatalogEntry(localizations: ["en": Localization("x")])
        Self.expectSame(table, language: "en", "every entry taken back")
        var diagnostics = Diagnostics()
        let bytes = StringsDictWriter().encode(table, language: "en", diagnostics: &diagnostics)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("<plist version=\"1.0\">\n<dict/>\n</plist>\n"))
        #expect(diagnostics.all.count == 2)
    }

    func setLocalization() -> Localization {
        var localization = Localization()
        localization.stringSet = StringSet(["a"])
        return localization
    }
}
