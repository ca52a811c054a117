import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LocalizationCatalog
import XLIFFFormat

/// Proves that conversions lose nothing: runs every round trip that applies to the tables found under some paths
/// and reports each difference, classified as a loss or as expected from a format's nature (docs/roundtrip.md).
///
/// ```swift
/// let report = try RoundTrip().run(["MyApp"])
/// if !report.isClean { print(report.text(expected: false)) }
/// ```
///
/// The trips:
/// - **same format**: read → write. Byte-identical output passes; otherwise the output is read again and must
///   hold the same content (a file not in the writer's layout is reported as an expected `bytes` difference).
/// - **legacy → catalog → legacy**: a table's `.strings`/`.stringsdict` files are migrated as Xcode does, compiled
///   back, and every language's keys and values must come back (in catalog shape: a root plural's variable name
///   and the order of keys are not kept by catalogs).
/// - **catalog → legacy → catalog**: compiled to legacy tables and migrated back; what legacy tables cannot hold
///   (states, extraction states, string sets, `shouldTranslate`, unknown members, comments of `.stringsdict`
///   entries) is expected, anything else is a loss.
/// - **catalog → XLIFF → catalog**, per language: exported and imported back into the same catalog, which must not
///   change; and imported into the catalog without that language, which must get every exported value back.
public struct RoundTrip: Sendable {
    /// The intermediate formats a trip can go through.
    public enum Via: String, Sendable, CaseIterable {
        /// Read and write in the table's own format.
        case same
        /// Through a String Catalog (for legacy tables).
        case xcstrings
        /// Through `.strings` and `.stringsdict` (for catalogs).
        case legacy
        /// Through XLIFF, one language at a time (for catalogs).
        case xliff
    }

    /// How to check.
    public struct Options: Sendable {
        /// The trips to make; all by default.
        public var vias: Set<Via>
        /// The development language of legacy tables.
        public var sourceLanguage: String
        /// Shell patterns (`*/invalid/*`) of paths to leave out; `*` also matches `/`.
        public var excluded: [String]

        /// Creates options.
        public init(vias: Set<Via> = Set(Via.allCases), sourceLanguage: String = "en", excluded: [String] = []) {
            self.vias = vias
            self.sourceLanguage = sourceLanguage
            self.excluded = excluded
        }

        /// Whether `path` matches one of the ``excluded`` patterns.
        func excludes(_ path: String) -> Bool {
            excluded.contains { fnmatch($0, path, 0) == 0 }
        }
    }

    /// The formats used; a test can put a deliberately broken writer here.
    public var registry: FormatRegistry

    /// Creates a check over `registry`.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// Finds the tables under `paths` (files or folders) and runs the trips.
    /// - Throws: ``ConversionError`` when a path does not exist; problems with a table are reported, not thrown.
    public func run(_ paths: [String], options: Options = Options()) throws -> RoundTripReport {
        var report = RoundTripReport()
        for path in paths {
            guard fileExists(path) || isDirectory(path) else {
                throw ConversionError("no such file or folder", path: path)
            }
            if path.lowercased().hasSuffix(".xcloc") {
                checkBundle(path, options: options, report: &report)
            } else if isDirectory(path) {
                for file in ProjectPaths.files(below: path, extensions: ["xcstrings", "xliff", "xlf"])
                where !options.excludes(file) {
                    check(file: file, options: options, report: &report)
                }
                for bundle in ProjectPaths.bundles(below: path, extension: "xcloc") where !options.excludes(bundle) {
                    checkBundle(bundle, options: options, report: &report)
                }
                // Legacy files outside `.lproj` folders are single files; inside, they are tables.
                for file in ProjectPaths.files(below: path, extensions: ["strings", "stringsdict"])
                where ProjectPaths.lprojLanguage(of: file) == nil && !options.excludes(file) {
                    check(file: file, options: options, report: &report)
                }
                if options.vias.contains(.same) || options.vias.contains(.xcstrings) {
                    // Grouped by table and by the folder holding the `.lproj` folders: a tree with several
                    // projects (or fixtures) has several tables of the same name.
                    let migration = Migration(registry: registry)
                    for (name, files) in migration.tables(below: path, sourceLanguage: options.sourceLanguage) {
                        var byFolder = OrderedMap<[Migration.LegacyFile]>()
                        for file in files where !options.excludes(file.path) {
                            let folder = parentDirectory(of: parentDirectory(of: file.path))
                            if let position = byFolder.index(forKey: folder) {
                                byFolder[valueAt: position].append(file)
                            } else {
                                _ = byFolder.appendNew([file], forKey: folder)
                            }
                        }
                        for (_, group) in byFolder {
                            checkLegacy(name: name, files: group, options: options, report: &report)
                        }
                    }
                }
            } else {
                check(file: path, options: options, report: &report)
            }
        }
        return report
    }

    // MARK: - Tables

    /// An `.xcloc` bundle: its XLIFF files, rewritten.
    private func checkBundle(_ bundle: String, options: Options, report: inout RoundTripReport) {
        guard options.vias.contains(.same) else { return }
        for file in ProjectPaths.files(below: bundle + "/Localized Contents", extensions: ["xliff", "xlf"])
        where !options.excludes(file) {
            let trip = xliffSameFormat(file, report: &report)
            report.tables.append(RoundTripReport.TableResult(path: file, format: "xliff", trips: [trip]))
        }
    }

    private func check(file: String, options: Options, report: inout RoundTripReport) {
        let lowercased = file.lowercased()
        if lowercased.hasSuffix(".xliff") || lowercased.hasSuffix(".xlf") {
            if options.vias.contains(.same) {
                let trip = xliffSameFormat(file, report: &report)
                report.tables.append(RoundTripReport.TableResult(path: file, format: "xliff", trips: [trip]))
            }
            return
        }
        guard let format = registry.format(forPath: file) else { return }
        switch format.name {
        case "xcstrings":
            var trips: [String] = []
            if options.vias.contains(.same) {
                trips.append(sameFormat(file, format: format, language: nil, report: &report))
            }
            if options.vias.contains(.legacy) {
                trips.append(catalogViaLegacy(file, report: &report))
            }
            if options.vias.contains(.xliff) {
                trips += catalogViaXLIFF(file, report: &report)
            }
            report.tables.append(RoundTripReport.TableResult(path: file, format: format.name, trips: trips))
        case "strings", "stringsdict":
            // Legacy files are checked by table (see `checkLegacy`); a single file named on its own is checked alone.
            let language = ProjectPaths.lprojLanguage(of: file) ?? options.sourceLanguage
            var trips: [String] = []
            if options.vias.contains(.same) {
                trips.append(sameFormat(file, format: format, language: language, report: &report))
            }
            report.tables.append(RoundTripReport.TableResult(path: file, format: format.name, trips: trips))
        default:
            if options.vias.contains(.same) {
                let trip = sameFormat(file, format: format, language: nil, report: &report)
                report.tables.append(RoundTripReport.TableResult(path: file, format: format.name, trips: [trip]))
            }
        }
    }

    private func checkLegacy(
        name: String, files: [Migration.LegacyFile], options: Options, report: inout RoundTripReport
    ) {
        var trips: [String] = []
        if options.vias.contains(.same) {
            for file in files {
                guard let format = registry.format(forPath: file.path) else { continue }
                let language = file.lprojLanguage == "Base" ? options.sourceLanguage : file.lprojLanguage
                let trip = sameFormat(file.path, format: format, language: language, report: &report)
                if !trips.contains(trip) { trips.append(trip) }
            }
        }
        if options.vias.contains(.xcstrings) {
            trips.append(legacyViaCatalog(name: name, files: files, options: options, report: &report))
        }
        let anchor = files.first { !$0.isStringsDict } ?? files[0]
        report.tables.append(
            RoundTripReport.TableResult(path: anchor.path, format: "legacy table \(name)", trips: trips))
    }

    // MARK: - Same format

    private func sameFormat(_ path: String, format: FormatDescriptor, language: String?, report: inout RoundTripReport)
        -> String
    {
        let trip = RoundTripTrip(name: "\(format.name) → \(format.name)", expectations: .none)
        guard let reader = format.reader, let writer = format.writer else { return trip.name }
        do {
            var diagnostics = Diagnostics()
            let source = try readSourceFile(path)
            let options = ReadOptions(language: language)
            let table = try reader.read(source, options: options, diagnostics: &diagnostics)
            let outputs = try writer.write(
                table, options: WriteOptions(languages: language.map { [$0] }), diagnostics: &diagnostics)
            guard outputs.count == 1, let output = outputs.first else {
                report.differences.append(
                    failure(path, trip, "the writer gave \(outputs.count) files for one"))
                return trip.name
            }
            let sourceBytes = source.bytes
            if output.bytes == sourceBytes { return trip.name }
            let again = try reader.read(
                SourceFile(path: path, bytes: output.bytes), options: options, diagnostics: &diagnostics)
            var comparison = TableComparison(trip: trip, table: path, comparesOrder: true)
            comparison.compare(expected: table, actual: again)
            if format.name == "xcstrings" {
                for index in comparison.differences.indices where comparison.differences[index].aspect == .order {
                    comparison.differences[index].isExpected = true
                    comparison.differences[index].reason = "a String Catalog is written in Xcode's key order; the input was not in it"
                }
            }
            report.differences += comparison.differences
            // What the writer wrote must come back byte for byte: a file in its own layout is never changed.
            let rewritten = try writer.write(
                again, options: WriteOptions(languages: language.map { [$0] }), diagnostics: &diagnostics)
            if rewritten.first?.bytes != output.bytes {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, aspect: .bytes, expected: nil, actual: nil,
                        reason: "the writer's own output changes when read and written again "
                            + "(\(firstDifference(output.bytes, rewritten.first?.bytes ?? [])))"))
            } else if comparison.differences.isEmpty {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, aspect: .bytes, expected: nil, actual: nil, isExpected: true,
                        reason: "the file is not in the writer's layout (\(firstDifference(sourceBytes, output.bytes))); "
                            + "its content is kept, and the rewrite comes back byte for byte"))
            }
        } catch {
            record(error, path, trip, &report)
        }
        return trip.name
    }

    /// XLIFF read → write, at the document level (every `<file>` and unit, in order).
    private func xliffSameFormat(_ path: String, report: inout RoundTripReport) -> String {
        let trip = RoundTripTrip(name: "xliff → xliff", expectations: .none)
        do {
            var diagnostics = Diagnostics()
            let source = try readSourceFile(path)
            let sourceBytes = source.bytes
            let document = try XLIFFDocumentReader().read(sourceBytes, path: path, diagnostics: &diagnostics)
            let bytes = XLIFFDocumentWriter().write(document)
            if bytes == sourceBytes { return trip.name }
            let again = try XLIFFDocumentReader().read(bytes, path: path, diagnostics: &diagnostics)
            if let difference = Self.firstDifference(document, again) {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, key: difference.id, aspect: .value, expected: difference.expected,
                        actual: difference.actual, reason: difference.what))
            } else {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, aspect: .bytes, expected: nil, actual: nil, isExpected: true,
                        reason: "the file is not in Xcode's layout (\(firstDifference(sourceBytes, bytes))); "
                            + "its content is kept"))
            }
        } catch {
            record(error, path, trip, &report)
        }
        return trip.name
    }

    /// The first unit that differs between two documents.
    private static func firstDifference(_ lhs: XLIFFDocument, _ rhs: XLIFFDocument)
        -> (id: String?, what: String, expected: String?, actual: String?)?
    {
        guard lhs.files.count == rhs.files.count else {
            return (nil, "number of <file> elements", String(lhs.files.count), String(rhs.files.count))
        }
        for (left, right) in zip(lhs.files, rhs.files) {
            guard left.original == right.original, left.units.count == right.units.count else {
                return (nil, "<file original>", left.original, right.original)
            }
            for (a, b) in zip(left.units, right.units) where a != b {
                if a.source != b.source { return (a.id, "source of \(left.original)", a.source, b.source) }
                if a.target != b.target { return (a.id, "target of \(left.original)", a.target, b.target) }
                if a.state != b.state { return (a.id, "state of \(left.original)", a.state, b.state) }
                return (a.id, "unit of \(left.original)", "\(a)", "\(b)")
            }
            if left != right { return (nil, "<file> \(left.original)", "\(left)", "\(right)") }
        }
        return lhs == rhs ? nil : (nil, "document", nil, nil)
    }

    // MARK: - Legacy through a catalog

    private func legacyViaCatalog(
        name: String, files: [Migration.LegacyFile], options: Options, report: inout RoundTripReport
    ) -> String {
        let trip = RoundTripTrip(name: "strings/stringsdict → xcstrings → strings/stringsdict", expectations: .legacyViaCatalog)
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
            let compiled = try Compilation(registry: registry).compile(catalog, languages: nil, diagnostics: &diagnostics)
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
            comparison.compare(expected: expected.inCatalogShape(), actual: actual.inCatalogShape())
            report.differences += comparison.differences.map { difference in
                var difference = difference
                if !difference.isExpected, let reason = Self.catalogCannotHold(difference, legacy: expected, catalog: catalog) {
                    difference.isExpected = true
                    difference.reason = reason
                }
                return difference
            }
        } catch {
            record(error, anchor, trip, &report)
        }
        return trip.name
    }

    /// Reads compiled legacy files (`xx.lproj/Name.strings|stringsdict`) into one table.
    private func readBack(_ files: [OutputFile], name: String, sourceLanguage: String) throws -> StringTable {
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

    private func catalogViaLegacy(_ path: String, report: inout RoundTripReport) -> String {
        let trip = RoundTripTrip(name: "xcstrings → strings/stringsdict → xcstrings", expectations: .catalogViaLegacy)
        do {
            var diagnostics = Diagnostics()
            guard let reader = registry.format(named: "xcstrings")?.reader else { return trip.name }
            let catalog = try reader.read(try readSourceFile(path), options: ReadOptions(), diagnostics: &diagnostics)
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
                    options: ReadOptions(tableName: catalog.name, language: language, sourceLanguage: catalog.sourceLanguage),
                    diagnostics: &diagnostics)
                let legacyFile = Migration.LegacyFile(
                    path: file.relativePath, table: catalog.name, lprojLanguage: language,
                    isStringsDict: format.name == "stringsdict")
                parts.append(Migration.LegacyPart(file: legacyFile, language: language, table: table))
            }
            // Source language first, as a migration merges them; comments are compiled verbatim, so kept verbatim.
            parts.sort { ($0.language == catalog.sourceLanguage ? 0 : 1) < ($1.language == catalog.sourceLanguage ? 0 : 1) }
            let back = migration.catalog(
                named: catalog.name, parts: parts, sourceLanguage: catalog.sourceLanguage, interfaceBuilder: true,
                diagnostics: &diagnostics)
            // Compared with the catalog in the shape a migration gives it: a format that is exactly one plural
            // variable comes back as plural variations, which is what Xcode's migration makes of it.
            var comparison = TableComparison(trip: trip, table: path, comparesOrder: false)
            comparison.compare(
                expected: catalog.inCatalogShape().hoistingDeviceSubstitutions(),
                actual: back.hoistingDeviceSubstitutions())
            report.differences += comparison.differences.map { difference in
                var difference = difference
                if !difference.isExpected, let reason = Self.legacyCannotHold(difference, in: catalog) {
                    difference.isExpected = true
                    difference.reason = reason
                }
                return difference
            }
        } catch {
            record(error, path, trip, &report)
        }
        return trip.name
    }

    /// Expected differences of legacy → catalog → legacy that depend on the entry.
    private static func catalogCannotHold(
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
    private static func legacyCannotHold(_ difference: RoundTripDifference, in catalog: StringTable) -> String? {
        guard let key = difference.key, let entry = catalog.entries[key] else { return nil }
        switch difference.aspect {
        case .missingKey where entry.localizations?.isEmpty ?? true:
            return "an entry without localizations has nothing to write to a legacy table"
        case .missingKey where entry.localizations?.values.allSatisfy({ $0.stringSet != nil && $0.stringUnit == nil }) ?? false:
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

    // MARK: - Catalog through XLIFF

    /// One trip per language but the source language, made side by side: each exports the language as
    /// `export` does (the catalog prepared once for all of them), reads the XLIFF back and imports it twice.
    private func catalogViaXLIFF(_ path: String, report: inout RoundTripReport) -> [String] {
        let catalog: StringTable
        do {
            var diagnostics = Diagnostics()
            guard let reader = registry.format(named: "xcstrings")?.reader else { return [] }
            catalog = try reader.read(try readSourceFile(path), options: ReadOptions(), diagnostics: &diagnostics)
        } catch {
            let trip = RoundTripTrip(name: "xcstrings → xliff → xcstrings", expectations: .none)
            record(error, path, trip, &report)
            return [trip.name]
        }
        let original = path.split(separator: "/").last.map(String.init) ?? path
        let prepared = XLIFFCatalogExport(table: catalog, original: original)
        let languages = catalog.languages.filter { $0 != catalog.sourceLanguage }
        // What each language's XLIFF is imported into to get its values back: the catalog with its source
        // language only, made once for all of them.
        let sourceOnly = Self.sourceLanguageOnly(catalog)
        let results = concurrentMap(languages) { language in
            Self.catalogViaXLIFF(path, catalog: catalog, sourceOnly: sourceOnly, prepared: prepared, language: language)
        }
        for result in results { report.differences += result.differences }
        releaseInBackground((consume prepared, consume catalog, consume sourceOnly))
        return results.map(\.trip)
    }

    /// `catalog` with only its source language's localizations.
    private static func sourceLanguageOnly(_ catalog: StringTable) -> StringTable {
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
    private static func catalogViaXLIFF(
        _ path: String, catalog: StringTable, sourceOnly: StringTable, prepared: XLIFFCatalogExport, language: String
    ) -> (trip: String, differences: [RoundTripDifference]) {
        let trip = RoundTripTrip(name: "xcstrings → xliff (\(language)) → xcstrings", expectations: .catalogViaXLIFF)
        var diagnostics = Diagnostics()
        var document = XLIFFDocumentStream()
        document.writeCatalog(prepared, targetLanguage: language, diagnostics: &diagnostics)
        let bytes = document.finish()
        let exported: XLIFFFile
        do {
            let read = try XLIFFDocumentReader().read(bytes, path: "\(language).xliff", diagnostics: &diagnostics)
            guard let file = read.files.first else {
                return (trip.name, [failure(path, trip, "the exported XLIFF has no <file>")])
            }
            exported = file
        } catch {
            return (trip.name, [failure(path, trip, "the exported XLIFF cannot be read back: \(error)")])
        }
        var differences: [RoundTripDifference] = []
        // Importing what was exported into the same catalog changes nothing. An import changes only the
        // localizations of its language, so an empty plan proves it, and otherwise that language is compared.
        let plan = XLIFFImport.plan(exported, for: catalog, kind: .catalog)
        if !plan.isEmpty {
            var same = catalog
            plan.apply(to: &same)
            let (before, after) = changedEntries(catalog, same, language: language)
            var identity = TableComparison(trip: trip, table: path, languages: [language], comparesOrder: true)
            identity.compare(expected: before, actual: after)
            differences += identity.differences.map { difference in
                var difference = difference
                difference.isExpected = false
                difference.reason = "importing the export into the same catalog changed it"
                return difference
            }
        }
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

    /// The entries whose `language` localization differs between `table` and `imported` (the same table after an
    /// import of that language, which changes nothing else and keeps every entry in place), as two tables to
    /// compare: the same differences as comparing the whole tables in that language, found without flattening
    /// every entry.
    private static func changedEntries(
        _ table: StringTable, _ imported: StringTable, language: String
    ) -> (StringTable, StringTable) {
        var before = table
        var after = imported
        before.entries = OrderedMap()
        after.entries = OrderedMap()
        for index in table.entries.indices where index < imported.entries.count {
            let changed = table.entries.withValuePointer(at: index) { original in
                imported.entries.withValuePointer(at: index) { other in
                    original.pointee.localizations?[language] != other.pointee.localizations?[language]
                }
            }
            guard changed else { continue }
            let key = table.entries.key(at: index)
            _ = before.entries.appendNew(table.entries[valueAt: index], forKey: key)
            _ = after.entries.appendNew(imported.entries[valueAt: index], forKey: key)
        }
        return (before, after)
    }

    // MARK: - Helpers

    /// Records a trip that could not be made: an input that cannot be read is invalid (once per file); any other
    /// error is a loss.
    private func record(_ error: any Error, _ path: String, _ trip: RoundTripTrip, _ report: inout RoundTripReport) {
        if let error = error as? ConversionError, !error.diagnostics.isEmpty,
            error.diagnostics.allSatisfy({ $0.path == path })
        {
            guard !report.differences.contains(where: { $0.aspect == .invalidInput && $0.table == path }) else { return }
            var difference = RoundTripDifference(
                table: path, trip: trip.name, aspect: .invalidInput, expected: nil, actual: nil,
                reason: error.diagnostics.map(\.description).joined(separator: "; "))
            difference.diagnostics = error.diagnostics
            report.differences.append(difference)
            return
        }
        report.differences.append(failure(path, trip, "\(error)"))
    }

    private func failure(_ path: String, _ trip: RoundTripTrip, _ message: String) -> RoundTripDifference {
        Self.failure(path, trip, message)
    }

    private static func failure(_ path: String, _ trip: RoundTripTrip, _ message: String) -> RoundTripDifference {
        RoundTripDifference(
            table: path, trip: trip.name, aspect: .failure, expected: nil, actual: nil, isExpected: false,
            reason: message)
    }

    private func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> String {
        var line = 1
        for position in 0..<min(lhs.count, rhs.count) {
            if lhs[position] != rhs[position] { return "first difference on line \(line)" }
            if lhs[position] == UInt8(ascii: "\n") { line += 1 }
        }
        return "\(lhs.count) bytes in, \(rhs.count) out"
    }
}

extension RoundTrip {
    /// Whether `actual` is `expected` with each `%arg` spelled as a format specifier (`%lld`, `%2$@`) or kept.
    public static func matchesArgumentPlaceholders(_ expected: String, _ actual: String) -> Bool {
        let pieces = expected.components(separatedBy: "%arg")
        guard pieces.count > 1 else { return false }
        var rest = Substring(actual)
        for (position, piece) in pieces.enumerated() {
            guard rest.hasPrefix(piece) else { return false }
            rest = rest.dropFirst(piece.count)
            if position == pieces.count - 1 { break }
            if rest.hasPrefix("%arg") {
                rest = rest.dropFirst(4)
                continue
            }
            guard rest.first == "%" else { return false }
            rest = rest.dropFirst()
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" { rest = rest.dropFirst(digits.count + 1) }
            let length = rest.prefix { "hlqLzjt".contains($0) }.count
            rest = rest.dropFirst(length)
            guard let conversion = rest.first, "@dDiuUxXoOfFeEgGaAcCsSp".contains(conversion) else { return false }
            rest = rest.dropFirst()
        }
        return rest.isEmpty
    }
}

extension RoundTripTrip.Expectations {
    /// Legacy → catalog → legacy: catalogs have no width variations; Xcode's migration resolves escapes in comments.
    static let legacyViaCatalog = RoundTripTrip.Expectations(rules: [
        { difference in
            guard let path = difference.path, path.split(separator: ".").contains("width") else { return nil }
            return "String Catalogs have no width variations"
        },
        { difference in
            guard difference.aspect == .comment, let expected = difference.expected, let actual = difference.actual,
                Migration.unescapedComment(expected) == actual
            else { return nil }
            return "Xcode's migration resolves escapes in comments"
        },
        { difference in
            // Compiled tables are new files: UTF-8, one entry per line, Xcode's key order.
            difference.aspect == .order ? "a catalog keeps keys in Xcode's order" : nil
        },
    ])

    /// Catalog → XLIFF → catalog: XLIFF carries targets, states and notes of one language.
    static let catalogViaXLIFF = RoundTripTrip.Expectations(rules: [
        { difference in
            difference.aspect == .unknownMembers ? "XLIFF does not carry unknown catalog members" : nil
        },
        { difference in
            difference.path?.contains("stringSet") ?? false ? "string sets are not exported to XLIFF (with a warning)" : nil
        },
        { difference in
            guard difference.aspect == .value, let expected = difference.expected, let actual = difference.actual,
                RoundTrip.matchesArgumentPlaceholders(actual, expected)
            else { return nil }
            return "XLIFF spells a substitution's own argument as its format specifier, and import writes it as %arg"
        },
        { difference in
            guard difference.aspect == .state, difference.actual == TranslationState.translated.rawValue,
                let expected = difference.expected,
                XLIFFExport.xliffState(for: TranslationState(rawValue: expected)).state?.hasPrefix("x-") ?? false
            else { return nil }
            return "a state this version does not know (x-STATE in XLIFF) comes back only into a table that has it; "
                + "elsewhere it is an unknown XLIFF state, imported as translated"
        },
        { difference in
            let texts = [difference.key, difference.expected].compactMap { $0 }
            guard texts.contains(where: { XLIFFExport.firstScalarXMLCannotHold(in: $0) != nil }) else { return nil }
            return "XML 1.0 cannot hold control characters; such units are left out of the export with a warning"
        },
    ])

    /// Catalog → legacy → catalog: legacy tables hold values and comments only.
    static let catalogViaLegacy = RoundTripTrip.Expectations(rules: [
        { difference in
            difference.aspect == .comment && difference.expected == "" && difference.actual == nil
                ? "an empty comment has no place in a .strings file" : nil
        },
        { difference in
            // `/* … */` loses whitespace around line breaks at its ends (see docs/migration.md).
            guard difference.aspect == .comment, let expected = difference.expected,
                expected.trimmingCharacters(in: .whitespacesAndNewlines)
                    == (difference.actual ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
                expected.first.map({ $0.isNewline || $0.isWhitespace }) ?? false
                    || expected.last.map({ $0.isNewline || $0.isWhitespace }) ?? false
            else { return nil }
            return "a .strings comment does not keep whitespace and line breaks at its ends"
        },
        { difference in
            guard difference.aspect == .value, let expected = difference.expected, let actual = difference.actual,
                RoundTrip.matchesArgumentPlaceholders(expected, actual)
            else { return nil }
            return "a .stringsdict spells a substitution's %arg as the argument's format specifier"
        },
        { difference in
            switch difference.aspect {
            case .state: return "legacy tables have no states; migrated values are translated"
            case .extractionState: return "legacy tables have no extraction state; migrated entries are migrated"
            case .shouldTranslate: return "legacy tables cannot mark an entry as not to be translated"
            case .commentAutoGenerated: return "legacy tables do not say whether a comment was generated"
            case .unknownMembers: return "legacy tables cannot hold unknown catalog members"
            default: return nil
            }
        }
    ])
}

extension StringTable {
    /// The table with the substitutions of device cases moved to their localization, where a catalog keeps
    /// them (a `.stringsdict` keeps a device case's variables inside the case); compared in that shape.
    func hoistingDeviceSubstitutions() -> StringTable {
        var table = self
        table.entries = entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { localization in
                guard var devices = localization.variations?.device,
                    devices.values.contains(where: { $0.substitutions != nil })
                else { return localization }
                var localization = localization
                var substitutions = localization.substitutions ?? OrderedMap()
                for index in devices.indices {
                    guard let nested = devices[valueAt: index].substitutions else { continue }
                    for (name, substitution) in nested where substitutions.index(forKey: name) == nil {
                        _ = substitutions.appendNew(substitution, forKey: name)
                    }
                    devices[valueAt: index].substitutions = nil
                }
                localization.substitutions = substitutions
                localization.variations?.device = devices
                return localization
            }
            return entry
        }
        return table
    }

    /// The table with every localization in the shape a String Catalog gives it (see `inCatalogShape()`).
    func inCatalogShape() -> StringTable {
        var table = self
        table.entries = entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { $0.inCatalogShape() }
            return entry
        }
        return table
    }
}
