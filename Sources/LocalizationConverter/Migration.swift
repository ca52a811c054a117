import Foundation
import LocalizationCatalog
import StringBridgeSupport
import StringsDictFormat
import StringsFormat
import XCStringsFormat

/// "Migrate to String Catalog", as Xcode does it: legacy tables below a folder become one catalog per table.
public struct Migration: Sendable {
    /// How to migrate.
    public struct Options: Sendable {
        /// The development language; `Base.lproj` files count as this language.
        package var sourceLanguage: String
        /// Where to write the catalogs; `nil` puts each next to its source language's `.lproj` folder, as Xcode does.
        package var outputDirectory: String?
        /// Whether the legacy tables may be merged into a catalog that already exists at a destination (see
        /// ``write(_:force:diagnostics:)``; ``plan(directory:options:diagnostics:)`` plans the merge either way).
        package var force: Bool
        /// Whether a malformed legacy file stops the migration.
        ///
        /// Off by default: like Xcode, the migration leaves
        /// the file out and says so in a warning with the place of the problem.
        package var strict: Bool
        /// How long to wait, in seconds, for another process writing a catalog that exists at a destination
        /// (``FileTransaction/readForUpdate(_:)``).
        package var lockTimeout: Double = 120
        /// The comments code gives the tables' keys, by table name and key.
        ///
        /// A migration that reads code, as Xcode's does inside a build, gets them from `CodeSync`'s
        /// `MigrationExtraction`. A key listed takes the code's comment, whatever the legacy files say; the others
        /// keep the development language's. Empty migrates from the legacy files alone.
        package var codeComments = OrderedMap<OrderedMap<String>>()
        /// The tables to migrate, by name (`--table`); `nil` migrates every table found.
        package var tables: Set<String>?
        /// The legacy files (absolute paths) that an Xcode project's storyboard or xib variant group holds: their
        /// tables are Interface Builder tables even when the storyboard is not on disk
        /// (``interfaceBuilderStrings(around:)``).
        package var interfaceBuilderStrings = Set<String>()
        /// Whether the legacy files migrated are deleted when the catalogs are written, as Xcode does (only
        /// when the catalogs are written in place, without ``outputDirectory``).
        package var deletesLegacyFiles = false

        /// Creates options.
        public init(
            sourceLanguage: String = "en", outputDirectory: String? = nil, force: Bool = false, strict: Bool = false
        ) {
            self.sourceLanguage = sourceLanguage
            self.outputDirectory = outputDirectory
            self.force = force
            self.strict = strict
        }
    }

    /// One catalog the migration writes.
    public struct PlannedCatalog: Sendable {
        /// Where the catalog goes.
        public var destination: String
        /// The legacy files it is made from, in the order they were merged.
        public var sources: [String]
        /// The catalog: the legacy tables, merged into the catalog already at `destination` when there is one.
        public var table: StringTable
        /// The catalog already at `destination`, which the legacy tables are merged into; `nil` when there is none.
        package var existing: ExistingCatalog?
        /// The legacy files of the table left out of the catalog, with why.
        package var leftOut: [LeftOutFile] = []
        /// The catalog that exists at `destination`, read for update: locked until
        /// ``Migration/write(_:force:diagnostics:)`` has written the plan (or the plan is dropped), which fails when
        /// another program changed it meanwhile.
        package var transaction = FileTransaction()
        /// The keys whose comment comes from code (``Options/codeComments``), and how many of them had another
        /// comment in the legacy files (or none), which the code's replaces.
        package var commentsFromCode = (keys: 0, replaced: 0)
        /// The legacy files deleted when the catalog is written (the sources, with ``Options/deletesLegacyFiles``),
        /// with the fingerprints of the bytes migrated: a file changed since is not deleted, and nothing is written.
        package var deletions: [(path: String, fingerprint: UInt64)] = []
    }

    /// A legacy file left out of the migration.
    package struct LeftOutFile: Sendable, Equatable {
        /// Its path.
        package var path: String
        /// The language its `.lproj` folder stands for.
        package var language: String
        /// Why, for the summary: `cannot be read`.
        package var reason: String
    }

    /// What merging the legacy tables into a catalog that already exists does: the catalog's keys, values, states,
    /// comments and extraction states stay; what the legacy tables add is counted; where a legacy value differs
    /// from the catalog's, the catalog's is kept and the key and language are listed.
    package struct ExistingCatalog: Sendable, Equatable {
        /// The number of keys the catalog had.
        package var keys: Int
        /// Keys the legacy tables add to it.
        package var addedKeys: [String] = []
        /// The number of localizations (key and language) the legacy tables add to keys the catalog had.
        package var addedLocalizations = 0
        /// Keys and languages whose legacy value differs from the catalog's; the catalog's is kept.
        package var conflicts: [Conflict] = []

        /// A key and language whose legacy value differs from the catalog's.
        package struct Conflict: Sendable, Equatable {
            /// The key.
            package var key: String
            /// The language.
            package var language: String
        }
    }

    /// The registry that provides the legacy readers and the catalog writer.
    package var registry: FormatRegistry

    /// Creates a migration.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// Reads every `*.lproj/*.strings` and `*.stringsdict` below `directory` and builds one catalog per table name.
    ///
    /// Tables inside a `.bundle` folder (a `Settings.bundle`) are left out, with a note naming them: the Settings
    /// app reads only legacy tables, and Xcode does not migrate them. A catalog that already exists at a
    /// destination is read, and the plan merges the legacy tables into it (``PlannedCatalog/existing`` says what
    /// that does), whether or not `options.force` is on; ``write(_:force:diagnostics:)`` refuses to write it
    /// without `force`.
    /// - Throws: ``ConversionError`` when a file is malformed (only with `options.strict`), two tables would land
    ///   on one catalog, or a catalog at a destination cannot be read or has another source language.
    public func plan(
        directory: String, options: Options, diagnostics: inout Diagnostics
    ) throws -> [PlannedCatalog] {
        guard isDirectory(directory) else {
            throw ConversionError("is not a folder", path: directory)
        }
        var files = legacyFiles(below: directory)
        let bundled = files.filter { Self.bundle(containing: $0.path, below: directory) != nil }
        if !bundled.isEmpty {
            files.removeAll { Self.bundle(containing: $0.path, below: directory) != nil }
            diagnostics.append(Self.bundleNote(bundled, below: directory))
        }
        if files.isEmpty, bundled.isEmpty {
            diagnostics.warn("no .lproj/*.strings or .stringsdict files found", path: directory)
        }
        var plans: [PlannedCatalog] = []
        for (tableName, ordered) in tables(in: files, sourceLanguage: options.sourceLanguage)
        where options.tables?.contains(tableName) ?? true {
            var leftOut: [LeftOutFile] = []
            var parts = try read(
                ordered, tableName: tableName, options: options, leftOut: &leftOut, diagnostics: &diagnostics)
            let interfaceBuilder = isInterfaceBuilderTable(tableName, files: ordered, options: options)
            // The translations' tables are let go as they are merged: what follows reads the development
            // language's only (the comments from code), and the paths and fingerprints of all.
            var table = catalog(
                named: tableName, parts: &parts, releasingTranslations: true, sourceLanguage: options.sourceLanguage,
                interfaceBuilder: interfaceBuilder, takesTranslationComments: false,
                codeComments: options.codeComments[tableName] ?? [:], diagnostics: &diagnostics)
            let commentsFromCode = Self.commentsFromCode(
                options.codeComments[tableName] ?? [:], in: table, legacy: parts)
            let destination =
                options.outputDirectory.map { "\($0)/\(tableName).xcstrings" }
                ?? defaultDestination(
                    for: tableName, files: ordered, sourceLanguage: options.sourceLanguage,
                    interfaceBuilder: interfaceBuilder)
            var existing: ExistingCatalog?
            var transaction = FileTransaction()
            transaction.lockTimeout = options.lockTimeout
            if fileExists(destination) {
                let catalog = try readExistingCatalog(
                    destination, sourceLanguage: options.sourceLanguage, transaction: &transaction)
                // Compared as the catalog file holds it: written and read back, like the catalog that exists.
                let written = try asWritten(table, destination: destination)
                (table, existing) = Self.merge(
                    written, into: catalog, destination: destination, diagnostics: &diagnostics)
            }
            var plan = PlannedCatalog(
                destination: destination, sources: parts.map(\.file.path), table: table, existing: existing,
                leftOut: leftOut, transaction: transaction, commentsFromCode: commentsFromCode)
            if options.deletesLegacyFiles, options.outputDirectory == nil {
                plan.deletions = parts.map { ($0.file.path, $0.fingerprint) }
            }
            plans.append(plan)
        }
        var seen = Set<String>()
        for plan in plans where !seen.insert(plan.destination).inserted {
            throw ConversionError("two tables would be migrated to this catalog", path: plan.destination)
        }
        return plans
    }

    /// The `.bundle` folder below `directory` that `path` lies in, if any.
    static func bundle(containing path: String, below directory: String) -> String? {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        var folder = path.hasPrefix(prefix) ? String(prefix.dropLast()) : ""
        for component in relative.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(component) : "\(folder)/\(component)"
            if component.lowercased().hasSuffix(".bundle") { return folder }
        }
        return nil
    }

    /// One note naming the bundles and their tables left out of the migration.
    static func bundleNote(_ files: [LegacyFile], below directory: String) -> Diagnostic {
        var bundles = OrderedMap<[String]>()
        for file in files {
            let bundle = bundle(containing: file.path, below: directory) ?? file.path
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            let table = "\(file.lprojLanguage).lproj/\(name)"
            if let position = bundles.index(forKey: bundle) {
                bundles[valueAt: position].append(table)
            } else {
                _ = bundles.appendNew([table], forKey: bundle)
            }
        }
        let list = bundles.map { bundle, tables in "\(bundle) (\(tables.joined(separator: ", ")))" }
        return Diagnostic(
            .note,
            "left out of the migration: \(list.joined(separator: "; ")); the Settings app reads only .strings "
                + "tables, and Xcode does not migrate the tables of a bundle",
            path: directory)
    }

    /// A migrated table as a catalog file holds it: written, then read back; each entry keeps its origin in the
    /// legacy files (where a warning about it points).
    private func asWritten(_ table: StringTable, destination: String) throws -> StringTable {
        guard let format = registry.format(.xcstrings), let writer = format.writer, let reader = format.reader
        else { return table }
        var ignored = Diagnostics()
        guard let file = try writer.write(table, options: WriteOptions(), diagnostics: &ignored).first else {
            return table
        }
        var written = try reader.read(
            SourceFile(path: destination, bytes: file.bytes), options: ReadOptions(), diagnostics: &ignored)
        for index in written.entries.indices {
            written.entries[valueAt: index].origin = table.entries[written.entries.key(at: index)]?.origin
        }
        return written
    }

    /// The catalog already at `path`, read for update in `transaction` to merge the legacy tables into.
    private func readExistingCatalog(_ path: String, sourceLanguage: String, transaction: inout FileTransaction)
        throws -> StringTable
    {
        guard let reader = registry.format(.xcstrings)?.reader else {
            throw ConversionError("a catalog already exists here and cannot be read", path: path)
        }
        var ignored = Diagnostics()
        let catalog: StringTable
        do {
            catalog = try reader.read(
                try transaction.readForUpdate(path), options: ReadOptions(), diagnostics: &ignored)
        } catch let error as ConversionError {
            var diagnostics = error.diagnostics
            diagnostics.append(
                Diagnostic(
                    .note,
                    "a catalog already exists here and cannot be read, so the legacy tables cannot be merged into it",
                    path: path))
            throw ConversionError(diagnostics)
        }
        guard catalog.sourceLanguage == sourceLanguage else {
            throw ConversionError(
                "the catalog that exists here has source language \(catalog.sourceLanguage), not \(sourceLanguage); "
                    + "pass --source-language \(catalog.sourceLanguage) to merge the legacy tables into it",
                path: path)
        }
        return catalog
    }

    /// Merges a migrated table into the catalog that exists at `destination`: the catalog's keys, values, states,
    /// comments and extraction states stay; keys and localizations it lacks are added (a missing comment too);
    /// a legacy value that differs from the catalog's is a warning naming the key and language, and the catalog's
    /// value is kept.
    static func merge(
        _ migrated: StringTable, into catalog: StringTable, destination: String, diagnostics: inout Diagnostics
    ) -> (StringTable, ExistingCatalog) {
        var result = catalog
        var report = ExistingCatalog(keys: catalog.entries.count)
        for (key, incoming) in migrated.entries {
            guard let position = result.entries.index(forKey: key) else {
                _ = result.entries.appendNew(incoming, forKey: key)
                report.addedKeys.append(key)
                continue
            }
            var entry = result.entries[valueAt: position]
            if entry.comment == nil, let comment = incoming.comment {
                entry.comment = comment
            }
            for (language, localization) in incoming.localizations ?? [:] {
                guard let current = entry.localizations?[language] else {
                    if entry.localizations == nil { entry.localizations = OrderedMap() }
                    _ = entry.localizations?.appendNew(localization, forKey: language)
                    report.addedLocalizations += 1
                    continue
                }
                if withoutStates(current) != withoutStates(localization) {
                    report.conflicts.append(ExistingCatalog.Conflict(key: key, language: language))
                    diagnostics.warn(
                        "\(Diagnostic.quoted(key)) (\(language)): the legacy value differs from the catalog's; "
                            + "the catalog's is kept", at: entry.origin ?? incoming.origin, orPath: destination)
                }
            }
            result.entries[valueAt: position] = entry
        }
        return (result, report)
    }

    /// A localization with every translation state removed, to compare texts.
    static func withoutStates(_ localization: Localization) -> Localization {
        var result = localization
        result.stringUnit?.state = nil
        if localization.hasMoreThanStringUnit {
            result.stringSet?.state = nil
            if let variations = localization.variations { result.variations = withoutStates(variations) }
            if let substitutions = localization.substitutions {
                result.substitutions = substitutions.mapValues { substitution in
                    var substitution = substitution
                    substitution.variations = substitution.variations.map(withoutStates)
                    return substitution
                }
            }
        }
        return result
    }

    private static func withoutStates(_ variations: Variations) -> Variations {
        var result = variations
        result.plural = variations.plural?.mapValues(withoutStates)
        result.device = variations.device?.mapValues(withoutStates)
        result.width = variations.width?.mapValues(withoutStates)
        return result
    }

    /// The legacy tables below `directory`: each table's files, in the order they are merged (the source language
    /// first, so its comments win; `.strings` before `.stringsdict`).
    package func tables(below directory: String, sourceLanguage: String) -> [(name: String, files: [LegacyFile])] {
        tables(in: legacyFiles(below: directory), sourceLanguage: sourceLanguage)
    }

    func tables(in files: [LegacyFile], sourceLanguage: String) -> [(name: String, files: [LegacyFile])] {
        var groups = OrderedMap<[LegacyFile]>()
        for file in files {
            if let position = groups.index(forKey: file.table) {
                groups[valueAt: position].append(file)
            } else {
                _ = groups.appendNew([file], forKey: file.table)
            }
        }
        return groups.map { name, group in
            let ordered = group.sorted { lhs, rhs in
                let lhsRank = rank(lhs, sourceLanguage)
                let rhsRank = rank(rhs, sourceLanguage)
                return lhsRank != rhsRank ? lhsRank < rhsRank : lhs.path < rhs.path
            }
            return (name, ordered)
        }
    }

    /// One legacy file of a table, read.
    package struct LegacyPart: Sendable {
        /// The file it was read from.
        package var file: LegacyFile
        /// The language its `.lproj` folder stands for (`Base` is the source language).
        package var language: String
        /// Its entries, in the faithful legacy shape.
        package var table: StringTable
        /// A hash of the file's bytes as read (``Migration/fingerprint(_:)``).
        package var fingerprint: UInt64 = 0
    }

    /// A 64-bit FNV-1a hash of a file's bytes: what tells a legacy file from one changed after it was migrated.
    package static func fingerprint(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Reads a table's files side by side; a malformed file is left out with a warning unless `options.strict`.
    package func read(
        _ files: [LegacyFile], tableName: String, options: Options, diagnostics: inout Diagnostics
    ) throws -> [LegacyPart] {
        var leftOut: [LeftOutFile] = []
        return try read(files, tableName: tableName, options: options, leftOut: &leftOut, diagnostics: &diagnostics)
    }

    /// ``read(_:tableName:options:diagnostics:)``, adding the files left out to `leftOut`.
    func read(
        _ files: [LegacyFile], tableName: String, options: Options, leftOut: inout [LeftOutFile],
        diagnostics: inout Diagnostics
    ) throws -> [LegacyPart] {
        let registry = self.registry
        let sourceLanguage = options.sourceLanguage
        let results = parallelMap(files) { file -> Result<(StringTable, Diagnostics, UInt64)?, any Error> in
            let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
            guard let format = registry.format(forPath: file.path), let reader = format.reader else {
                return .success(nil)
            }
            let readOptions = ReadOptions(tableName: tableName, language: language, sourceLanguage: sourceLanguage)
            var diagnostics = Diagnostics()
            return Result {
                let source = try readSourceFile(file.path)
                // The readers report every error of a file in one run (StringsReader.laterErrors).
                let part = try reader.read(source, options: readOptions, diagnostics: &diagnostics)
                return (part, diagnostics, Self.fingerprint(source.bytes))
            }
        }
        var parts: [LegacyPart] = []
        for (file, result) in zip(files, results) {
            do {
                guard let (table, readDiagnostics, fingerprint) = try result.get() else { continue }
                diagnostics.append(contentsOf: readDiagnostics)
                let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
                parts.append(LegacyPart(file: file, language: language, table: table, fingerprint: fingerprint))
            } catch let error as ConversionError where !options.strict {
                let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
                leftOut.append(LeftOutFile(path: file.path, language: language, reason: "cannot be read"))
                // The first error says the file is left out; the errors after it are its others.
                var errors = 0
                // Errors become warnings; their notes (a value over several lines, more errors follow) stay notes.
                for diagnostic in error.diagnostics {
                    var warning = diagnostic
                    if diagnostic.severity == .error {
                        errors += 1
                        warning.severity = .warning
                        if errors == 1 {
                            warning.message = "\(diagnostic.message); this file is left out of the migration"
                        }
                    }
                    diagnostics.append(warning)
                }
            }
        }
        return parts
    }

    /// The catalog Xcode's migration makes of a table's legacy files (see docs/migration.md).
    ///
    /// A key's comment is the one its code gives (`codeComments`), else the development language's: a comment in
    /// a translation's file describes that translation, and is left out (one warning per file names the keys whose
    /// comment is then lost, unless the catalog or the development language's file says the same). Comments in
    /// `ibtool`'s shape are the exception: they describe the storyboard object, the same in every language, so a
    /// translation's stands in when the development language has none and the storyboard is not read.
    ///
    /// - Parameters:
    ///   - name: The table's name.
    ///   - parts: The table's legacy files, read.
    ///   - sourceLanguage: The development language.
    ///   - interfaceBuilder: Whether the table translates a storyboard or xib, whose comments are kept as written.
    ///   - takesTranslationComments: Whether a translation's comments (not only `ibtool`'s) may become the key's;
    ///     `nil` for `interfaceBuilder`. A migration passes `false`: no Xcode migration takes one.
    ///   - codeComments: The comments code gives the table's keys; they replace the legacy files'.
    ///   - diagnostics: Receives what the catalog cannot hold or leaves out.
    /// - Returns: The catalog.
    package func catalog(
        named name: String, parts: [LegacyPart], sourceLanguage: String, interfaceBuilder: Bool,
        takesTranslationComments: Bool? = nil, codeComments: OrderedMap<String> = [:], diagnostics: inout Diagnostics
    ) -> StringTable {
        var parts = parts
        return catalog(
            named: name, parts: &parts, releasingTranslations: false, sourceLanguage: sourceLanguage,
            interfaceBuilder: interfaceBuilder, takesTranslationComments: takesTranslationComments,
            codeComments: codeComments, diagnostics: &diagnostics)
    }

    /// ``catalog(named:parts:sourceLanguage:interfaceBuilder:takesTranslationComments:codeComments:diagnostics:)``;
    /// with `releasingTranslations`, the tables of the parts in other languages than the development language are
    /// emptied once merged (nothing after the merge reads them), so that a large table's parts are let go as the
    /// catalog grows instead of all being held next to it.
    ///
    /// The parts are prepared side by side a few at a time and merged in order: the catalog is the same whatever
    /// their number at a time.
    func catalog(
        named name: String, parts: inout [LegacyPart], releasingTranslations: Bool, sourceLanguage: String,
        interfaceBuilder: Bool, takesTranslationComments: Bool? = nil, codeComments: OrderedMap<String> = [:],
        diagnostics: inout Diagnostics
    ) -> StringTable {
        let keepsTranslationComments = takesTranslationComments ?? interfaceBuilder
        // Each part is prepared on its own, side by side: comments, width variations, the catalog shape of its
        // localizations. Merging then only moves localizations, in the parts' order.
        @Sendable func prepare(_ part: LegacyPart) -> (StringTable, Diagnostics, [(String, String)]) {
            var diagnostics = Diagnostics()
            var translationComments: [(String, String)] = []
            var table = Self.withDevelopmentComments(
                part, sourceLanguage: sourceLanguage, interfaceBuilder: keepsTranslationComments,
                removed: &translationComments)
            if !interfaceBuilder, !part.file.isStringsDict {
                for index in table.entries.indices {
                    if let comment = table.entries[valueAt: index].comment, comment.utf8.contains(92) {
                        table.entries[valueAt: index].comment = Self.unescapedComment(comment)
                    }
                }
            }
            Self.reportWhatCannotMigrate(
                table, language: part.language, file: part.file.path, diagnostics: &diagnostics)
            return (table.removingWidthVariations().migratedToCatalog(), diagnostics, translationComments)
        }
        var table = StringTable(name: name, sourceLanguage: sourceLanguage)
        var translationComments: [[(String, String)]] = []
        let perRound = releasingTranslations ? max(2, 4 * Parallelism.automatic.maximumChunks) : max(parts.count, 1)
        for start in stride(from: 0, to: parts.count, by: perRound) {
            let round = start..<min(start + perRound, parts.count)
            var prepared = parallelMap(Array(parts[round]), prepare)
            for (offset, index) in round.enumerated() {
                diagnostics.append(contentsOf: prepared[offset].1)
                translationComments.append(prepared[offset].2)
                // Each prepared part is let go once merged: the catalog grows as they go, never next to all of them.
                let merged = prepared[offset].0
                prepared[offset].0 = StringTable(name: name, sourceLanguage: sourceLanguage)
                table.merge(merged, diagnostics: &diagnostics, origin: parts[index].file.path)
                if releasingTranslations, parts[index].language != sourceLanguage {
                    parts[index].table = StringTable(name: name, sourceLanguage: sourceLanguage)
                }
            }
        }
        // With every language merged: translations of a root plural that print no number are that plural too.
        table.collapseTranslatedRootPlurals()
        // As Xcode's build extracts them: the code's comment, whichever files hold the key.
        for (key, comment) in codeComments {
            guard let index = table.entries.index(forKey: key) else { continue }
            table.entries[valueAt: index].comment = comment
            table.entries[valueAt: index].isCommentAutoGenerated = nil
        }
        for (part, translationComments) in zip(parts, translationComments) where !translationComments.isEmpty {
            // Lost only where neither the catalog nor the development language's file says the same (translators
            // often copy the comment; the code's comment may replace both).
            let lost = translationComments.filter { key, comment in
                let said =
                    [table.entries[key]?.comment]
                    + parts.lazy.filter { $0.language == sourceLanguage }.map { $0.table.entries[key]?.comment }
                return !said.contains { Self.sameComment($0, comment) }
            }
            Self.warnTranslationCommentsLeftOut(lost.map(\.0), path: part.file.path, diagnostics: &diagnostics)
        }
        table.version = "1.0"
        return table
    }

    /// Whether a comment says the same as a translation's `comment`: equal, once escapes are resolved, or but for
    /// the whitespace around it.
    static func sameComment(_ said: String?, _ comment: String) -> Bool {
        guard let said else { return false }
        func forms(_ text: String) -> [String] {
            let unescaped = unescapedComment(text)
            return [text, unescaped].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        let mine = forms(comment)
        return forms(said).contains(where: mine.contains)
    }

    /// How many keys of `table` take their comment from `codeComments`, and how many of those have another
    /// comment, or none, in the development language's files.
    static func commentsFromCode(_ codeComments: OrderedMap<String>, in table: StringTable, legacy parts: [LegacyPart])
        -> (keys: Int, replaced: Int)
    {
        var keys = 0
        var replaced = 0
        for (key, comment) in codeComments where table.entries.index(forKey: key) != nil {
            keys += 1
            let legacy = parts.lazy.filter { $0.language == table.sourceLanguage }
                .compactMap { $0.table.entries[key]?.comment }.first
            if legacy.map({ !sameUTF8($0, comment) && !sameUTF8(unescapedComment($0), comment) }) ?? true {
                replaced += 1
            }
        }
        return (keys, replaced)
    }

    /// A part's table with only the comments a catalog takes from it.
    ///
    /// All of them in the development language; in a translation, only comments in `ibtool`'s shape, which
    /// describe the storyboard object and not the translation (the same in every language). With
    /// `interfaceBuilder`, a translation keeps all its comments (a round trip through compiled tables, which writes
    /// the catalog's comment in every language).
    ///
    /// The comments removed are added to
    /// `removed` with their keys.
    package static func withDevelopmentComments(
        _ part: LegacyPart, sourceLanguage: String, interfaceBuilder: Bool, removed: inout [(String, String)]
    ) -> StringTable {
        var table = part.table
        guard part.language != sourceLanguage, !interfaceBuilder else { return table }
        removed += removeTranslationComments(&table)
        return table
    }

    /// One warning naming the keys of a translation file whose comments a catalog does not take.
    static func warnTranslationCommentsLeftOut(_ keys: [String], path: String, diagnostics: inout Diagnostics) {
        guard !keys.isEmpty else { return }
        diagnostics.warn(
            "the comments of \(keys.count) \(keys.count == 1 ? "key" : "keys") in this translation are left out "
                + "(a catalog keeps the development language's comment): "
                + keys.map { Diagnostic.quoted($0) }.joined(separator: ", "), path: path)
    }

    /// Removes a translation's comments but those in `ibtool`'s shape, and returns them with their keys.
    static func removeTranslationComments(_ table: inout StringTable) -> [(String, String)] {
        var removed: [(String, String)] = []
        for index in table.entries.indices {
            guard let comment = table.entries[valueAt: index].comment, !isInterfaceBuilderComment(comment) else {
                continue
            }
            removed.append((table.entries.key(at: index), comment))
            table.entries[valueAt: index].comment = nil
            table.entries[valueAt: index].isCommentAutoGenerated = nil
        }
        return removed
    }

    /// Writes planned catalogs, all or nothing.
    /// - Parameters:
    ///   - plans: The catalogs to write.
    ///   - force: Whether a plan may merge into a catalog that exists; without it such a plan is an error and
    ///     nothing is written. It also lets a read-only catalog be replaced (else refused).
    ///   - diagnostics: Receives the warnings of writing.
    /// - Throws: ``ConversionError`` when a plan is refused or a file cannot be written; nothing is written then.
    public func write(_ plans: [PlannedCatalog], force: Bool = false, diagnostics: inout Diagnostics) throws {
        try write(plans, projectEdits: [], force: force, diagnostics: &diagnostics)
    }

    /// Writes planned catalogs and the edits of the Xcode projects (``projectEdits(for:directories:options:diagnostics:)``),
    /// all or nothing, in one transaction.
    /// - Throws: ``ConversionError`` when a plan is refused, a file read for update changed, or a file cannot be
    ///   written; nothing is written then.
    package func write(
        _ plans: [PlannedCatalog], projectEdits: [ProjectEdit], force: Bool, diagnostics: inout Diagnostics
    ) throws {
        try Self.checkExisting(plans, force: force)
        guard let writer = registry.format(.xcstrings)?.writer else { return }
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = force
        for plan in plans {
            // A catalog that exists was read for update by the plan; a new one must still not exist.
            transaction.include(plan.transaction)
            // Into a folder that exists, a catalog in Xcode's layout is written to its temporary file as it is
            // encoded: the bytes of a large catalog are not held next to its table (the same bytes).
            if let catalogWriter = writer as? XCStringsWriter, isDirectory(parentDirectory(of: plan.destination)) {
                let file: TemporaryFile
                do {
                    file = try TemporaryFile(nextTo: plan.destination)
                } catch {
                    transaction.discard()
                    throw error
                }
                transaction.stage(file)
                catalogWriter.encode(plan.table, diagnostics: &diagnostics) { file.write($0) }
                continue
            }
            for file in try writer.write(plan.table, options: WriteOptions(), diagnostics: &diagnostics) {
                transaction.stage(file.bytes, at: plan.destination)
            }
        }
        for edit in projectEdits {
            // The project file was read for update when the edit was made.
            transaction.include(edit.transaction)
            transaction.stage(edit.bytes, at: edit.path)
        }
        // The legacy files migrated go with the writes: read for update, they must be the files migrated.
        for plan in plans {
            for (path, fingerprint) in plan.deletions {
                let file = try transaction.readForUpdate(path)
                guard Self.fingerprint(file.bytes) == fingerprint else {
                    transaction.discard()
                    throw ConversionError(
                        "the file changed after it was migrated, so it is not deleted; nothing is written "
                            + "(migrate again)", path: path)
                }
                transaction.stageDeletion(path)
            }
        }
        for folder in Self.foldersEmptied(by: plans.flatMap { $0.deletions.map(\.path) }) {
            transaction.stageRemovalIfEmpty(folder)
        }
        try transaction.commit()
    }

    /// The `.lproj` folders that deleting `paths` leaves empty: every file in them is deleted.
    package static func foldersEmptied(by paths: [String]) -> [String] {
        var byFolder = OrderedMap<Set<String>>()
        for path in paths {
            let folder = parentDirectory(of: path)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let position = byFolder.index(forKey: folder) {
                byFolder[valueAt: position].insert(name)
            } else {
                _ = byFolder.appendNew([name], forKey: folder)
            }
        }
        return byFolder.compactMap { folder, names in
            guard folder.lowercased().hasSuffix(".lproj"),
                let entries = try? FileManager.default.contentsOfDirectory(atPath: folder),
                entries.allSatisfy(names.contains)
            else { return nil }
            return folder
        }
    }

    /// Throws, naming each, when plans merge into catalogs that exist and `force` is off.
    package static func checkExisting(_ plans: [PlannedCatalog], force: Bool) throws {
        guard !force else { return }
        let existing = plans.filter { $0.existing != nil }.map {
            Diagnostic(
                .error, "a catalog already exists here; pass --force to merge the legacy tables into it",
                path: $0.destination)
        }
        if !existing.isEmpty { throw ConversionError(existing) }
    }

    // MARK: - Details

    /// A legacy table file below a migrated folder.
    package struct LegacyFile: Sendable, Equatable {
        /// Its path.
        package var path: String
        /// The table it belongs to: its name without extension.
        package var table: String
        /// The name of its `.lproj` folder without the extension (`en`, `Base`).
        package var lprojLanguage: String
        /// Whether it is a `.stringsdict` file.
        package var isStringsDict: Bool
    }

    private func rank(_ file: LegacyFile, _ sourceLanguage: String) -> Int {
        let isSource = file.lprojLanguage == sourceLanguage || file.lprojLanguage == "Base"
        return (isSource ? 0 : 2) + (file.isStringsDict ? 1 : 0)
    }

    /// Legacy files below `directory`, sorted by path; hidden folders and build folders are skipped.
    func legacyFiles(below directory: String) -> [LegacyFile] {
        ProjectPaths.files(below: directory, extensions: registry.fileExtensions(of: [.strings, .stringsdict]))
            .compactMap { path in
                guard let language = ProjectPaths.lprojLanguage(of: path) else { return nil }
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return LegacyFile(
                    path: path, table: tableName(ofPath: name), lprojLanguage: language,
                    isStringsDict: name.lowercased().hasSuffix(".stringsdict"))
            }
    }

    /// Where Xcode puts the catalog: the folder that holds the source language's `.lproj` (or `mul.lproj` in it
    /// when the table belongs to an Interface Builder file in `Base.lproj`).
    func defaultDestination(
        for table: String, files: [LegacyFile], sourceLanguage: String, interfaceBuilder: Bool? = nil
    ) -> String {
        let anchor =
            files.first { !$0.isStringsDict && ($0.lprojLanguage == sourceLanguage || $0.lprojLanguage == "Base") }
            ?? files.first { $0.lprojLanguage == sourceLanguage || $0.lprojLanguage == "Base" } ?? files[0]
        let folder = parentDirectory(of: parentDirectory(of: anchor.path))
        if interfaceBuilder ?? (interfaceBuilderFile(for: table, files: files) != nil) {
            return "\(folder)/mul.lproj/\(table).xcstrings"
        }
        return "\(folder)/\(table).xcstrings"
    }

    /// Whether a table translates a storyboard or xib: one is in `Base.lproj` beside its files, or an Xcode
    /// project's variant group of a storyboard or xib holds them (``Options/interfaceBuilderStrings``).
    func isInterfaceBuilderTable(_ table: String, files: [LegacyFile], options: Options) -> Bool {
        if interfaceBuilderFile(for: table, files: files) != nil { return true }
        guard !options.interfaceBuilderStrings.isEmpty else { return false }
        return files.contains { options.interfaceBuilderStrings.contains(ProjectPaths.absolute($0.path)) }
    }

    /// The storyboard or xib in `Base.lproj` that the table translates, if any.
    package func interfaceBuilderFile(for table: String, files: [LegacyFile]) -> String? {
        for file in files {
            let folder = parentDirectory(of: parentDirectory(of: file.path))
            for ext in ["storyboard", "xib"] where fileExists("\(folder)/Base.lproj/\(table).\(ext)") {
                return "\(folder)/Base.lproj/\(table).\(ext)"
            }
        }
        return nil
    }

    /// A `.strings` comment as Xcode's migration stores it: the escapes a string value would have (`\n`, `\'`,
    /// `\"`, `\t`, `\\`) are resolved; others stay as written.
    ///
    /// Interface Builder tables are the exception: Xcode
    /// takes their comments from the storyboard, escaped as `ibtool` writes them, so they are kept verbatim (so is
    /// any comment in `ibtool`'s shape).
    static func unescapedComment(_ comment: String) -> String {
        guard comment.utf8.contains(UInt8(ascii: "\\")), !isInterfaceBuilderComment(comment) else { return comment }
        var result = ""
        var iterator = comment.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let next = iterator.next() else {
                result.append(character)
                break
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\"", "'", "\\": result.append(next)
            default:
                result.append(character)
                result.append(next)
            }
        }
        return result
    }

    /// Whether a comment is one `ibtool` generated (`Class = "NSMenuItem"; title = "…"; ObjectID = "…";`), which
    /// Xcode keeps as written even when the storyboard itself is not next to the table.
    static func isInterfaceBuilderComment(_ comment: String) -> Bool {
        comment.hasPrefix("Class = \"") && comment.contains("ObjectID = \"")
    }

    /// Warnings, with the entry's place, for what a String Catalog cannot hold.
    private static func reportWhatCannotMigrate(
        _ table: StringTable, language: String, file: String, diagnostics: inout Diagnostics
    ) {
        for index in table.entries.indices {
            // Read in place: most entries have none, and a copy of each would retain all it holds.
            let hasWidthVariations = table.entries.withValue(at: index) { entry in
                guard let position = entry.localizations?.index(forKey: language) else { return false }
                return entry.localizations?.withValue(at: position) {
                    $0.hasMoreThanStringUnit && containsWidthVariations($0)
                } ?? false
            }
            guard hasWidthVariations else { continue }
            diagnostics.warn(
                "\"\(table.entries.key(at: index))\": width variations cannot be carried over to a String Catalog; "
                    + "they are left out",
                at: table.entries[valueAt: index].origin, orPath: file)
        }
    }

    private static func containsWidthVariations(_ localization: Localization) -> Bool {
        if localization.variations?.width != nil { return true }
        for value in localization.variations?.device?.values ?? [] where containsWidthVariations(value) { return true }
        for substitution in localization.substitutions?.values ?? [] where substitution.variations?.width != nil {
            return true
        }
        return false
    }
}
