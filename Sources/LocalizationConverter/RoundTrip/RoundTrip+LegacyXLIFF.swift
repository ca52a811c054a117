import Foundation
import LocalizationCatalog
import StringBridgeSupport
@_spi(XLIFFDocuments) import XLIFFFormat

/// A legacy table (`.strings`, `.stringsdict`) through XLIFF and back, language by language.
extension RoundTrip {
    /// One half of a legacy table: its `.strings` or its `.stringsdict` files, each exported as its own `<file>`.
    struct LegacyHalf {
        var kind: XLIFFTableKind
        /// The development language's file (`Base.lproj` first, as export takes it).
        var source: Migration.LegacyFile
        /// The other languages' files of this half.
        var translations: [Migration.LegacyFile]
        /// The development language's file of the other half, if any (export's companion).
        var companion: Migration.LegacyFile?
    }

    /// The halves of a table that export can export: those with a development-language (or `Base`) file.
    static func legacyHalves(_ files: [Migration.LegacyFile], sourceLanguage: String) -> [LegacyHalf] {
        func source(_ isStringsDict: Bool) -> Migration.LegacyFile? {
            let half = files.filter { $0.isStringsDict == isStringsDict }
            return half.first { $0.lprojLanguage == "Base" } ?? half.first { $0.lprojLanguage == sourceLanguage }
        }
        var halves: [LegacyHalf] = []
        for isStringsDict in [false, true] {
            guard let main = source(isStringsDict) else { continue }
            let translations = files.filter {
                $0.isStringsDict == isStringsDict && $0.lprojLanguage != "Base" && $0.lprojLanguage != sourceLanguage
            }
            halves.append(
                LegacyHalf(
                    kind: isStringsDict ? .stringsDict : .strings, source: main, translations: translations,
                    companion: source(!isStringsDict)))
        }
        return halves
    }

    /// The trips of a legacy table through XLIFF: for each translation file, the language exported as `export`
    /// does (the development language's file merged with the language's), read back, and imported as `import`
    /// does — into the same files, which must not change, and into the development language's file alone (the
    /// language's file as if it did not exist), whose new file, read back, must hold every exported value.
    func legacyViaXLIFF(
        name: String, files: [Migration.LegacyFile], options: Options, report: inout RoundTripReport
    ) -> [String] {
        var trips: [String] = []
        for half in Self.legacyHalves(files, sourceLanguage: options.sourceLanguage) {
            let format = half.kind == .stringsDict ? "stringsdict" : "strings"
            let failing = Trip(name: "\(format) → xliff → \(format)", expectations: .none)
            let base: StringTable
            let companion: StringTable?
            do {
                base = try readLegacy(half.source.path, language: options.sourceLanguage, options: options)
                companion = try half.companion.map {
                    try readLegacy($0.path, language: options.sourceLanguage, options: options)
                }
            } catch {
                record(error, half.source.path, failing, &report)
                trips.append(failing.name)
                continue
            }
            let interfaceBuilder = Export.interfaceBuilderFile(for: half.source.path)
            // `original` as export names it relative to the table's folder: the storyboard of an Interface
            // Builder table, else the development language's file.
            let folder = parentDirectory(of: parentDirectory(of: half.source.path))
            let original = ProjectPaths.relative(interfaceBuilder ?? half.source.path, to: folder)
            let results = parallelMap(half.translations) { file in
                legacyViaXLIFF(
                    half: half, file: file, base: base, companion: companion, original: original, options: options)
            }
            for result in results {
                report.add(result.differences)
                trips.append(result.trip)
            }
        }
        return trips
    }

    /// A legacy file read in `language`.
    func readLegacy(_ path: String, language: String, options: Options) throws -> StringTable {
        guard let reader = registry.format(forPath: path)?.reader else {
            throw ConversionError("no reader for this file", path: path)
        }
        var diagnostics = Diagnostics()
        return try reader.read(
            try readSourceFile(path),
            options: ReadOptions(language: language, sourceLanguage: options.sourceLanguage),
            diagnostics: &diagnostics)
    }

    /// The trip of one translation file through its language's XLIFF.
    private func legacyViaXLIFF(
        half: LegacyHalf, file: Migration.LegacyFile, base: StringTable, companion: StringTable?, original: String,
        options: Options
    ) -> (trip: String, differences: TripDifferences) {
        let language = file.lprojLanguage
        let format = half.kind == .stringsDict ? "stringsdict" : "strings"
        let trip = Trip(name: "\(format) → xliff (\(language)) → \(format)", expectations: .legacyViaXLIFF)
        var report = RoundTripReport()
        do {
            guard let reader = registry.format(forPath: file.path)?.reader else {
                return (trip.name, TripDifferences())
            }
            let readOptions = ReadOptions(language: language, sourceLanguage: options.sourceLanguage)
            let targetFile = try readSourceFile(file.path)
            var diagnostics = Diagnostics()
            let translation = try reader.read(targetFile, options: readOptions, diagnostics: &diagnostics)
            // Export: the development language's table merged with the language's file.
            var merged = base
            merged.merge(translation, diagnostics: &diagnostics, origin: file.path)
            let exportedFile = XLIFFExport.file(
                for: merged, kind: half.kind, original: original, targetLanguage: language,
                tool: XLIFFExport.defaultTool, companion: companion, diagnostics: &diagnostics)
            var document = XLIFFDocumentStream()
            document.write(exportedFile)
            let bytes = document.finish()
            // Import reads the document as `import` does.
            var documentReader = XLIFFDocumentReader(keepsNotes: false)
            documentReader.keepsNotesOutsideCatalogs = true
            let read: XLIFFDocument
            do {
                read = try documentReader.read(bytes, path: "\(language).xliff", diagnostics: &diagnostics)
            } catch {
                return (
                    trip.name,
                    TripDifferences(listed: [
                        failure(file.path, trip, "the exported XLIFF cannot be read back: \(error)")
                    ])
                )
            }
            guard let exported = read.files.first else {
                return (
                    trip.name, TripDifferences(listed: [failure(file.path, trip, "the exported XLIFF has no <file>")])
                )
            }
            var differences = TripDifferences()
            // Into the same files: nothing changes (an import plan that changes nothing writes nothing; every
            // difference a loss, all listed).
            differences.listed += Self.identityLosses(
                importing: exported, into: merged, kind: half.kind, trip: trip, table: file.path, language: language,
                comparesOrder: false, reason: "importing the export into the same files changed them")
            // Into the development language's file alone: import writes the language's file anew.
            var working = WorkingTable(
                kind: half.kind, outputPath: file.path, merged: base, target: Self.emptyTable(like: base),
                legacyLanguage: language, before: base, targetExists: false)
            let recovery = XLIFFImport.plan(
                exported, for: working.merged, kind: half.kind, options: Self.recoveryImport)
            recovery.apply(to: &working.merged)
            let written = try Import(registry: registry).encode(working, into: nil, diagnostics: &diagnostics) ?? []
            let back = try reader.read(
                SourceFile(path: file.path, bytes: written), options: readOptions, diagnostics: &diagnostics)
            var comparison = TableComparison(trip: trip, table: file.path, languages: [language], comparesOrder: false)
            comparison.listsExpected = options.listsExpectedDifferences
            comparison.compare(
                expected: Self.valuesOnly(translation, language: language),
                actual: Self.valuesOnly(back, language: language))
            differences += comparison.takeFound(expectedWhen: {
                Self.xliffCannotCarry(
                    $0, kind: half.kind, language: language, base: base, translation: translation,
                    companion: companion)
            })
            return (trip.name, differences)
        } catch {
            record(error, file.path, trip, &report)
            return (trip.name, TripDifferences(listed: report.differences))
        }
    }

    /// An empty table with `table`'s name, version and file traits: what import starts a new file from.
    static func emptyTable(like table: StringTable) -> StringTable {
        var empty = StringTable(name: table.name, sourceLanguage: table.sourceLanguage)
        empty.version = table.version
        empty.traits = table.traits
        return empty
    }

    /// `table`'s `language` localizations alone, without comments: what an XLIFF of that language carries back
    /// into a legacy file (its notes are the development language's comments, which a new file takes; an existing
    /// file keeps its own, as the trip into the same files shows).
    static func valuesOnly(_ table: StringTable, language: String) -> StringTable {
        var result = StringTable(name: table.name, sourceLanguage: table.sourceLanguage)
        for (key, entry) in table.entries {
            guard let localization = entry.localizations?[language] else { continue }
            var values = CatalogEntry(localizations: [language: localization])
            values.origin = entry.origin
            _ = result.entries.appendNew(values, forKey: key)
        }
        return result
    }

    /// Expected differences of legacy → XLIFF → legacy that depend on the tables: what export writes is the
    /// development language's keys and variables, in the language's plural categories, as Xcode does.
    static func xliffCannotCarry(
        _ difference: RoundTripDifference, kind: XLIFFTableKind, language: String, base: StringTable,
        translation: StringTable, companion: StringTable?
    ) -> String? {
        guard let key = difference.key else { return nil }
        let source = base.entries[key]?.localizations?[base.sourceLanguage]
        if kind == .stringsDict, source?.stringUnit == nil || source?.substitutions?.isEmpty ?? true {
            return "export writes a .stringsdict entry from the development language's rule (a format with variables); "
                + "an entry without one (a device rule, a plain string, a key only the translation has) is left out "
                + "with a warning"
        }
        if kind == .stringsDict, let shape = translation.entries[key]?.localizations?[language],
            shape.stringUnit == nil || shape.substitutions?.isEmpty ?? true
        {
            return "export writes a .stringsdict translation in the units of the development language's rule: a "
                + "translation of another shape (a device rule where the source has a plural rule) has no unit to go in"
        }
        guard let source else { return nil }
        if kind == .strings, companion?.entries[key] != nil {
            return "a key the .stringsdict also has is exported with translate=\"no\" (as Xcode does) and not imported"
        }
        guard kind == .stringsDict, difference.actual == nil, let path = difference.path else { return nil }
        let parts = path.split(separator: ".").map(String.init)
        if parts.contains("device") || parts.contains("width") {
            return "export writes a .stringsdict rule's plural cases, not its device or width variations"
        }
        if parts.count >= 2, parts[0] == "substitutions" {
            let variable = parts[1]
            guard source.substitutions?[variable] != nil else {
                return "export writes the development language's variables; a variable only the translation has is "
                    + "not exported"
            }
            if let index = parts.firstIndex(of: "plural"), index + 1 < parts.count {
                let category = parts[index + 1]
                if category != "zero", !PluralRules.categories(for: language).contains(category) {
                    return "export writes the plural categories the language uses (and zero), as Xcode does"
                }
            }
        }
        return nil
    }
}
