import LocalizationCatalog
import TestSupport
import Testing

@_spi(XLIFFDocuments) @testable import XLIFFFormat

/// The import's shortcut for a text that creates a string where the localization had none (`Importer.createsLeaf`):
/// not comparing the localization before and after gives the plan that comparing every time gives.
@Suite("XLIFF import new leaves")
struct XLIFFImportNewLeafTests {
    /// `localization` with some of its strings taken out: the root string, plural and device cases, substitution
    /// cases (an import then fills them in one by one).
    static func thinned(_ localization: Localization, random: inout SplitMix64) -> Localization {
        func roll() -> Bool { Int.random(in: 0..<3, using: &random) == 0 }
        var result = localization
        if roll() { result.stringUnit = nil }
        if var variations = result.variations {
            for kind in [\Variations.plural, \Variations.device] {
                guard var cases = variations[keyPath: kind] else { continue }
                for key in cases.keys where roll() { cases.removeValue(forKey: key) }
                variations[keyPath: kind] = cases
            }
            result.variations = variations
        }
        if var substitutions = result.substitutions {
            for index in substitutions.indices {
                guard var plural = substitutions[valueAt: index].variations?.plural else { continue }
                for key in plural.keys where roll() { plural.removeValue(forKey: key) }
                substitutions[valueAt: index].variations?.plural = plural
            }
            result.substitutions = substitutions
        }
        return result
    }

    /// Plans `file` for `table` both ways and expects the same plan and the same table after it.
    static func expectSame(_ file: XLIFFFile, for table: StringTable, options: XLIFFImport.Options, _ label: String) {
        let comment = Comment(rawValue: label)
        for takesFastPaths in [true, false] {
            let shortcut = XLIFFImport.plan(
                file, for: table, kind: .catalog, options: options, takesQuickLook: takesFastPaths,
                takesNewPlainTranslation: takesFastPaths)
            let compared = XLIFFImport.plan(
                file, for: table, kind: .catalog, options: options, takesQuickLook: takesFastPaths,
                takesNewPlainTranslation: takesFastPaths, comparesNewLeaves: true)
            XLIFFImportNewPlainTranslationTests.expectSame(shortcut, compared, comment)
            var shortcutTable = table
            shortcut.apply(to: &shortcutTable)
            var comparedTable = table
            compared.apply(to: &comparedTable)
            #expect(shortcutTable == comparedTable, comment)
        }
    }

    /// Generated catalogs, each language exported, edited at random and imported into the catalog without that
    /// language (roundtrip's import), into the catalog with some of that language's strings taken out, and into the
    /// catalog as it is.
    @Test("Texts that create a string give the plan that comparing every time gives")
    func generatedCatalogs() {
        var random = SplitMix64(seed: 34)
        var created = 0
        XLIFFImportQuickLookTests.generatedImports(random: 33) { generated in
            let (table, language, file) = (generated.table, generated.language, generated.file)
            var thinned = table
            for position in 0..<table.entries.count {
                if let localization = table.entries[valueAt: position].localizations?[language] {
                    thinned.entries[valueAt: position].localizations?[language] = Self.thinned(
                        localization, random: &random)
                }
            }
            for options in XLIFFImportNewPlainTranslationTests.options {
                Self.expectSame(file, for: generated.stripped, options: options, "\(generated.label), stripped")
                Self.expectSame(file, for: thinned, options: options, "\(generated.label), thinned")
                Self.expectSame(file, for: table, options: options, "\(generated.label), same")
            }
            // Strings in cases and substitutions were created, not only whole plain translations.
            let plan = XLIFFImport.plan(file, for: thinned, kind: .catalog)
            created += plan.changedLocalizations.filter { $0.localization.hasMoreThanStringUnit }.count
        }
        #expect(created > 100)
    }

    /// roundtrip's imports read the plan's changes only, and do not compare placeholders.
    @Test("Without comparing placeholders, an import makes the same changes, without the warnings")
    func withoutPlaceholders() {
        var warned = 0
        XLIFFImportQuickLookTests.generatedImports(random: 35) { generated in
            let file = generated.file
            for options in XLIFFImportNewPlainTranslationTests.options {
                var quiet = options
                quiet.comparesPlaceholders = false
                for (into, label) in [(generated.stripped, "stripped"), (generated.table, "same")] {
                    let comment = Comment(rawValue: "\(generated.label), \(label)")
                    let compared = XLIFFImport.plan(file, for: into, kind: .catalog, options: options)
                    let plan = XLIFFImport.plan(file, for: into, kind: .catalog, options: quiet)
                    #expect(
                        plan.changedLocalizations.map(\.position) == compared.changedLocalizations.map(\.position),
                        comment)
                    #expect(
                        plan.changedLocalizations.map(\.localization)
                            == compared.changedLocalizations.map(\.localization), comment)
                    #expect(plan.report.applied == compared.report.applied, comment)
                    #expect(plan.report.skipped == compared.report.skipped, comment)
                    if options.refusesPlaceholderMismatch {
                        // Refusing compares them whatever the option says.
                        #expect(plan.report == compared.report, comment)
                    } else {
                        #expect(plan.report.appliedWithPlaceholderMismatch.isEmpty, comment)
                        warned += compared.report.appliedWithPlaceholderMismatch.count
                    }
                }
            }
        }
        // The edits gave mismatches that the comparing import warned of.
        #expect(warned > 50)
    }

    @Test("A path ending in a substitution is compared; a path ending in a string or case is not")
    func pathKinds() {
        let importer = Importer(
            table: StringTable(name: "T", sourceLanguage: "en"), language: "fr", options: XLIFFImport.Options())
        #expect(importer.createsLeaf(nil, at: .root))
        #expect(importer.createsLeaf(nil, at: XLIFFVariationPath([.plural("one")])))
        #expect(importer.createsLeaf(nil, at: XLIFFVariationPath([.device("mac"), .plural("other")])))
        #expect(importer.createsLeaf(nil, at: XLIFFVariationPath([.substitution("n"), .plural("one")])))
        #expect(!importer.createsLeaf(nil, at: XLIFFVariationPath([.substitution("n")])))
        #expect(!importer.createsLeaf(StringUnit("x"), at: .root))
        var comparing = importer
        comparing.comparesNewLeaves = true
        #expect(!comparing.createsLeaf(nil, at: .root))
    }
}
