import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// The import's quick look (the fast path for entries an import leaves as they are) against the full comparison:
/// on generated catalogs and XLIFF files edited at random, both give the same report and the same table.
@Suite("XLIFF import quick look")
struct XLIFFImportQuickLookTests {
    static let states: [String?] = [
        nil, "translated", "final", "signed-off", "new", "needs-translation", "needs-review-l10n",
        "needs-review-translation", "x-future", "odd",
    ]

    /// One import of a generated catalog's export: the catalog, the catalog without the export's language, the edited
    /// export (``edited(_:_:random:)``), and a label naming them for a failure.
    struct GeneratedImport {
        let table: StringTable
        let stripped: StringTable
        let language: String
        let file: XLIFFFile
        let label: String
    }

    /// Generated catalogs of 30 entries (seeds 1 to 12), each language but the source exported and edited at
    /// random, with `random` (the same seed gives the same edits).
    static func generatedImports(random seed: UInt64, _ body: (GeneratedImport) -> Void) {
        var random = SplitMix64(seed: seed)
        for catalogSeed in UInt64(1)...12 {
            var generator = CatalogGenerator(seed: catalogSeed)
            let table = generator.catalog(entries: 30)
            for language in CatalogGenerator.languages.map(\.code).dropFirst() {
                var stripped = table
                for position in 0..<stripped.entries.count {
                    stripped.entries[valueAt: position].localizations?[language] = nil
                }
                let file = edited(table, language, random: &random)
                body(
                    GeneratedImport(
                        table: table, stripped: stripped, language: language, file: file,
                        label: "seed \(catalogSeed), \(language)"))
            }
        }
    }

    /// The export of `table` in `language`, with units edited at random: targets changed, removed or added,
    /// states and qualifiers changed, sources changed, units dropped.
    static func edited(_ table: StringTable, _ language: String, random: inout SplitMix64) -> XLIFFFile {
        var diagnostics = Diagnostics()
        var file = XLIFFExport.file(
            for: table, kind: .catalog, original: "App/Localizable.xcstrings", targetLanguage: language,
            diagnostics: &diagnostics)
        var units: [XLIFFUnit] = []
        for var unit in file.units {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: continue  // dropped
            case 1: unit.target = nil
            case 2: unit.target = (unit.target ?? unit.source ?? "") + " edited"
            case 3: unit.target = unit.source
            case 4: unit.state = states[Int.random(in: 0..<states.count, using: &random)]
            case 5: unit.stateQualifier = unit.stateQualifier == nil ? "leveraged-mt" : nil
            case 6: unit.source = (unit.source ?? "") + " changed"
            case 7: unit.target = (unit.target ?? "") + " %lld"  // a placeholder the source may lack
            default: break  // as exported
            }
            units.append(unit)
        }
        file.units = units
        return file
    }

    @Test(
        "Quick look and full comparison give the same report and table",
        arguments: [
            XLIFFImport.Options(),
            XLIFFImport.Options(acceptUnfinished: true),
            XLIFFImport.Options(skipChangedSource: true, refusesPlaceholderMismatch: true),
        ])
    func sameOutcome(options: XLIFFImport.Options) {
        var random = SplitMix64(seed: 7)
        var unchanged = 0
        for seed in UInt64(1)...16 {
            var generator = CatalogGenerator(seed: seed)
            let table = generator.catalog(entries: 30)
            for language in CatalogGenerator.languages.map(\.code) + ["pt-BR"] {
                var diagnostics = Diagnostics()
                let files = [
                    XLIFFExport.file(
                        for: table, kind: .catalog, original: "App/Localizable.xcstrings", targetLanguage: language,
                        diagnostics: &diagnostics),
                    Self.edited(table, language, random: &random),
                ]
                for file in files {
                    let quick = XLIFFImport.plan(file, for: table, kind: .catalog, options: options)
                    let full = XLIFFImport.plan(
                        file, for: table, kind: .catalog, options: options, takesQuickLook: false)
                    #expect(quick.report == full.report, "seed \(seed), \(language)")
                    var quickTable = table
                    quick.apply(to: &quickTable)
                    var fullTable = table
                    full.apply(to: &fullTable)
                    #expect(quickTable == fullTable, "seed \(seed), \(language)")
                    unchanged += quick.report.unchanged
                }
            }
        }
        // The comparison is only worth something with many unchanged units, which the quick look decides.
        #expect(unchanged > 1000)
    }
}
