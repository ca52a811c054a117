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
        package var vias: Set<Via>
        /// The development language of legacy tables.
        package var sourceLanguage: String
        /// Shell patterns (`*/invalid/*`) of paths to leave out; `*` also matches `/`.
        package var excluded: [String]
        /// How many localizations a run of the catalog → legacy → catalog trip takes at most (fewer in a catalog too
        /// small to give every core several runs): the trip holds a few runs' legacy files and tables at once, never
        /// the whole catalog's (a test makes runs of one entry).
        package var localizationsPerLegacyRun = 20_000
        /// Whether the expected differences are made and listed in the report (on by default).
        ///
        /// A check whose report prints none (`--quiet`, `--losses-only`) only counts them
        /// (``RoundTripReport/unlistedExpected``): a large catalog's trip through legacy tables has a million,
        /// every state and comment they cannot hold.
        package var listsExpectedDifferences = true

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
    package var registry: FormatRegistry

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
                for file in ProjectPaths.files(
                    below: path, extensions: registry.fileExtensions(of: [.xcstrings, .xliff]))
                where !options.excludes(file) {
                    check(file: file, options: options, report: &report)
                }
                for bundle in ProjectPaths.bundles(below: path, extension: "xcloc") where !options.excludes(bundle) {
                    checkBundle(bundle, options: options, report: &report)
                }
                // Legacy files outside `.lproj` folders are single files; inside, they are tables.
                for file in ProjectPaths.files(
                    below: path, extensions: registry.fileExtensions(of: [.strings, .stringsdict]))
                where ProjectPaths.lprojLanguage(of: file) == nil && !options.excludes(file) {
                    check(file: file, options: options, report: &report)
                }
                if !options.vias.isDisjoint(with: [.same, .xcstrings, .xliff]) {
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
        if !options.listsExpectedDifferences {
            // The few a trip adds outside its table comparison (a same-format rewrite's bytes or key order).
            let listed = report.differences.count
            report.differences.removeAll(where: \.isExpected)
            report.unlistedExpected += listed - report.differences.count
        }
        return report
    }

    // MARK: - Tables

    /// An `.xcloc` bundle: its XLIFF files, rewritten.
    private func checkBundle(_ bundle: String, options: Options, report: inout RoundTripReport) {
        guard options.vias.contains(.same) else { return }
        let extensions = registry.fileExtensions(of: [.xliff])
        for file in ProjectPaths.files(below: bundle + "/Localized Contents", extensions: extensions)
        where !options.excludes(file) {
            let trip = xliffSameFormat(file, report: &report)
            report.tables.append(
                RoundTripReport.TableResult(path: file, format: FormatID.xliff.rawValue, trips: [trip]))
        }
    }

    private func check(file: String, options: Options, report: inout RoundTripReport) {
        guard let format = registry.format(forPath: file) else { return }
        switch format.id {
        case .xliff:
            if options.vias.contains(.same) {
                let trip = xliffSameFormat(file, report: &report)
                report.tables.append(RoundTripReport.TableResult(path: file, format: format.name, trips: [trip]))
            }
        case .xcstrings:
            report.tables.append(
                RoundTripReport.TableResult(
                    path: file, format: format.name,
                    trips: checkCatalog(
                        file, format: format, options: options,
                        report: &report)))
        case .strings, .stringsdict:
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

    /// A String Catalog's trips, from one reading of the file: the same-format trip while the file is still mapped,
    /// then (the mapping released) the trips through legacy tables and XLIFF side by side, each piece of work
    /// releasing what it made when it ends.
    private func checkCatalog(
        _ file: String, format: FormatDescriptor, options: Options, report: inout RoundTripReport
    ) -> [String] {
        var source: SourceFile?
        let catalog: StringTable
        do {
            guard let reader = format.reader else { return [] }
            var diagnostics = Diagnostics()
            let read = try readSourceFile(file)
            source = read
            catalog = try reader.read(read, options: ReadOptions(), diagnostics: &diagnostics)
        } catch {
            var trips: [String] = []
            if options.vias.contains(.same) { trips.append("\(format.name) → \(format.name)") }
            if options.vias.contains(.legacy) { trips.append(Trip.catalogViaLegacyName) }
            if options.vias.contains(.xliff) { trips.append(Trip.catalogViaXLIFFName) }
            for name in trips { record(error, file, Trip(name: name, expectations: .none), &report) }
            return trips
        }
        // The trip through the catalog's own format is compared next to the others (one more piece of their work);
        // only a catalog not in Xcode's layout is then compared the whole way, after them, as `sameFormat` does.
        let sameFormatSource = options.vias.contains(.same) ? source : nil
        source = nil
        let trips = catalogViaLegacyAndXLIFF(
            file, catalog: catalog, sameFormat: sameFormatSource.map { (format, $0) }, options: options,
            report: &report)
        releaseInBackground(consume catalog)
        return trips
    }

    /// The trips through legacy tables and through XLIFF, as many as `options` asks, made side by side.
    ///
    /// The work comes in two rounds of pieces, each shared by the cores. First what the languages' trips share is
    /// made (``XLIFFTrips``: the export's preparation and the catalog with only its source language), next to the
    /// trip through the catalog's own format (with `sameFormat`: ``rewritesInXcodeLayout(_:table:format:)``) and to
    /// the first half of the runs of entries through legacy tables, which keep both cores busy while those are made.
    /// Then one piece per language's XLIFF, and the other runs last (the smaller pieces, so that both cores stay busy
    /// to the end). What the languages share is let go when the last of them ends, so the runs after them do not
    /// hold it. A catalog the same-format piece finds not in Xcode's layout is compared the whole way once the rest
    /// ends. The differences come as if made one trip after the other: the same-format trip's, the legacy trip's,
    /// then each language's.
    private func catalogViaLegacyAndXLIFF(
        _ file: String, catalog: StringTable, sameFormat same: (format: FormatDescriptor, source: SourceFile)?,
        options: Options, report: inout RoundTripReport
    ) -> [String] {
        let runs =
            options.vias.contains(.legacy)
            ? Self.runs(
                of: catalog, localizationsPerRun: Self.legacyRunSize(catalog, atMost: options.localizationsPerLegacyRun)
            )
            : []
        let xliff = options.vias.contains(.xliff)
        let languages = xliff ? XLIFFTrips.languages(of: catalog) : []
        let early = runs.count / 2
        var firstRound: [Piece] = same == nil ? [] : [.sameFormat]
        if !languages.isEmpty { firstRound += [.export, .sourceOnly] }
        firstRound += (0..<early).map(Piece.run)
        let secondRound = languages.indices.map(Piece.language) + (early..<runs.count).map(Piece.run)
        // What the languages share, once made; let go by the last language to end.
        let shared = LockedValue<(trips: XLIFFTrips?, unfinished: Int)>((nil, languages.count))
        let work = { @Sendable (piece: Piece) -> WorkResult in
            switch piece {
            case .sameFormat:
                guard let same else { preconditionFailure("a same-format piece comes with its file") }
                return .sameFormat(
                    rewritesIdentically: Self.rewritesInXcodeLayout(same.source, table: catalog, format: same.format))
            case .export:
                return .export(XLIFFTrips.prepared(file, catalog: catalog))
            case .sourceOnly:
                return .sourceOnly(Self.sourceLanguageOnly(catalog))
            case .run(let index):
                return .run(
                    index,
                    self.catalogViaLegacy(
                        file, catalog: catalog, run: runs[index], listsExpected: options.listsExpectedDifferences))
            case .language(let index):
                // Let go by the last language only, so every language finds it here.
                guard let trips = shared.withLock({ $0.trips }) else {
                    preconditionFailure("the trips through XLIFF are held until the last language ends")
                }
                let (trip, differences) = Self.catalogViaXLIFF(
                    file, catalog: catalog, sourceOnly: trips.sourceOnly, prepared: trips.prepared,
                    language: languages[index], listsExpected: options.listsExpectedDifferences)
                shared.withLock { state in
                    state.unfinished -= 1
                    if state.unfinished == 0 { state.trips = nil }
                }
                return .language(trip: trip, differences: differences)
            }
        }
        var results = parallelMap(firstRound, work)
        var prepared: XLIFFCatalogExport?
        var sourceOnly: StringTable?
        var sameFormatIsIdentical = false
        for index in results.indices {
            switch results[index] {
            case .export(let made): prepared = made
            case .sourceOnly(let made): sourceOnly = made
            case .sameFormat(let identical): sameFormatIsIdentical = identical
            default: continue
            }
            // Held by `shared` alone from here, so that the last language lets it go.
            results[index] = .run(-1, TripDifferences())
        }
        if let prepared, let sourceOnly, !languages.isEmpty {
            shared.withLock { $0.trips = XLIFFTrips(languages: languages, prepared: prepared, sourceOnly: sourceOnly) }
        }
        prepared = nil
        sourceOnly = nil
        results += parallelMap(secondRound, work)
        var trips: [String] = []
        if let same {
            if sameFormatIsIdentical {
                trips.append(Self.sameFormatTripName(same.format))
            } else {
                trips.append(
                    sameFormat(file, format: same.format, language: nil, read: (same.source, catalog), report: &report))
            }
        }
        if options.vias.contains(.legacy) {
            // In the order of the runs, whichever round made them.
            var byRun = [TripDifferences](repeating: TripDifferences(), count: runs.count)
            for index in results.indices {
                guard case .run(let run, let differences) = results[index], run >= 0 else { continue }
                byRun[run] = differences
                results[index] = .run(-1, TripDifferences())
            }
            trips.append(Self.collectLegacyRuns(byRun, report: &report))
        }
        for result in results {
            guard case .language(let trip, let differences) = result else { continue }
            report.add(differences)
            trips.append(trip)
        }
        releaseInBackground(consume results)
        return trips
    }

    /// One piece of ``catalogViaLegacyAndXLIFF(_:catalog:sameFormat:options:report:)``'s work.
    private enum Piece: Sendable {
        case sameFormat, export, sourceOnly
        /// A run of entries through legacy tables, by its place among the runs.
        case run(Int)
        /// A language's trip through XLIFF, by its place among the languages.
        case language(Int)
    }

    /// What one piece of ``catalogViaLegacyAndXLIFF(_:catalog:sameFormat:options:report:)``'s work found or made.
    private enum WorkResult: Sendable {
        /// The trip through the catalog's own format: whether its rewrite gave its bytes back.
        case sameFormat(rewritesIdentically: Bool)
        /// The export's preparation, shared by the languages' trips.
        case export(XLIFFCatalogExport)
        /// The catalog with only its source language, shared by the languages' trips.
        case sourceOnly(StringTable)
        /// A trip through one language's XLIFF: its name and differences.
        case language(trip: String, differences: TripDifferences)
        /// A run of entries through legacy tables: its place and differences (a place of -1 is an emptied result).
        case run(Int, TripDifferences)
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
        if options.vias.contains(.xliff) {
            trips += legacyViaXLIFF(name: name, files: files, options: options, report: &report)
        }
        let anchor = files.first { !$0.isStringsDict } ?? files[0]
        report.tables.append(
            RoundTripReport.TableResult(path: anchor.path, format: "legacy table \(name)", trips: trips))
    }

    // MARK: - Helpers

    /// Records a trip that could not be made: an input that cannot be read is invalid (once per file); any other
    /// error is a loss.
    func record(_ error: any Error, _ path: String, _ trip: Trip, _ report: inout RoundTripReport) {
        if let error = error as? ConversionError, !error.diagnostics.isEmpty,
            error.diagnostics.allSatisfy({ $0.path == path })
        {
            guard !report.differences.contains(where: { $0.aspect == .invalidInput && $0.table == path }) else {
                return
            }
            var difference = RoundTripDifference(
                table: path, trip: trip.name, aspect: .invalidInput, expected: nil, actual: nil,
                reason: error.diagnostics.map(\.description).joined(separator: "; "))
            difference.diagnostics = error.diagnostics
            report.differences.append(difference)
            return
        }
        report.differences.append(failure(path, trip, "\(error)"))
    }

    func failure(_ path: String, _ trip: Trip, _ message: String) -> RoundTripDifference {
        Self.failure(path, trip, message)
    }

    static func failure(_ path: String, _ trip: Trip, _ message: String) -> RoundTripDifference {
        RoundTripDifference(
            table: path, trip: trip.name, aspect: .failure, expected: nil, actual: nil, isExpected: false,
            reason: message)
    }

    func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> String {
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
    ///
    /// Compared by bytes where that is the comparison of characters below
    /// (``matchesArgumentPlaceholdersByCharacters(_:_:)``), which decides everything else; a test holds them equal:
    /// - texts of ASCII bytes without a carriage return: each character is one byte (`\r\n` is one character);
    /// - other texts, when the bytes match and every place where `actual` is cut (where a piece of `expected`
    ///   ends and where a specifier ends) falls between two of its characters, and `expected` has no `%arg`
    ///   followed by a non-ASCII scalar (which Foundation's split, the pieces, may not cut at): each piece is then
    ///   the same characters in `actual` as alone, and each specifier's ASCII bytes are characters. A match by
    ///   bytes that fails that, and any mismatch by bytes (canonically equal texts may differ in bytes), is decided
    ///   by characters.
    package static func matchesArgumentPlaceholders(_ expected: String, _ actual: String) -> Bool {
        // Read where the strings hold their bytes: no copy, no array of pieces or cuts (a catalog's trip through
        // legacy tables asks this of every value a substitution's `%arg` is respelled in, a million at 636 MB).
        let byBytes = expected.withUTF8Span { expectedBytes in
            actual.withUTF8Span { actualBytes -> Bool? in
                if isPlainASCII(expectedBytes), isPlainASCII(actualBytes) {
                    return placeholdersMatch(expectedBytes, actualBytes, cutAt: { _ in true })
                }
                guard !hasArgumentBeforeNonASCII(expectedBytes),
                    placeholdersMatch(
                        expectedBytes, actualBytes,
                        cutAt: { isCharacterBoundary($0, of: actualBytes, in: actual) })
                else { return nil }
                return true
            }
        }
        return byBytes ?? matchesArgumentPlaceholdersByCharacters(expected, actual)
    }

    /// Whether `text` is ASCII without a carriage return: each of its characters is one byte.
    static func isPlainASCII(_ text: String) -> Bool {
        text.withUTF8Span(isPlainASCII)
    }

    /// ``isPlainASCII(_:)`` of a text's UTF-8 bytes.
    static func isPlainASCII(_ bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices where bytes[index] >= 0x80 || bytes[index] == UInt8(ascii: "\r") { return false }
        return true
    }

    /// Whether `bytes` hold `%arg` at `offset`.
    private static func isArgument(_ bytes: Span<UInt8>, at offset: Int) -> Bool {
        offset + 4 <= bytes.count && bytes[offset] == UInt8(ascii: "%") && bytes[offset + 1] == UInt8(ascii: "a")
            && bytes[offset + 2] == UInt8(ascii: "r") && bytes[offset + 3] == UInt8(ascii: "g")
    }

    /// Where the next `%arg` of `bytes` starts, from `offset` on; `nil` when there is none.
    private static func nextArgument(in bytes: Span<UInt8>, from offset: Int) -> Int? {
        var index = offset
        while index + 4 <= bytes.count {
            if isArgument(bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Whether a `%arg` of `bytes` is followed by a non-ASCII byte.
    static func hasArgumentBeforeNonASCII(_ bytes: Span<UInt8>) -> Bool {
        var from = 0
        while let found = nextArgument(in: bytes, from: from) {
            if found + 4 < bytes.count, bytes[found + 4] >= 0x80 { return true }
            from = found + 4
        }
        return false
    }

    /// Whether the UTF-8 offset `offset` of `text` (whose bytes are `bytes`) is between two of its characters (or
    /// at an end).
    ///
    /// Fast path: two ASCII scalars other than `\r\n` always have a character boundary between them (no ASCII
    /// scalar extends, joins, prepends or is a regional indicator or pictograph); the exact fallback asks the
    /// string. `ScaleTests.argumentPlaceholdersByBytes` holds the match that uses it equal to the match by characters.
    static func isCharacterBoundary(_ offset: Int, of bytes: Span<UInt8>, in text: String) -> Bool {
        guard offset > 0, offset < bytes.count else { return true }
        let before = bytes[offset - 1]
        let after = bytes[offset]
        if before < 0x80, after < 0x80, before != UInt8(ascii: "\r") || after != UInt8(ascii: "\n") { return true }
        let utf8 = text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: offset)
        return String.Index(index, within: text) != nil
    }

    /// ``matchesArgumentPlaceholders(_:_:)`` of texts whose characters are single bytes, on their bytes.
    static func matchesArgumentPlaceholdersByBytes(_ expected: [UInt8], _ actual: [UInt8]) -> Bool {
        expected.withSpan { expected in actual.withSpan { placeholdersMatch(expected, $0, cutAt: { _ in true }) } }
    }

    /// The byte comparison of ``matchesArgumentPlaceholders(_:_:)``.
    ///
    /// Whether `actual` is `expected` with each `%arg` spelled as a specifier or kept, and `cutAt` allows every
    /// offset of `actual` where a piece of `expected` ends and where a specifier (or kept `%arg`) ends. `expected`
    /// without `%arg` never matches.
    static func placeholdersMatch(
        _ expected: Span<UInt8>, _ actual: Span<UInt8>, cutAt: (Int) -> Bool
    ) -> Bool {
        guard var argument = nextArgument(in: expected, from: 0) else { return false }
        var start = 0
        var rest = 0
        while true {
            // The piece of `expected` before the next `%arg` (or its end), then the spelling of that `%arg`.
            let end = argument < 0 ? expected.count : argument
            let length = end - start
            guard actual.count - rest >= length, actual.bytesEqual(at: rest, expected, at: start, count: length)
            else { return false }
            rest += length
            guard cutAt(rest) else { return false }
            if argument < 0 { break }
            start = argument + 4
            argument = nextArgument(in: expected, from: start) ?? -1
            if isArgument(actual, at: rest) {
                rest += 4
                guard cutAt(rest) else { return false }
                continue
            }
            guard rest < actual.count, actual[rest] == UInt8(ascii: "%") else { return false }
            rest += 1
            var digits = rest
            while digits < actual.count, actual[digits] >= UInt8(ascii: "0"), actual[digits] <= UInt8(ascii: "9") {
                digits += 1
            }
            if digits > rest, digits < actual.count, actual[digits] == UInt8(ascii: "$") { rest = digits + 1 }
            while rest < actual.count, isLengthModifier(actual[rest]) { rest += 1 }
            guard rest < actual.count, isConversion(actual[rest]) else { return false }
            rest += 1
            guard cutAt(rest) else { return false }
        }
        return rest == actual.count
    }

    /// `hlqLzjt`.
    private static func isLengthModifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"),
            UInt8(ascii: "j"), UInt8(ascii: "t"):
            true
        default: false
        }
    }

    /// `@dDiuUxXoOfFeEgGaAcCsSp`.
    private static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"),
            UInt8(ascii: "U"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "c"), UInt8(ascii: "C"),
            UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "p"):
            true
        default: false
        }
    }

    /// ``matchesArgumentPlaceholders(_:_:)`` by characters, for any text.
    static func matchesArgumentPlaceholdersByCharacters(_ expected: String, _ actual: String) -> Bool {
        let pieces = argumentPlaceholderPieces(expected)
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

    /// `text.components(separatedBy: "%arg")`, split by its bytes where that is the same: Foundation's search
    /// compares composed character sequences, so a `%arg` followed by a non-ASCII scalar (which may combine with
    /// its `g`) is left to it; no other text is canonically `%arg`.
    static func argumentPlaceholderPieces(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        let pattern = Array("%arg".utf8)
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index + pattern.count <= bytes.count {
            guard bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) else {
                index += 1
                continue
            }
            let next = index + pattern.count
            if next < bytes.count, bytes[next] >= 0x80 { return text.components(separatedBy: "%arg") }
            pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
            index = next
            start = next
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }
}
