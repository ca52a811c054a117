import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// XLIFF targets applied to tables as `xcodebuild -importLocalizations` does, and where the options differ.
@Suite("XLIFF import")
struct XLIFFImportTests {
    typealias F = XLIFFMappingFixtures

    /// The French export of the fixture catalog, with `change` applied to its units.
    func exported(_ change: (inout [XLIFFUnit]) -> Void = { _ in }) -> XLIFFFile {
        var file = F.export(F.catalog, .catalog, "fr").file
        change(&file.units)
        return file
    }

    func set(
        _ units: inout [XLIFFUnit], _ id: String, target: String?, state: String? = "translated",
        qualifier: String? = nil
    ) {
        guard let index = units.firstIndex(where: { $0.id == id }) else {
            Issue.record("no unit \(id)")
            return
        }
        units[index].target = target
        units[index].state = state
        units[index].stateQualifier = qualifier
    }

    func fr(_ table: StringTable, _ key: String) -> Localization? {
        table.entries[key]?.localizations?["fr"]
    }

    @Test("Importing an unchanged export changes nothing, twice")
    func unchangedExport() {
        var table = F.catalog
        let report = XLIFFImport.apply(exported(), to: &table, kind: .catalog)
        #expect(table == F.catalog)
        #expect(report.applied == 0)
        #expect(report.skipped.allSatisfy { $0.reason == .noTarget })
        #expect(report.unchanged == exported().units.filter { $0.target != nil }.count)
    }

    @Test("States: translated, final, unknown and none import as translated; leveraged-mt as machine_translated")
    func states() throws {
        let file = exported { units in
            set(&units, "Hello", target: "Salut", state: "final")
            set(&units, "Review", target: "Revu", state: "translated", qualifier: "leveraged-mt")
            set(&units, "Draft", target: "Fini", state: nil)
            set(&units, "Untranslated", target: "Traduit", state: "custom")
            set(&units, "Auto", target: "Auto", state: "translated", qualifier: "exact-match")
        }
        var table = F.catalog
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(report.applied == 5)
        #expect(fr(table, "Hello")?.stringUnit == StringUnit("Salut", state: .translated))
        #expect(fr(table, "Review")?.stringUnit == StringUnit("Revu", state: .machineTranslated))
        #expect(fr(table, "Draft")?.stringUnit == StringUnit("Fini", state: .translated))
        #expect(fr(table, "Untranslated")?.stringUnit == StringUnit("Traduit", state: .translated))
        #expect(fr(table, "Auto")?.stringUnit == StringUnit("Auto", state: .translated))
        var again = table
        let second = XLIFFImport.apply(file, to: &again, kind: .catalog)
        #expect(again == table)
        #expect(second.applied == 0)
    }

    /// A catalog keeps a needs-review target as needs_review (Xcode drops it); acceptUnfinished takes them all.
    @Test("Unfinished targets are skipped as Xcode does, but a catalog keeps needs-review targets")
    func unfinished() {
        let file = exported { units in
            set(&units, "Hello", target: "Salut", state: "new")
            set(&units, "Untranslated", target: "Traduit", state: "needs-review-translation")
        }
        var table = F.catalog
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(fr(table, "Hello") == fr(F.catalog, "Hello"))
        // Xcode drops the translator's text; the catalog can hold it, still flagged for review.
        #expect(fr(table, "Untranslated")?.stringUnit == StringUnit("Traduit", state: .needsReview))
        #expect(
            report.skipped.filter { $0.reason != .noTarget } == [
                .init(id: "Hello", reason: .unfinishedStateWithNewText("new"))
            ])
        var accepting = F.catalog
        _ = XLIFFImport.apply(file, to: &accepting, kind: .catalog, options: .init(acceptUnfinished: true))
        #expect(fr(accepting, "Hello")?.stringUnit == StringUnit("Salut", state: .new))
        #expect(fr(accepting, "Untranslated")?.stringUnit == StringUnit("Traduit", state: .needsReview))
    }

    @Test("An entry whose units change nothing is reported unit by unit, in order; one that changes is reported once")
    func entriesDecidedWithoutBuildingUnits() {
        // "%lld items" in French: `one` unchanged and `other` a new draft with other text changes nothing (decided
        // without building the entry's units); with one case changed, the entry goes through the full comparison
        // after the quick look gave up, and each unit is still reported once.
        let unchangedEntry = exported { units in
            set(&units, "%lld items|==|plural.other", target: "%lld brouillons", state: "new")
            set(&units, "Hello", target: nil, state: nil)
        }
        var table = F.catalog
        var report = XLIFFImport.apply(unchangedEntry, to: &table, kind: .catalog)
        #expect(table == F.catalog)
        #expect(report.applied == 0)
        // In file order: the export lists "%lld items" before "Hello".
        let expected: [XLIFFImportReport.SkippedUnit] = [
            .init(id: "%lld items|==|plural.other", reason: .unfinishedStateWithNewText("new")),
            .init(id: "Hello", reason: .noTarget),
        ]
        #expect(report.skipped.filter { ["Hello", "%lld items|==|plural.other"].contains($0.id) } == expected)
        #expect(report.unchanged + report.skipped.count == unchangedEntry.units.count)

        // `one` (first in the file) is a draft, then `other` changes: the draft is reported once.
        let changedEntry = exported { units in
            set(&units, "%lld items|==|plural.one", target: "%lld brouillon", state: "new")
            set(&units, "%lld items|==|plural.other", target: "%lld éléments !", state: "translated")
            // `iphone` is unchanged and counted once, though the quick look had counted it before giving up.
            set(&units, "Devices|==|device.other", target: "Utilisez !", state: "translated")
        }
        table = F.catalog
        report = XLIFFImport.apply(changedEntry, to: &table, kind: .catalog)
        #expect(report.applied == 2)
        #expect(
            report.skipped.filter { $0.id.hasPrefix("%lld items") } == [
                .init(id: "%lld items|==|plural.one", reason: .unfinishedStateWithNewText("new"))
            ])
        #expect(report.unchanged + report.skipped.count + report.applied == changedEntry.units.count)
        let cases = fr(table, "%lld items")?.variations?.plural
        #expect(cases?["one"]?.stringUnit == StringUnit("%lld élément"))
        #expect(cases?["other"]?.stringUnit == StringUnit("%lld éléments !"))
    }

    @Test("A changed source imports as needs_review, or is skipped with skipChangedSource")
    func changedSource() {
        let file = exported { units in
            set(&units, "Hello", target: "Salut")
            units[units.firstIndex { $0.id == "Hello" }!].source = "Hi"
        }
        var table = F.catalog
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(fr(table, "Hello")?.stringUnit == StringUnit("Salut", state: .needsReview))
        #expect(report.appliedWithChangedSource == ["Hello"])
        var skipping = F.catalog
        let skipped = XLIFFImport.apply(file, to: &skipping, kind: .catalog, options: .init(skipChangedSource: true))
        #expect(skipping == F.catalog)
        #expect(skipped.skipped.contains(.init(id: "Hello", reason: .sourceChanged(expected: "Hello", found: "Hi"))))
    }

    @Test("Missing targets change nothing; an empty translated target writes an empty string")
    func missingAndEmptyTargets() {
        let file = exported { units in
            set(&units, "Hello", target: nil, state: nil)
            set(&units, "Untranslated", target: "")
        }
        var table = F.catalog
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(fr(table, "Hello") == fr(F.catalog, "Hello"))
        #expect(fr(table, "Untranslated")?.stringUnit == StringUnit("", state: .translated))
        #expect(report.skipped.contains(.init(id: "Hello", reason: .noTarget)))
    }

    @Test("Unknown ids and keys that end like variation paths are reported, not applied")
    func unknownIds() {
        let file = exported { units in
            units.append(XLIFFUnit(id: "Not a key", source: "x", target: "y", state: "translated"))
            units.append(XLIFFUnit(id: "Hello|==|plural.one", source: "Hello", target: "Un", state: "translated"))
            units.append(XLIFFUnit(id: "ambiguous|==|plural.one", source: "a", target: "b", state: "translated"))
            units.append(
                XLIFFUnit(id: "Birds|==|substitutions.NEW.plural.one", source: "x", target: "y", state: "translated"))
        }
        var table = F.catalog
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        let reasons = report.skipped.filter { $0.reason != .noTarget }
        #expect(
            reasons == [
                .init(id: "Not a key", reason: .unknownID),
                .init(id: "ambiguous|==|plural.one", reason: .endsLikeVariationPath),
                .init(id: "Birds|==|substitutions.NEW.plural.one", reason: .unknownSubstitution("NEW")),
                .init(id: "Hello", reason: .replacedByVariations),
            ])
        // A key with a variation the table lacks is a target-only variation: it is applied, and replaces the plain
        // string.
        #expect(fr(table, "Hello")?.variations?.plural?["one"]?.stringUnit?.value == "Un")
        #expect(fr(table, "Hello")?.stringUnit == nil)
    }

    @Test("An id is split at the last separator whose left side is a key, whatever unit came before")
    func keysContainingTheSeparator() {
        var entries = OrderedMap<CatalogEntry>()
        entries["a"] = F.entry([("en", Localization("A"))])
        entries["a|==|b"] = F.entry([("en", Localization("B"))])
        let table = StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0", entries: entries)
        let file = XLIFFFile(
            original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr",
            units: [
                XLIFFUnit(id: "a", source: "A", target: "Un A", state: "translated"),
                XLIFFUnit(id: "a|==|b|==|plural.one", source: "B", target: "Un B", state: "translated"),
                XLIFFUnit(id: "a|==|plural.one", source: "A", target: "Un seul A", state: "translated"),
            ])
        var imported = table
        let report = XLIFFImport.apply(file, to: &imported, kind: .catalog)
        #expect(report.applied == 2)
        #expect(fr(imported, "a|==|b")?.variations?.plural?["one"]?.stringUnit?.value == "Un B")
        #expect(fr(imported, "a")?.variations?.plural?["one"]?.stringUnit?.value == "Un seul A")
        // The plural replaces the plain string the file also gives (a string beside variations is dropped by
        // compile).
        #expect(fr(imported, "a")?.stringUnit == nil)
        #expect(report.skipped == [.init(id: "a", reason: .replacedByVariations)])
    }

    @Test("A plan reads the table without changing it; applied, it gives what apply gives")
    func planThenApply() {
        let file = exported { units in set(&units, "Hello", target: "Salut") }
        let plan = XLIFFImport.plan(file, for: F.catalog, kind: .catalog)
        #expect(!plan.isEmpty)
        #expect(plan.language == "fr")
        var planned = F.catalog
        plan.apply(to: &planned)
        var applied = F.catalog
        let report = XLIFFImport.apply(file, to: &applied, kind: .catalog)
        #expect(planned == applied)
        #expect(plan.report == report)
        #expect(fr(planned, "Hello")?.stringUnit?.value == "Salut")
    }

    @Test("Placeholders come back: %N$#@NAME@ → %#@NAME@ and %N$spec → %arg")
    func placeholders() {
        let file = exported { units in
            set(&units, "Birds", target: "Des oiseaux : %1$#@BIRDS@")
            set(&units, "Birds|==|substitutions.BIRDS.plural.one", target: "%1$lld oiseau !")
        }
        var table = F.catalog
        _ = XLIFFImport.apply(file, to: &table, kind: .catalog)
        let birds = fr(table, "Birds")
        #expect(birds?.stringUnit?.value == "Des oiseaux : %#@BIRDS@")
        #expect(birds?.substitutions?["BIRDS"]?.variations?.plural?["one"]?.stringUnit?.value == "%arg oiseau !")
        #expect(birds?.substitutions?["BIRDS"]?.argNum == 1)
    }

    @Test("A substitution case whose target differs from the table only by its normalization changes nothing")
    func canonicallyEquivalentCase() throws {
        var table = F.catalog
        var birds = try #require(fr(table, "Birds"))
        birds.substitutions?["BIRDS"]?.variations?.plural?["one"] = Localization("%arg oiseau égaré")
        table.entries["Birds"]?.localizations?["fr"] = birds
        var file = F.export(table, .catalog, "fr").file
        let id = "Birds|==|substitutions.BIRDS.plural.one"
        let index = try #require(file.units.firstIndex { $0.id == id })
        #expect(file.units[index].target == "%1$lld oiseau égaré")
        file.units[index].target = "%1$lld oiseau e\u{301}gare\u{301}"
        var imported = table
        let report = XLIFFImport.apply(file, to: &imported, kind: .catalog)
        #expect(imported == table)
        #expect(report.applied == 0)
        #expect(report.unchanged == file.units.filter { $0.target != nil }.count)
    }

    @Test("A missing locale is created from the units that have targets, plural cases included")
    func newLocale() {
        var file = F.export(F.catalog, .catalog, "uk").file
        for index in file.units.indices where file.units[index].id.hasPrefix("%lld items|==|") {
            file.units[index].target = "uk " + (file.units[index].id.split(separator: ".").last.map(String.init) ?? "")
            file.units[index].state = "translated"
        }
        var table = F.catalog
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(report.applied == 4)
        let plural = table.entries["%lld items"]?.localizations?["uk"]?.variations?.plural
        #expect(plural?.keys.sorted() == ["few", "many", "one", "other"])
        #expect(table.entries["Hello"]?.localizations?["uk"] == nil)
    }

    @Test("Legacy .strings and .stringsdict tables take targets without states")
    func legacy() {
        var strings = F.strings
        var stringsFile = F.export(F.strings, .strings, "fr").file
        stringsFile.units[stringsFile.units.firstIndex { $0.id == "farewell" }!].target = "Au revoir"
        let report = XLIFFImport.apply(stringsFile, to: &strings, kind: .strings)
        #expect(report.applied == 1)
        #expect(strings.entries["farewell"]?.localizations?["fr"]?.stringUnit?.value == "Au revoir")

        var dict = F.stringsDict
        var dictFile = F.export(F.stringsDict, .stringsDict, "ru").file
        for index in dictFile.units.indices { dictFile.units[index].target = "ru \(index)" }
        let dictReport = XLIFFImport.apply(dictFile, to: &dict, kind: .stringsDict)
        #expect(dictReport.applied == 5)
        let ru = dict.entries["%d files"]?.localizations?["ru"]
        #expect(ru?.stringUnit?.value == "ru 0")
        #expect(ru?.substitutions?["files"]?.variations?.plural?.keys == ["few", "many", "one", "other"])
        #expect(ru?.substitutions?["files"]?.formatSpecifier == "d")
    }

    @Test func statesFromXLIFF() {
        #expect(XLIFFImport.catalogState(state: "signed-off", qualifier: nil, acceptUnfinished: false) == .translated)
        #expect(
            XLIFFImport.catalogState(state: "translated", qualifier: "leveraged-mt", acceptUnfinished: false)
                == .machineTranslated)
        #expect(XLIFFImport.catalogState(state: "needs-review-l10n", qualifier: nil, acceptUnfinished: false) == nil)
        #expect(
            XLIFFImport.catalogState(state: "needs-review-l10n", qualifier: nil, acceptUnfinished: true) == .needsReview
        )
        #expect(XLIFFImport.catalogState(state: nil, qualifier: nil, acceptUnfinished: false) == .translated)
    }
}
