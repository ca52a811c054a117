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

/// Trips between legacy tables and String Catalogs, both ways.
extension RoundTrip {
    func legacyViaCatalog(
        name: String, files: [Migration.LegacyFile], options: Options, report: inout RoundTripReport
    ) -> String {
        let trip = Trip(name: "strings/stringsdict → xcstrings → strings/stringsdict", expectations: .legacyViaCatalog)
        let anchor = (files.first { !$0.isStringsDict } ?? files[0]).path
        do {
            var diagnostics = Diagnostics()
            let migration = Migration(registry: registry)
            let migrationOptions = Migration.Options(sourceLanguage: options.sourceLanguage)
            let parts = try migration.read(files, tableName: name, options: migrationOptions, diagnostics: &diagnostics)
            let interfaceBuilder = migration.interfaceBuilderFile(for: name, files: files) != nil
            let catalog = migration.catalog(
                named: name, parts: parts, sourceLanguage: options.sourceLanguage, interfaceBuilder: interfaceBuilder,
                diagnostics: &diagnostics)
            let compiled = try Compilation(registry: registry).compile(
                catalog, languages: nil, diagnostics: &diagnostics)
            var expected = StringTable(name: name, sourceLanguage: options.sourceLanguage)
            for part in parts {
                // A translation's comments are not the key's (the migration names them in a warning).
                var removed: [(String, String)] = []
                let table = Migration.withDevelopmentComments(
                    part, sourceLanguage: options.sourceLanguage, interfaceBuilder: interfaceBuilder, removed: &removed)
                expected.merge(table, diagnostics: &diagnostics)
            }
            let actual = try readBack(compiled, name: name, sourceLanguage: options.sourceLanguage)
            var comparison = TableComparison(
                trip: trip, table: anchor, languages: Set(parts.map(\.language)), comparesOrder: false)
            comparison.listsExpected = options.listsExpectedDifferences
            comparison.compare(expected: expected.inCatalogShape(), actual: actual.inCatalogShape())
            report.add(
                comparison.takeFound(expectedWhen: { Self.catalogCannotHold($0, legacy: expected, catalog: catalog) }))
        } catch {
            record(error, anchor, trip, &report)
        }
        return trip.name
    }

    /// Reads compiled legacy files (`xx.lproj/Name.strings|stringsdict`) into one table.
    func readBack(_ files: [OutputFile], name: String, sourceLanguage: String) throws -> StringTable {
        var diagnostics = Diagnostics()
        var table = StringTable(name: name, sourceLanguage: sourceLanguage)
        for file in files {
            guard let format = registry.format(forPath: file.relativePath), let reader = format.reader,
                let language = ProjectPaths.lprojLanguage(of: file.relativePath)
            else { continue }
            let part = try reader.read(
                SourceFile(path: file.relativePath, bytes: file.bytes),
                options: ReadOptions(tableName: name, language: language, sourceLanguage: sourceLanguage),
                diagnostics: &diagnostics)
            table.merge(part, diagnostics: &diagnostics)
        }
        return table
    }

    // MARK: - Catalog through legacy tables

    /// The catalog compiled to legacy tables and migrated back, in runs of entries made side by side.
    ///
    /// Each run is compiled, read back, migrated and compared on its own and released before the next, so that the
    /// trip holds a few runs' legacy files and tables at once, not the whole catalog's (each key is compiled and
    /// migrated on its own, with all its languages, so the runs give what the whole catalog gives). The differences
    /// come in the catalog's order, keys that came back but were not there last, as one comparison gives them.
    /// ``RoundTrip/catalogViaLegacyAndXLIFF(_:catalog:options:report:)`` makes the runs (``runs(of:localizationsPerRun:)``)
    /// side by side with each other and with the trips through XLIFF, and gives their differences to
    /// ``collectLegacyRuns(_:report:)``.
    ///
    /// This is one run: the entries at the positions `run` names; their differences.
    func catalogViaLegacy(_ path: String, catalog: StringTable, run: [Int], listsExpected: Bool = true)
        -> TripDifferences
    {
        let trip = Trip(name: Trip.catalogViaLegacyName, expectations: .catalogViaLegacy)
        var part = catalog
        part.entries = OrderedMap(minimumCapacity: run.count)
        for index in run {
            _ = part.entries.appendNew(catalog.entries[valueAt: index], forKey: catalog.entries.key(at: index))
        }
        var report = RoundTripReport()
        catalogViaLegacy(path, catalog: part, trip: trip, listsExpected: listsExpected, report: &report)
        return TripDifferences(listed: report.differences, unlistedExpected: report.unlistedExpected)
    }

    /// The differences of every run of the catalog → legacy → catalog trip, in the order of the runs, reported as
    /// one comparison of the whole catalog gives them; the trip's name.
    static func collectLegacyRuns(_ results: [TripDifferences], report: inout RoundTripReport) -> String {
        // A failure is the same in every run: said once.
        var failures = Set<String>()
        var extraKeys: [RoundTripDifference] = []
        report.differences.reserveCapacity(report.differences.count + results.reduce(0) { $0 + $1.listed.count })
        for found in results {
            report.unlistedExpected += found.unlistedExpected
            let run = found.listed
            // Most runs hold neither: taken whole (each difference is read in place, not copied, to decide).
            let isPlain = !run.contains { difference in
                switch difference.aspect {
                case .failure, .invalidInput, .extraKey: true
                default: false
                }
            }
            if isPlain {
                report.differences += run
                continue
            }
            for difference in run {
                if difference.aspect == .failure || difference.aspect == .invalidInput {
                    guard failures.insert(difference.reason ?? "").inserted else { continue }
                }
                if difference.aspect == .extraKey {
                    extraKeys.append(difference)
                } else {
                    report.differences.append(difference)
                }
            }
        }
        report.differences += extraKeys
        return Trip.catalogViaLegacyName
    }

    /// How many localizations a run of `catalog` through legacy tables takes: `limit`, or fewer so that there are
    /// at least 8 runs per core (the last runs then even out the cores' work), but never fewer than 2,000.
    static func legacyRunSize(_ catalog: StringTable, atMost limit: Int) -> Int {
        let weight = catalog.entries.indices.reduce(0) { $0 + legacyRunWeight(of: catalog, at: $1) }
        return min(limit, max(2_000, weight / (8 * Parallelism.availableProcessors())))
    }

    /// What the entry at `index` counts for in a run: itself and each of its localizations.
    private static func legacyRunWeight(of catalog: StringTable, at index: Int) -> Int {
        1 + catalog.entries.withValue(at: index) { $0.localizations?.count ?? 0 }
    }

    /// Runs of entry positions of `catalog`, in order, each with about `localizationsPerRun` localizations.
    static func runs(of catalog: StringTable, localizationsPerRun: Int) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        var weight = 0
        for index in catalog.entries.indices {
            current.append(index)
            weight += Self.legacyRunWeight(of: catalog, at: index)
            if weight >= localizationsPerRun {
                runs.append(current)
                current = []
                weight = 0
            }
        }
        if !current.isEmpty || runs.isEmpty { runs.append(current) }
        return runs
    }

    /// The trip of `catalog` (or a run of its entries) through legacy tables.
    private func catalogViaLegacy(
        _ path: String, catalog: StringTable, trip: Trip, listsExpected: Bool, report: inout RoundTripReport
    ) {
        do {
            var diagnostics = Diagnostics()
            let compiled = try Compilation(registry: registry).compile(
                catalog, languages: nil, path: path, diagnostics: &diagnostics)
            let migration = Migration(registry: registry)
            var parts: [Migration.LegacyPart] = []
            for file in compiled {
                guard let format = registry.format(forPath: file.relativePath), let legacyReader = format.reader,
                    let language = ProjectPaths.lprojLanguage(of: file.relativePath)
                else { continue }
                let table = try legacyReader.read(
                    SourceFile(path: file.relativePath, bytes: file.bytes),
                    options: ReadOptions(
                        tableName: catalog.name, language: language, sourceLanguage: catalog.sourceLanguage),
                    diagnostics: &diagnostics)
                let legacyFile = Migration.LegacyFile(
                    path: file.relativePath, table: catalog.name, lprojLanguage: language,
                    isStringsDict: format.id == .stringsdict)
                parts.append(Migration.LegacyPart(file: legacyFile, language: language, table: table))
            }
            // Source language first, as a migration merges them; comments are compiled verbatim, so kept verbatim.
            parts.sort {
                ($0.language == catalog.sourceLanguage ? 0 : 1) < ($1.language == catalog.sourceLanguage ? 0 : 1)
            }
            let back = migration.catalog(
                named: catalog.name, parts: parts, sourceLanguage: catalog.sourceLanguage, interfaceBuilder: true,
                diagnostics: &diagnostics)
            // Compared with the catalog in the shape a migration gives it: a format that is exactly one plural
            // variable comes back as plural variations, which is what Xcode's migration makes of it.
            var comparison = TableComparison(trip: trip, table: path, comparesOrder: false)
            comparison.listsExpected = listsExpected
            comparison.compare(
                expected: catalog.inLegacyComparisonShape(), actual: back.hoistingDeviceSubstitutionsInPlace())
            report.add(comparison.takeFound(expectedWhen: { Self.legacyCannotHold($0, in: catalog) }))
        } catch {
            record(error, path, trip, &report)
        }
    }

    /// Expected differences of legacy → catalog → legacy that depend on the entry.
    static func catalogCannotHold(
        _ difference: RoundTripDifference, legacy: StringTable, catalog: StringTable
    ) -> String? {
        guard let key = difference.key, let entry = legacy.entries[key] else { return nil }
        switch difference.aspect {
        case .missingKey:
            let widthOnly = entry.localizations?.values.allSatisfy { localization in
                localization.stringUnit == nil && localization.substitutions == nil
                    && localization.variations?.width != nil && localization.variations?.plural == nil
                    && localization.variations?.device == nil
            }
            return widthOnly ?? false ? "String Catalogs have no width variations" : nil
        case .comment where difference.actual == nil:
            let varied = catalog.entries[key]?.localizations?.values.allSatisfy { $0.hasMoreThanStringUnit } ?? false
            return varied ? "the key is also in the .stringsdict, which wins and has no comments" : nil
        default:
            return nil
        }
    }

    /// Expected differences of catalog → legacy → catalog that depend on the original entry.
    static func legacyCannotHold(_ difference: RoundTripDifference, in catalog: StringTable) -> String? {
        guard let key = difference.key, let entry = catalog.entries[key] else { return nil }
        switch difference.aspect {
        case .missingKey where entry.localizations?.isEmpty ?? true:
            return "an entry without localizations has nothing to write to a legacy table"
        case .missingKey
        where entry.localizations?.values.allSatisfy({ $0.stringSet != nil && $0.stringUnit == nil }) ?? false:
            return "legacy tables cannot hold string sets"
        case .comment where difference.actual == nil:
            let varied = entry.localizations?.values.allSatisfy { $0.hasMoreThanStringUnit } ?? false
            return varied ? "a .stringsdict entry has no comment" : nil
        case .value where difference.path.map({ $0.contains("stringSet") }) ?? false:
            return "legacy tables cannot hold string sets"
        case .value, .missingKey:
            // A localization with nothing but a string set is left out entirely.
            if let language = difference.language, entry.localizations?[language]?.stringSet != nil {
                return "legacy tables cannot hold string sets"
            }
            return nil
        default:
            return nil
        }
    }
}
