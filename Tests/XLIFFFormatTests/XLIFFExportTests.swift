import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// Tables to XLIFF `<file>`s as Xcode exports them; the goldens are byte for byte.
@Suite("XLIFF export")
struct XLIFFExportTests {
    typealias F = XLIFFMappingFixtures

    @Test("A catalog exported to a language", arguments: ["fr", "uk", "en", "ja"])
    func catalog(_ language: String) {
        let (file, _) = F.export(F.catalog, .catalog, language)
        let difference = Fixtures.compareGolden(F.bytes(file), "xliff/mapping/catalog-\(language).xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func statesMapToXLIFF() {
        #expect(XLIFFExport.xliffState(for: .translated) == ("translated", nil))
        #expect(XLIFFExport.xliffState(for: .needsReview) == ("needs-review-l10n", nil))
        #expect(XLIFFExport.xliffState(for: .new) == ("new", nil))
        #expect(XLIFFExport.xliffState(for: .machineTranslated) == ("translated", "leveraged-mt"))
        #expect(XLIFFExport.xliffState(for: "future") == ("x-future", nil))
        #expect(XLIFFExport.xliffState(for: nil) == (nil, nil))
    }

    @Test("Keys that end like variation paths are refused with a warning, the rest is exported")
    func refusesAmbiguousKeys() {
        let (file, diagnostics) = F.export(F.catalog, .catalog, "fr")
        #expect(!file.units.contains { $0.id.hasPrefix("ambiguous") })
        #expect(
            diagnostics.warnings.map(\.message) == [
                "key \"ambiguous|==|plural.one\" ends like an XLIFF variation id (|==|…); Xcode ignores it on import, so it is not exported"
            ])
    }

    @Test("A literal key that spells another key's variation id is refused; the varied key is kept")
    func collisions() {
        var table = StringTable(name: "T", sourceLanguage: "en", version: "1.0")
        table.entries["a"] = F.entry([("en", Localization(variations: F.plural([("one", "1"), ("other", "n")])))])
        table.entries["a|==|plural.one"] = F.entry([("en", Localization("literal"))])
        table.entries["b"] = F.entry([("en", Localization("b"))])
        let (file, diagnostics) = F.export(table, .catalog, "fr")
        #expect(file.units.map(\.id) == ["a|==|plural.one", "a|==|plural.other", "b"])
        #expect(diagnostics.warnings.count == 1)
    }

    @Test("A legacy .strings table, with its .stringsdict companion", arguments: ["fr", "en"])
    func strings(_ language: String) {
        let (file, _) = F.export(F.strings, .strings, language, companion: F.stringsDict)
        let difference = Fixtures.compareGolden(F.bytes(file), "xliff/mapping/strings-\(language).xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("A legacy .stringsdict table", arguments: ["fr", "ru"])
    func stringsDict(_ language: String) {
        let (file, _) = F.export(F.stringsDict, .stringsDict, language, companion: F.strings)
        let difference = Fixtures.compareGolden(F.bytes(file), "xliff/mapping/stringsdict-\(language).xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("Plural categories per language, as Xcode exports them")
    func pluralCategories() {
        #expect(PluralRules.categories(for: "fr") == ["one", "other"])
        #expect(PluralRules.categories(for: "pt-BR") == ["one", "other"])
        #expect(PluralRules.categories(for: "uk") == ["few", "many", "one", "other"])
        #expect(PluralRules.categories(for: "ar") == ["few", "many", "one", "other", "two", "zero"])
        #expect(PluralRules.categories(for: "zh-Hans") == ["other"])
        #expect(PluralRules.categories(for: "UK_ua") == ["few", "many", "one", "other"])
        #expect(PluralRules.categories(for: "Ar") == PluralRules.categories(for: "ar"))
        #expect(PluralRules.categories(for: "xx") == ["one", "other"])
        #expect(!PluralRules.knows("xx"))
    }
}
