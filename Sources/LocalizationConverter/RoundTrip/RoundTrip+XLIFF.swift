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
    /// One trip per language but the source language, made side by side: each exports the language as
    /// `export` does (the catalog prepared once for all of them), reads the XLIFF back and imports it twice.
    func catalogViaXLIFF(_ path: String, catalog: StringTable, report: inout RoundTripReport) -> [String] {
        let original = path.split(separator: "/").last.map(String.init) ?? path
        let prepared = XLIFFCatalogExport(table: catalog, original: original)
        let languages = catalog.languages.filter { $0 != catalog.sourceLanguage }
        // What each language's XLIFF is imported into to get its values back: the catalog with its source
        // language only, made once for all of them.
        let sourceOnly = Self.sourceLanguageOnly(catalog)
        let results = parallelMap(languages) { language in
            Self.catalogViaXLIFF(path, catalog: catalog, sourceOnly: sourceOnly, prepared: prepared, language: language)
        }
        for result in results { report.differences += result.differences }
        releaseInBackground((consume prepared, consume sourceOnly))
        return results.map(\.trip)
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

    /// The trip through `language`'s XLIFF: importing it into the same catalog changes nothing, and importing it
    /// into the catalog without that language (`sourceOnly`: nor any other but the source language) gives every
    /// exported value back.
    static func catalogViaXLIFF(
        _ path: String, catalog: StringTable, sourceOnly: StringTable, prepared: XLIFFCatalogExport, language: String
    ) -> (trip: String, differences: [RoundTripDifference]) {
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
                return (trip.name, [failure(path, trip, "the exported XLIFF has no <file>")])
            }
            exported = file
        } catch {
            return (trip.name, [failure(path, trip, "the exported XLIFF cannot be read back: \(error)")])
        }
        var differences: [RoundTripDifference] = []
        // Importing what was exported into the same catalog changes nothing.
        differences += identityLosses(
            importing: exported, into: catalog, kind: .catalog, trip: trip, table: path, language: language,
            comparesOrder: true, reason: "importing the export into the same catalog changed it")
        // Importing it into the catalog without the language gives every exported value back.
        var stripped = sourceOnly
        _ = XLIFFImport.apply(
            exported, to: &stripped, kind: .catalog, options: XLIFFImport.Options(acceptUnfinished: true))
        let (expected, actual) = changedEntries(catalog, stripped, language: language)
        var recovery = TableComparison(trip: trip, table: path, languages: [language], comparesOrder: false)
        recovery.compare(expected: expected, actual: actual)
        differences += recovery.differences
        return (trip.name, differences)
    }

    /// What importing `exported` into the `table` it was exported from changed: every difference a loss, with
    /// `reason`.
    ///
    /// An import changes only the localizations of its language, so an empty plan proves that nothing changed, and
    /// otherwise that language's changed entries are compared.
    static func identityLosses(
        importing exported: XLIFFFile, into table: StringTable, kind: XLIFFTableKind, trip: Trip, table path: String,
        language: String, comparesOrder: Bool, reason: String
    ) -> [RoundTripDifference] {
        let plan = XLIFFImport.plan(exported, for: table, kind: kind)
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
