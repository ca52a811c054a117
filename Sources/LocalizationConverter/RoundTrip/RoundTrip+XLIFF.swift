import Foundation
import LocalizationCatalog
import StringBridgeSupport
import StringsDictFormat
import StringsFormat
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A String Catalog through XLIFF and back, language by language.
extension RoundTrip {
    /// What the trips through XLIFF share, made once for all of them: the catalog prepared for export as `export`
    /// prepares it, and the catalog with its source language only, which each language's XLIFF is imported into to
    /// get its values back.
    struct XLIFFTrips: Sendable {
        /// Every language but the source language, one trip each.
        let languages: [String]
        let prepared: XLIFFCatalogExport
        let sourceOnly: StringTable

        /// The export's preparation for `catalog` (read from `path`): one of the two parts, made on its own.
        static func prepared(_ path: String, catalog: StringTable) -> XLIFFCatalogExport {
            XLIFFCatalogExport(table: catalog, original: path.split(separator: "/").last.map(String.init) ?? path)
        }

        /// The languages whose trips `catalog` makes.
        static func languages(of catalog: StringTable) -> [String] {
            catalog.languages.filter { $0 != catalog.sourceLanguage }
        }
    }

    /// `catalog` with only its source language's localizations.
    static func sourceLanguageOnly(_ catalog: StringTable) -> StringTable {
        var sourceOnly = catalog
        let sourceLanguage = catalog.sourceLanguage
        sourceOnly.entries = catalog.entries.mapValues { entry in
            var entry = entry
            if let localizations = entry.localizations {
                var kept = OrderedMap<Localization>()
                if let source = localizations[sourceLanguage] { kept[sourceLanguage] = source }
                entry.localizations = kept
            }
            return entry
        }
        return sourceOnly
    }

    /// The trip through `language`'s XLIFF.
    ///
    /// The XLIFF is exported as `export` does, read back, and imported twice. Importing it into the same catalog
    /// changes nothing, and importing it into the catalog without that language (`sourceOnly`: nor any other but the
    /// source language) gives every exported value back.
    ///
    /// ``RoundTrip/catalogViaLegacyAndXLIFF(_:catalog:options:report:)`` makes one per language (``XLIFFTrips``), side by side.
    static func catalogViaXLIFF(
        _ path: String, catalog: StringTable, sourceOnly: StringTable, prepared: XLIFFCatalogExport, language: String,
        listsExpected: Bool = true
    ) -> (trip: String, differences: TripDifferences) {
        let trip = Trip(name: "xcstrings → xliff (\(language)) → xcstrings", expectations: .catalogViaXLIFF)
        var diagnostics = Diagnostics()
        var document = XLIFFDocumentStream()
        document.writeCatalog(prepared, targetLanguage: language, diagnostics: &diagnostics)
        let bytes = document.finish()
        let exported: XLIFFFile
        do {
            // Read as `import` reads it: a catalog's notes are not read.
            var reader = XLIFFDocumentReader(keepsNotes: false)
            reader.keepsNotesOutsideCatalogs = true
            let read = try reader.read(bytes, path: "\(language).xliff", diagnostics: &diagnostics)
            guard let file = read.files.first else {
                return (trip.name, TripDifferences(listed: [failure(path, trip, "the exported XLIFF has no <file>")]))
            }
            exported = file
        } catch {
            return (
                trip.name,
                TripDifferences(listed: [failure(path, trip, "the exported XLIFF cannot be read back: \(error)")])
            )
        }
        var differences = TripDifferences()
        // Both imports place the units alike (the two catalogs have the same keys in the same order): once.
        let places = XLIFFImport.catalogUnitPlaces(exported, in: catalog)
        // Importing what was exported into the same catalog changes nothing (every difference a loss: all listed).
        differences.listed += identityLosses(
            importing: exported, into: catalog, kind: .catalog, trip: trip, table: path, language: language,
            comparesOrder: true, reason: "importing the export into the same catalog changed it", places: places)
        // Importing it into the catalog without the language gives every exported value back.
        let (expected, actual) = recovered(
            exported, catalog: catalog, sourceOnly: sourceOnly, language: language, places: places)
        var recovery = TableComparison(trip: trip, table: path, languages: [language], comparesOrder: false)
        recovery.listsExpected = listsExpected
        recovery.compare(expected: expected, actual: actual)
        differences += recovery.takeFound(expectedWhen: { _ in nil })
        return (trip.name, differences)
    }

    /// How the trips import an export into a table without its language: every state export writes is taken back,
    /// and placeholders are not compared (the trips read the changes, not the import's warnings, and the changes are
    /// the same either way).
    static var recoveryImport: XLIFFImport.Options {
        var options = XLIFFImport.Options(acceptUnfinished: true)
        options.comparesPlaceholders = false
        return options
    }

    /// The entries whose `language` localization importing `exported` into `sourceOnly` (``sourceLanguageOnly(_:)``
    /// of `catalog`) does not give back as `catalog` has it, before and after: what ``changedEntries(_:_:language:)``
    /// finds between `catalog` and `sourceOnly` with the import applied.
    ///
    /// Rule: an import into a catalog changes only the localizations the plan names, one per entry, and the version
    /// (which the comparison does not look at, and is left as `sourceOnly` has it); so each entry's imported
    /// localization is the plan's or the one `sourceOnly` has, and is compared with `catalog`'s where it stands,
    /// without a copy of the whole table made and changed for each language. The plan is made without the quick look,
    /// which cannot find an entry without the language unchanged (the two ways give the same plan:
    /// `XLIFFImportQuickLookTests`). A plan that adds entries (none does for a catalog) is applied as it is
    /// (``recoveredByApplying(_:catalog:sourceOnly:language:)``, the reference `RoundTripScaleTests` holds this equal
    /// to but for the version).
    static func recovered(
        _ exported: XLIFFFile, catalog: StringTable, sourceOnly: StringTable, language: String,
        places: CatalogUnitPlaces? = nil
    ) -> (StringTable, StringTable) {
        let plan = XLIFFImport.plan(
            exported, for: sourceOnly, kind: .catalog, options: Self.recoveryImport, takesQuickLook: false,
            places: places)
        guard !plan.addsEntries, sourceOnly.entries.count == catalog.entries.count else {
            return recoveredByApplying(exported, catalog: catalog, sourceOnly: sourceOnly, language: language)
        }
        let changes = plan.changedLocalizations
        var changeAt = [Int](repeating: -1, count: catalog.entries.count)
        for (index, change) in changes.enumerated() where change.position < changeAt.count {
            changeAt[change.position] = index
        }
        var before = catalog
        var after = sourceOnly
        before.entries = OrderedMap()
        after.entries = OrderedMap()
        // Where the language was in the entry before: entries mostly list their languages in the same order.
        var hint = 0
        for index in catalog.entries.indices {
            let change = changeAt[index]
            let same = catalog.entries.withValue(at: index) { original in
                if change >= 0 {
                    return changes.withElement(at: change) {
                        sameLocalization(of: original, in: language, hint: &hint, as: $0.localization)
                    }
                }
                return sourceOnly.entries.withValue(at: index) { stripped in
                    original.localizations?[language] == stripped.localizations?[language]
                }
            }
            guard !same else { continue }
            let key = catalog.entries.key(at: index)
            var entry = sourceOnly.entries[valueAt: index]
            if change >= 0 {
                if entry.localizations == nil { entry.localizations = OrderedMap() }
                entry.localizations?[language] = changes[change].localization
            }
            _ = before.entries.appendNew(catalog.entries[valueAt: index], forKey: key)
            _ = after.entries.appendNew(entry, forKey: key)
        }
        return (before, after)
    }

    /// Whether `entry`'s localization in `language` is `other`, read in place (no copy of either).
    ///
    /// `hint` is where the language was in the entry looked at before, tried first (``OrderedMap/index(forKey:hint:)``).
    static func sameLocalization(
        of entry: CatalogEntry, in language: String, hint: inout Int, as other: Localization
    ) -> Bool {
        guard let localizations = entry.localizations,
            let slot = localizations.index(forKey: language, hint: &hint)
        else { return false }
        return localizations.withValue(at: slot) { $0 == other }
    }

    /// ``recovered(_:catalog:sourceOnly:language:places:)`` the plain way: `sourceOnly` copied, the import applied to it
    /// and the two tables compared entry by entry.
    static func recoveredByApplying(
        _ exported: XLIFFFile, catalog: StringTable, sourceOnly: StringTable, language: String
    ) -> (StringTable, StringTable) {
        var stripped = sourceOnly
        _ = XLIFFImport.apply(
            exported, to: &stripped, kind: .catalog, options: Self.recoveryImport)
        return changedEntries(catalog, stripped, language: language)
    }

    /// What importing `exported` into the `table` it was exported from changed: every difference a loss, with
    /// `reason`.
    ///
    /// An import changes only the localizations of its language, so an empty plan proves that nothing changed, and
    /// otherwise that language's changed entries are compared.
    static func identityLosses(
        importing exported: XLIFFFile, into table: StringTable, kind: XLIFFTableKind, trip: Trip, table path: String,
        language: String, comparesOrder: Bool, reason: String, places: CatalogUnitPlaces? = nil
    ) -> [RoundTripDifference] {
        var options = XLIFFImport.Options()
        options.comparesPlaceholders = false
        let plan = XLIFFImport.plan(exported, for: table, kind: kind, options: options, places: places)
        guard !plan.isEmpty else { return [] }
        var same = table
        plan.apply(to: &same)
        let (before, after) = changedEntries(table, same, language: language)
        var identity = TableComparison(trip: trip, table: path, languages: [language], comparesOrder: comparesOrder)
        identity.compare(expected: before, actual: after)
        return identity.differences.map { difference in
            var difference = difference
            difference.isExpected = false
            difference.reason = reason
            return difference
        }
    }

    /// The entries whose `language` localization differs between `table` and `imported` (the same table after an
    /// import of that language, which changes nothing else and keeps every entry in place), as two tables to
    /// compare: the same differences as comparing the whole tables in that language, found without flattening
    /// every entry.
    static func changedEntries(
        _ table: StringTable, _ imported: StringTable, language: String
    ) -> (StringTable, StringTable) {
        var before = table
        var after = imported
        before.entries = OrderedMap()
        after.entries = OrderedMap()
        for index in table.entries.indices where index < imported.entries.count {
            let changed = table.entries.withValue(at: index) { original in
                imported.entries.withValue(at: index) { other in
                    original.localizations?[language] != other.localizations?[language]
                }
            }
            guard changed else { continue }
            let key = table.entries.key(at: index)
            _ = before.entries.appendNew(table.entries[valueAt: index], forKey: key)
            _ = after.entries.appendNew(imported.entries[valueAt: index], forKey: key)
        }
        return (before, after)
    }
}
