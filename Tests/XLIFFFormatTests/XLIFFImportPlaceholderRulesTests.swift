import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// Which targets import compares placeholders for, and with what: Interface Builder files' strings are text, and a
/// plural case is compared with the source's `other` case (docs/formats/xliff.md, "Placeholders checked").
@Suite("XLIFF import: placeholder rules")
struct XLIFFImportPlaceholderRulesTests {
    static let refusing = XLIFFImport.Options(refusesPlaceholderMismatch: true)

    @Test func interfaceBuilderStringsAreNotFormatStrings() {
        // "100 % des" reads "% d", an integer the source "Download 100%" does not pass: a mismatch for a format
        // string, plain text for a storyboard's title.
        var table = StringTable(name: "Main", sourceLanguage: "en")
        table.entries["Btn-1a-2bc.title"] = CatalogEntry(localizations: ["en": Localization("Download 100%")])
        let units = [
            XLIFFUnit(
                id: "Btn-1a-2bc.title", source: "Download 100%", target: "Télécharger 100 % des fichiers",
                state: "translated", notes: [])
        ]
        for (original, applied) in [("App/Base.lproj/Main.storyboard", 1), ("App/en.lproj/Main.strings", 0)] {
            var copy = table
            let file = XLIFFFile(original: original, sourceLanguage: "en", targetLanguage: "fr", units: units)
            let report = XLIFFImport.apply(file, to: &copy, kind: .strings, options: Self.refusing)
            #expect(report.applied == applied, "\(original)")
            #expect(report.placeholderRefusals.count == 1 - applied, "\(original)")
        }
    }

    @Test func aPluralCaseIsComparedWithTheSourcesOtherCase() {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.entries["%lld files"] = CatalogEntry(localizations: [
            "en": Localization(
                variations: Variations(plural: ["one": Localization("One file"), "other": Localization("%lld files")]))
        ])
        let units = [
            XLIFFUnit(
                id: "%lld files|==|plural.one", source: "One file", target: "%lld файл", state: "translated",
                notes: []),
            XLIFFUnit(
                id: "%lld files|==|plural.few", source: "%lld files", target: "%lld файла", state: "translated",
                notes: []),
            XLIFFUnit(
                id: "%lld files|==|plural.other", source: "%lld files", target: "%lld файла", state: "translated",
                notes: []),
        ]
        let file = XLIFFFile(
            original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "ru", units: units)
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog, options: Self.refusing)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.applied == 3)
        #expect(
            table.entries["%lld files"]?.localizations?["ru"]?.variations?.plural?["one"]?.stringUnit?.value
                == "%lld файл")
    }
}
