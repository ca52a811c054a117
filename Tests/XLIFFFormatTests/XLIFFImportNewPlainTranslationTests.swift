import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// The import's fast path for a new plain translation (an entry's one root unit, in a language the entry has no
/// localization in yet) against the full comparison: on hand-made entries of every shape and units of every kind,
/// and on generated catalogs without the file's language, both give the same report, the same changes in the same
/// order and the same table.
@Suite("XLIFF import new plain translation")
struct XLIFFImportNewPlainTranslationTests {
    static let options: [XLIFFImport.Options] = [
        XLIFFImport.Options(),
        XLIFFImport.Options(acceptUnfinished: true),
        XLIFFImport.Options(skipChangedSource: true, refusesPlaceholderMismatch: true),
        XLIFFImport.Options(acceptUnfinished: true, refusesPlaceholderMismatch: true),
    ]

    /// Entries of every shape the rule names, in source language `en`; `fr` is imported, which only `hasFrench`
    /// and `emptyFrench` have.
    static let table: StringTable = {
        var entries = OrderedMap<CatalogEntry>()
        func plain(_ value: String, state: TranslationState? = .translated) -> OrderedMap<Localization> {
            ["en": Localization(value, state: state)]
        }
        entries["plain"] = CatalogEntry(localizations: plain("Hello caf\u{E9}"))
        entries["placeholders"] = CatalogEntry(localizations: plain("%@ has %lld items"))
        entries["positional"] = CatalogEntry(localizations: plain("%1$@ of %2$@"))
        entries["percent"] = CatalogEntry(localizations: plain("100%% sure"))
        entries["line\nbreak"] = CatalogEntry(localizations: plain("Line\nbreak"))
        entries["parameter"] = CatalogEntry(localizations: plain("Open ${applicationName}"))
        entries["No source"] = CatalogEntry()
        entries["Empty source"] = CatalogEntry(localizations: ["en": Localization()])
        entries["Only German"] = CatalogEntry(localizations: ["de": Localization("Nur Deutsch")])
        entries["Source without state"] = CatalogEntry(localizations: plain("No state", state: nil))
        entries["key|==|plural.one"] = CatalogEntry(localizations: plain("Separator"))
        entries["key|==|plain"] = CatalogEntry(localizations: plain("Separator too"))
        entries["%lld files"] = CatalogEntry(
            localizations: [
                "en": Localization(
                    variations: Variations(
                        plural: ["one": Localization("%lld file"), "other": Localization("%lld files")]))
            ])
        entries["substitution"] = CatalogEntry(
            localizations: [
                "en": Localization(
                    stringUnit: StringUnit("%#@items@"),
                    substitutions: [
                        "items": Substitution(
                            argNum: 1, formatSpecifier: "lld",
                            variations: Variations(
                                plural: ["one": Localization("%arg item"), "other": Localization("%arg items")]))
                    ])
            ])
        entries["Unknown member"] = CatalogEntry(
            localizations: ["en": Localization(stringUnit: StringUnit("Extra"), extraMembers: ["x": .bool(true)])])
        entries["hasFrench"] = CatalogEntry(
            localizations: ["en": Localization("Hi"), "fr": Localization("Salut")])
        entries["emptyFrench"] = CatalogEntry(localizations: ["en": Localization("Empty"), "fr": Localization()])
        return StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0", entries: entries)
    }()

    static let targets: [String?] = [
        nil, "Bonjour", "", "caf\u{E9}", "cafe\u{301}", "Ligne\nsuivante", "%@ a %lld \u{E9}l\u{E9}ments",
        "%lld %@", "%1$@ de %2$@", "%2$@ de %1$@", "100%% s\u{FB}r", "100 %", "%@", "%#@items@", "%1$#@items@",
        "Ouvrir ${applicationName}", "Ouvrir", "😀 \"<&>\"",
    ]

    static let states: [(state: String?, qualifier: String?)] = [
        (nil, nil), ("translated", nil), ("translated", "leveraged-mt"), ("final", nil), ("signed-off", nil),
        ("new", nil), ("needs-translation", nil), ("needs-review-l10n", nil), ("needs-review-translation", nil),
        ("x-future", nil), ("odd", nil), ("new", "leveraged-mt"),
    ]

    /// The `<source>` export writes for the root of `key` (the source string, or the key without one), or the
    /// source's `other` case for a varied source.
    static func exportedSource(_ key: String) -> String {
        guard let english = table.entries[key]?.localizations?["en"] else { return key }
        if let value = english.stringUnit?.value {
            return english.substitutions == nil ? value : value.replacing("%#@", with: "%1$#@")
        }
        return english.variations?.plural?["other"]?.stringUnit?.value ?? key
    }

    /// The `<source>` kinds tried: none, as exported, changed, canonically equivalent with other bytes.
    static func sources(_ key: String) -> [String?] {
        let exported = exportedSource(key)
        let decomposed = String(
            String.UnicodeScalarView(
                exported.unicodeScalars.flatMap { $0 == "\u{E9}" ? ["e", "\u{301}"] : [$0] as [Unicode.Scalar] }))
        return [nil, exported, exported + " changed", decomposed, ""]
    }

    /// Plans `file` with and without the fast path and expects the same outcome; returns how many entries the fast
    /// path decided.
    @discardableResult
    static func expectSameOutcome(
        _ file: XLIFFFile, for table: StringTable, options: XLIFFImport.Options, _ label: String
    ) -> Int {
        let comment = Comment(rawValue: label)
        let fast = XLIFFImport.plan(file, for: table, kind: .catalog, options: options)
        let full = XLIFFImport.plan(
            file, for: table, kind: .catalog, options: options, takesQuickLook: false, takesNewPlainTranslation: false)
        #expect(full.newPlainTranslations == 0)
        expectSame(fast, full, comment)
        var fastTable = table
        fast.apply(to: &fastTable)
        var fullTable = table
        full.apply(to: &fullTable)
        #expect(fastTable == fullTable, comment)
        return fast.newPlainTranslations
    }

    /// The same report (every field), and the same changes in the same order, string values byte for byte.
    static func expectSame(_ fast: XLIFFImportPlan, _ full: XLIFFImportPlan, _ comment: Comment) {
        #expect(fast.language == full.language, comment)
        #expect(fast.report == full.report, comment)
        #expect(fast.report.applied == full.report.applied, comment)
        #expect(fast.report.unchanged == full.report.unchanged, comment)
        #expect(fast.report.skipped == full.report.skipped, comment)
        #expect(fast.report.appliedWithChangedSource == full.report.appliedWithChangedSource, comment)
        #expect(fast.report.appliedWithPlaceholderMismatch == full.report.appliedWithPlaceholderMismatch, comment)
        let fastChanges = fast.changedLocalizations
        let fullChanges = full.changedLocalizations
        #expect(fastChanges.map(\.position) == fullChanges.map(\.position), comment)
        for (fastChange, fullChange) in zip(fastChanges, fullChanges) {
            #expect(fastChange.localization == fullChange.localization, comment)
            // `==` takes canonically equivalent strings as equal; the catalog is written byte for byte.
            #expect(
                Array((fastChange.localization.stringUnit?.value ?? "").utf8)
                    == Array((fullChange.localization.stringUnit?.value ?? "").utf8), comment)
            #expect(fastChange.localization.stringUnit?.state == fullChange.localization.stringUnit?.state, comment)
            #expect(fastChange.localization.hasMoreThanStringUnit == fullChange.localization.hasMoreThanStringUnit)
        }
    }

    @Test("Every kind of unit, for entries of every shape, gives what the full comparison gives")
    func handMadeUnits() {
        var decided = 0
        for original in ["App/Localizable.xcstrings", "App/Base.lproj/Main.storyboard"] {
            for options in Self.options {
                for target in Self.targets {
                    for (state, qualifier) in Self.states {
                        for sourceKind in 0..<5 {
                            // One unit for each entry (its root), so that each entry's group is one root unit.
                            let units = Self.table.entries.keys.map { key in
                                XLIFFUnit(
                                    id: key, source: Self.sources(key)[sourceKind], target: target, state: state,
                                    stateQualifier: qualifier)
                            }
                            let file = XLIFFFile(
                                original: original, sourceLanguage: "en", targetLanguage: "fr", units: units)
                            decided += Self.expectSameOutcome(
                                file, for: Self.table, options: options,
                                "\(original), \(options), target \(String(reflecting: target)), state \(state ?? "-") "
                                    + "\(qualifier ?? "-"), source kind \(sourceKind)")
                        }
                    }
                }
            }
        }
        // The comparison is only worth something when the fast path decides many of the units.
        #expect(decided > 3000)
    }

    @Test("An entry with several units, or variation units, gives what the full comparison gives")
    func groupsOfUnits() {
        let units = [
            XLIFFUnit(id: "plain", source: "Hello caf\u{E9}", target: "Bonjour", state: "translated"),
            XLIFFUnit(id: "plain", source: "Hello caf\u{E9}", target: "Salut", state: "translated"),
            XLIFFUnit(id: "placeholders", source: "%@ has %lld items", target: "%@ a %lld", state: "translated"),
            XLIFFUnit(id: "%lld files", source: "%lld files", target: "%lld fichiers", state: "translated"),
            XLIFFUnit(id: "%lld files|==|plural.one", source: "%lld file", target: "%lld fichier", state: "translated"),
            XLIFFUnit(id: "%lld files|==|plural.many", source: "%lld files", target: "%lld de", state: "translated"),
            XLIFFUnit(id: "positional", source: "%1$@ of %2$@", target: "%1$@ de %2$@", state: "translated"),
            XLIFFUnit(id: "positional|==|plural.one", source: "%1$@ of %2$@", target: "un", state: "translated"),
            XLIFFUnit(id: "substitution|==|substitutions.items.plural.one", source: "%1$lld item", target: "%1$lld"),
            XLIFFUnit(id: "substitution", source: "%1$#@items@", target: "%1$#@items@", state: "translated"),
            XLIFFUnit(id: "key|==|plural.one", source: "Separator", target: "S\u{E9}parateur", state: "translated"),
            XLIFFUnit(id: "key|==|plain", source: "Separator too", target: "Aussi", state: "translated"),
            XLIFFUnit(id: "hasFrench", source: "Hi", target: "Coucou", state: "translated"),
            XLIFFUnit(id: "emptyFrench", source: "Empty", target: "Vide", state: "translated"),
            XLIFFUnit(id: "percent", source: "100%% sure", target: "100%% s\u{FB}r", state: "translated"),
        ]
        for options in Self.options {
            let file = XLIFFFile(
                original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr", units: units)
            let decided = Self.expectSameOutcome(file, for: Self.table, options: options, "\(options)")
            // `placeholders`, `key|==|plain` and `percent` are the only entries whose group is one root unit, into
            // no French (`key|==|plural.one` ends like a variation path: skipped before).
            #expect(decided == 3, "\(options)")
        }
    }

    @Test("The source language, or a file without a target language, gives what the full comparison gives")
    func sourceLanguage() {
        for options in Self.options {
            for language in ["en", "de", "fr"] {
                let units = Self.table.entries.keys.map { key in
                    XLIFFUnit(id: key, source: Self.exportedSource(key), target: "New \(key)", state: "translated")
                }
                let file = XLIFFFile(
                    original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: language,
                    units: units)
                let decided = Self.expectSameOutcome(file, for: Self.table, options: options, "\(language)")
                #expect((decided > 0) == (language != "en"), "\(language)")
            }
        }
    }

    @Test("The fast path takes the simplest new translation")
    func fastPathIsTaken() {
        let file = XLIFFFile(
            original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr",
            units: [XLIFFUnit(id: "plain", source: "Hello caf\u{E9}", target: "Bonjour caf\u{E9}", state: "translated")]
        )
        let plan = XLIFFImport.plan(file, for: Self.table, kind: .catalog)
        #expect(plan.newPlainTranslations == 1)
        #expect(plan.report.applied == 1)
        var table = Self.table
        plan.apply(to: &table)
        #expect(table.entries["plain"]?.localizations?["fr"] == Localization("Bonjour caf\u{E9}", state: .translated))
        let skipped = XLIFFImport.plan(file, for: Self.table, kind: .catalog, takesNewPlainTranslation: false)
        #expect(skipped.newPlainTranslations == 0)
    }

    /// Generated catalogs, each language exported, edited at random and imported into the catalog without that
    /// language (roundtrip's import, and a translator's first translations), each way.
    @Test("Exports imported into the catalog without their language give what the full comparison gives")
    func generatedCatalogs() {
        var decided = 0
        XLIFFImportQuickLookTests.generatedImports(random: 11) { generated in
            for options in Self.options {
                decided += Self.expectSameOutcome(
                    generated.file, for: generated.stripped, options: options, generated.label)
                // Into the catalog as it is: the quick look, then the fast path for the entries lacking it.
                Self.expectSameOutcome(
                    generated.file, for: generated.table, options: options, "\(generated.label), same")
            }
        }
        #expect(decided > 500)
    }
}
