import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// A translation tool's XLIFF holding `k` and `k|==|plural.one`/`other` (a translator added plural forms to a
/// plain string): the plural replaces the plain value in a catalog, and is refused in a `.strings` table; never
/// a string beside variations, which `compile` drops.
@Suite("XLIFF import: a plural next to the plain unit")
struct XLIFFImportPluralBesidePlainTests {
    static let key = "%lld files"

    /// A catalog whose `fr` is the plain `current` (none when `nil`) and whose source is `source`.
    static func catalog(fr current: Localization?, source: Localization = Localization("%lld files")) -> StringTable {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        var localizations: OrderedMap<Localization> = ["en": source]
        if let current { localizations["fr"] = current }
        table.entries[key] = CatalogEntry(localizations: localizations)
        return table
    }

    static func file(rootTarget: String, original: String = "Localizable.xcstrings", id: String = key) -> XLIFFFile {
        XLIFFFile(
            original: original, sourceLanguage: "en", targetLanguage: "fr",
            units: [
                XLIFFUnit(
                    id: id, source: "%lld files", target: rootTarget, state: "translated",
                    location: FileLocation(path: "fr.xliff", line: 8, column: 7)),
                XLIFFUnit(
                    id: id + "|==|plural.one", source: "%lld files", target: "%lld fichier", state: "translated",
                    location: FileLocation(path: "fr.xliff", line: 13, column: 7)),
                XLIFFUnit(
                    id: id + "|==|plural.other", source: "%lld files", target: "%lld fichiers", state: "translated",
                    location: FileLocation(path: "fr.xliff", line: 18, column: 7)),
            ])
    }

    static let plural = Localization(
        variations: Variations(plural: [
            "one": Localization(stringUnit: StringUnit("%lld fichier", state: .translated)),
            "other": Localization(stringUnit: StringUnit("%lld fichiers", state: .translated)),
        ]))

    @Test(
        "Catalog: the plural replaces the plain value, changed or not, and the root unit says so",
        arguments: [
            (nil, "%lld fichiers"), ("%lld fichiers", "%lld fichiers"), ("%lld fichiers", "%lld documents"),
        ])
    func catalogReplaces(_ current: String?, _ rootTarget: String) throws {
        var table = Self.catalog(fr: current.map { Localization(stringUnit: StringUnit($0, state: .translated)) })
        let report = XLIFFImport.apply(Self.file(rootTarget: rootTarget), to: &table, kind: .catalog)
        let fr = try #require(table.entries[Self.key]?.localizations?["fr"])
        #expect(fr == Self.plural)
        #expect(CompilerShapes.problems(of: fr).isEmpty)
        #expect(report.applied == 2)
        #expect(report.unchanged == 0)
        #expect(report.skipped == [.init(id: Self.key, reason: .replacedByVariations)])
        #expect(
            report.diagnostics().map(\.description) == [
                "fr.xliff:8:7: warning: unit \"%lld files\" not imported: the file also gives this key variations, "
                    + "which replace its plain string (a localization with both loses one when compiled)"
            ])
    }

    @Test("Catalog: a source with a string beside its plural is mirrored, and a target that had both keeps both")
    func catalogMirrorsBothShapes() throws {
        var both = Self.plural
        both.stringUnit = StringUnit("%lld fichiers", state: .translated)
        let source = Localization(
            stringUnit: StringUnit("%lld files", state: .translated),
            variations: Variations(plural: ["one": Localization("%lld files"), "other": Localization("%lld files")]))
        var mirrored = Self.catalog(fr: nil, source: source)
        let report = XLIFFImport.apply(Self.file(rootTarget: "%lld fichiers"), to: &mirrored, kind: .catalog)
        #expect(mirrored.entries[Self.key]?.localizations?["fr"] == both)
        #expect(report.applied == 3)
        #expect(report.skipped.isEmpty)
        // A target that already had both: the file changes the plain string and the cases, and both stay.
        var had = both
        had.stringUnit?.value = "%lld anciens"
        had.variations?.plural?["one"]?.stringUnit?.value = "%lld ancien"
        var kept = Self.catalog(fr: had)
        let again = XLIFFImport.apply(Self.file(rootTarget: "%lld fichiers"), to: &kept, kind: .catalog)
        #expect(kept.entries[Self.key]?.localizations?["fr"] == both)
        #expect(again.applied == 2)
        #expect(again.skipped.isEmpty)
    }

    @Test("Legacy .strings: the plural units are refused at their places; the plain value is imported")
    func stringsRefuses() throws {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.entries[Self.key] = CatalogEntry(localizations: ["en": Localization("%lld files")])
        let report = XLIFFImport.apply(
            Self.file(rootTarget: "%lld fichiers", original: "en.lproj/Localizable.strings"), to: &table,
            kind: .strings)
        #expect(table.entries.keys == [Self.key])
        #expect(table.entries[Self.key]?.localizations?["fr"] == Localization("%lld fichiers"))
        #expect(report.applied == 1)
        #expect(
            report.diagnostics().map(\.description) == [
                "fr.xliff:13:7: warning: unit \"%lld files|==|plural.one\" not imported: a .strings table holds plain "
                    + "strings: the variations of \"%lld files\" need a .stringsdict entry",
                "fr.xliff:18:7: warning: unit \"%lld files|==|plural.other\" not imported: a .strings table holds "
                    + "plain strings: the variations of \"%lld files\" need a .stringsdict entry",
            ])
        #expect(report.strictFailures.count == 2)
    }
}

/// Units whose id is no key of the table: created in a `.strings` table, reported elsewhere.
@Suite("XLIFF import: ids that are no key")
struct XLIFFImportNewKeyTests {
    static func table() -> StringTable {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.entries["Old"] = CatalogEntry(localizations: ["en": Localization("Old")])
        return table
    }

    static func unit(_ id: String, target: String?, state: String? = nil, note: String = "") -> XLIFFUnit {
        XLIFFUnit(id: id, source: id, target: target, state: state, notes: [XLIFFNote(note)])
    }

    @Test("A .strings table gets the key, in file order, with the note as comment; no target or unfinished: nothing")
    func stringsCreates() {
        var table = Self.table()
        let file = XLIFFFile(
            original: "en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "fr",
            units: [
                Self.unit("Zebra", target: "Zèbre", note: "An animal"), Self.unit("Apple", target: "Pomme"),
                Self.unit("Later", target: nil), Self.unit("Draft", target: "Brouillon", state: "new"),
            ])
        let report = XLIFFImport.apply(file, to: &table, kind: .strings)
        #expect(table.entries.keys == ["Old", "Zebra", "Apple"])
        #expect(
            table.entries["Zebra"] == CatalogEntry(comment: "An animal", localizations: ["fr": Localization("Zèbre")]))
        #expect(table.entries["Apple"] == CatalogEntry(localizations: ["fr": Localization("Pomme")]))
        #expect(report.applied == 2)
        #expect(report.createdKeys == ["Zebra", "Apple"])
        #expect(report.skipped.map(\.reason) == [.noTarget, .unfinishedStateWithNewText("new")])
        // Applied again, nothing changes.
        let again = XLIFFImport.apply(file, to: &table, kind: .strings)
        #expect(again.applied == 0)
        #expect(again.unchanged == 2)
    }

    @Test("Ids only canonically equivalent (café decomposed and precomposed) are two keys; a second import: no change")
    func canonicallyEquivalentIDs() {
        var table = Self.table()
        let decomposed = "cafe\u{301}"
        let precomposed = "caf\u{E9}"
        let file = XLIFFFile(
            original: "en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "he",
            units: [Self.unit(decomposed, target: "קפה"), Self.unit(precomposed, target: "בית קפה")])
        let report = XLIFFImport.apply(file, to: &table, kind: .strings)
        #expect(table.entries.keys.map { Array($0.utf8) } == ["Old", decomposed, precomposed].map { Array($0.utf8) })
        #expect(table.entries[valueAt: 1].localizations?["he"] == Localization("קפה"))
        #expect(table.entries[valueAt: 2].localizations?["he"] == Localization("בית קפה"))
        #expect(report.applied == 2)
        #expect(report.createdKeys.map { Array($0.utf8) } == [Array(decomposed.utf8), Array(precomposed.utf8)])
        // Fuzz/findings/xliff-import/created-key-twice.xliff: the second import created the precomposed key.
        let before = table
        let again = XLIFFImport.apply(file, to: &table, kind: .strings)
        #expect(table == before)
        #expect(again.applied == 0)
        #expect(again.unchanged == 2)
        #expect(again.createdKeys.isEmpty)
    }

    @Test("Development language: a target that is its own source does not take back a source changed since export")
    func developmentTargetIsItsSource() {
        var catalog = StringTable(name: "Localizable", sourceLanguage: "en")
        catalog.entries[""] = CatalogEntry()
        catalog.entries["greeting"] = CatalogEntry(localizations: ["en": Localization("Hello there")])
        let file = XLIFFFile(
            original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "en",
            units: [
                XLIFFUnit(
                    id: "", source: "%d files", target: "%d files",
                    location: FileLocation(path: "en.xliff", line: 8, column: 7)),
                XLIFFUnit(
                    id: "greeting", source: "Hello", target: "Hello",
                    location: FileLocation(path: "en.xliff", line: 13, column: 7)),
            ])
        let before = catalog
        let report = XLIFFImport.apply(file, to: &catalog, kind: .catalog)
        // Fuzz/findings/xliff-import/changed-source-twice.xliff: `needs_review` the first time, `translated` the next.
        #expect(catalog == before)
        #expect(report.applied == 0)
        #expect(
            report.diagnostics(path: "en.xliff").map(\.description) == [
                "en.xliff:8:7: warning: unit \"\" not imported: the source changed: the table has \"\", the file "
                    + "\"%d files\"",
                "en.xliff:13:7: warning: unit \"greeting\" not imported: the source changed: the table has "
                    + "\"Hello there\", the file \"Hello\"",
            ])
        _ = XLIFFImport.apply(file, to: &catalog, kind: .catalog)
        #expect(catalog == before)
    }

    @Test("A catalog and a .stringsdict get no key; the message says why")
    func catalogAndStringsDictRefuse() {
        var catalog = Self.table()
        let unit = Self.unit("New", target: "Nouveau", state: "translated")
        let report = XLIFFImport.apply(
            XLIFFFile(original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr", units: [unit]),
            to: &catalog, kind: .catalog)
        #expect(catalog == Self.table())
        #expect(
            report.diagnostics(path: "fr.xliff").map(\.description) == [
                "fr.xliff: warning: unit \"New\" not imported: no key of the catalog has this id (a catalog takes new "
                    + "keys from its code, by sync, not from an import)"
            ])
        var dictionary = Self.table()
        let rule = Self.unit("/New:dict/NSStringLocalizedFormatKey:dict/:string", target: "%#@n@")
        let refused = XLIFFImport.apply(
            XLIFFFile(original: "en.lproj/L.stringsdict", sourceLanguage: "en", targetLanguage: "fr", units: [rule]),
            to: &dictionary, kind: .stringsDict)
        #expect(dictionary == Self.table())
        #expect(refused.skipped.map(\.reason) == [.unknownStringsDictKey])
        #expect(refused.skipped.first?.reason.code == "unknown-id")
    }
}

/// Places in an XLIFF document with lone CRs (old Mac line endings): as a `FileLocation` counts lines.
@Suite("XLIFF reading: places after a lone CR")
struct XLIFFLoneCRPositionTests {
    @Test("a unit after lone CRs is placed on its own line (Fuzz/findings/check/xliff-position-after-lone-cr.check)")
    func unitAfterLoneCR() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" "
            + "version=\"1.2\">\r<file original=\"Localizable.xcstrings\" source-language=\"en\" target-language=\"fr\" "
            + "datatype=\"plaintext\">\r<body>\r  <trans-unit id=\"a\">\r<source>A</source>\r<target>Á</target>\r"
            + "<target>B</target>\r</trans-unit>\r</body>\r</file>\r</xliff>\r"
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentReader().read(
            SourceFile(path: "fr.xliff", bytes: Array(text.utf8)), diagnostics: &diagnostics)
        #expect(document.files.first?.units.first?.location == FileLocation(path: "fr.xliff", line: 5, column: 3))
        #expect(diagnostics.all.map(\.description).allSatisfy { $0.hasPrefix("fr.xliff:8:1: warning: ") })
        #expect(diagnostics.all.count == 1)
    }
}
