import Foundation
import LocalizationCatalog
import XCStringsFormat
import XLIFFFormat

/// `xcodebuild -importLocalizations` without Xcode: translated XLIFF files or `.xcloc` bundles merged back into the
/// catalogs and legacy tables they were exported from.
///
/// Each `<file original>` is resolved against the project root. A catalog receives the targets of every language
/// it is given; a legacy table receives them in its `L.lproj` file next to the source language's (created when
/// missing). Every table is written back in its own format, all tables at once and atomically, and only when a
/// unit changed it: importing the same XLIFF twice changes nothing the second time. Units that are not applied are
/// counted and listed with their reason (``XLIFFImportReport``).
public struct Import: Sendable {
    /// How to import.
    public struct Options: Sendable {
        /// The project root that `original` paths are relative to.
        public var root: String
        /// The development language of legacy tables (catalogs say their own).
        public var sourceLanguage: String
        /// Compute and report everything, but write nothing.
        public var dryRun: Bool
        /// Where the mapping may differ from Xcode.
        public var mapping: XLIFFImport.Options
        /// Folders outside the default boundary (the git work tree holding ``root``, or ``root``) that tables
        /// may be written in (``WriteBoundary``).
        public var boundaries: [String] = []
        /// Whether the documents and tables read are freed when ``Import/run(_:options:diagnostics:)`` returns
        /// (on a background thread). A process that exits right after (the command-line tool) sets it to `false`
        /// and leaves them to the system, which saves the CPU time freeing a few hundred thousand strings takes.
        public var freesWorkingMemory = true
        /// Whether read-only table files are replaced (else the import fails, writing nothing).
        public var replacesReadOnlyFiles = false
        /// How long to wait, in seconds, for another process writing one of the tables (``FileLock``) before
        /// failing.
        public var lockTimeout: Double = 120

        /// Creates options.
        public init(
            root: String = ".", sourceLanguage: String = "en", dryRun: Bool = false,
            mapping: XLIFFImport.Options = XLIFFImport.Options()
        ) {
            self.root = root
            self.sourceLanguage = sourceLanguage
            self.dryRun = dryRun
            self.mapping = mapping
        }
    }

    /// What happened to one `<file>` of one document.
    public struct FileResult: Sendable {
        /// The XLIFF document the file is in.
        public var document: String
        /// The file's `original`.
        public var original: String
        /// The file's `target-language`.
        public var language: String?
        /// The table file the targets went to (the `L.lproj` file for a legacy table); `nil` when none was found.
        public var table: String?
        /// Counts and skipped units.
        public var report: XLIFFImportReport
    }

    /// What an import did.
    public struct Result: Sendable {
        /// One result per `<file>`, in document order.
        public var files: [FileResult] = []
        /// The table files that changed (were written, or would be with a dry run), in the order first touched.
        public var changed: [String] = []
        /// Whether nothing was written because of a dry run.
        public var dryRun = false

        /// The reports of all files added up.
        public var total: XLIFFImportReport {
            var total = XLIFFImportReport()
            for file in files { total.add(file.report) }
            return total
        }
    }

    /// The registry that provides readers and writers.
    public var registry: FormatRegistry

    /// Creates an import.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// The XLIFF documents named by `inputs`: `.xliff`/`.xlf` files, and the `Localized Contents/*.xliff` of
    /// `.xcloc` bundles.
    /// - Throws: ``ConversionError`` for an input that is missing or holds no XLIFF.
    public func documents(for inputs: [String]) throws -> [String] {
        var result: [String] = []
        for input in inputs {
            if isDirectory(input) {
                let folder = input.hasSuffix("/") ? String(input.dropLast()) : input
                let localized = "\(folder)/Localized Contents"
                let found = isDirectory(localized) ? ProjectPaths.files(below: localized, extensions: ["xliff", "xlf"]) : []
                if found.isEmpty {
                    throw ConversionError("no Localized Contents/*.xliff in this folder; is it an .xcloc bundle?", path: input)
                }
                // A bundle comes from elsewhere: what it holds is read only when it is a regular file of the bundle
                // (a symbolic link could name any file, a FIFO or a device would never end).
                for entry in [localized] + found {
                    if let kind = ProjectPaths.irregularKind(entry, folderAllowed: entry == localized) {
                        throw ConversionError(
                            "is \(kind), not a regular file; only regular files of an .xcloc bundle are read (links "
                                + "are not followed)", path: entry)
                    }
                }
                result += found
            } else if fileExists(input) {
                guard let ext = fileExtension(input), ext == "xliff" || ext == "xlf" else {
                    throw ConversionError("not an .xliff, .xlf file or .xcloc bundle", path: input)
                }
                result.append(input)
            } else {
                throw ConversionError("cannot read the file: No such file or directory", path: input)
            }
        }
        return result
    }

    /// Imports every document of `inputs`.
    ///
    /// The documents are parsed side by side, and each table is read as soon as a document names it, while the
    /// other documents are still being parsed. The files are then planned side by side (one per table and
    /// language at a time) and applied in document order, so the result is the same as applying them one by one.
    /// - Throws: ``ConversionError`` when a document or a table cannot be read or written; nothing is written then.
    public func run(_ inputs: [String], options: Options, diagnostics: inout Diagnostics) throws -> Result {
        var result = Result()
        result.dryRun = options.dryRun
        let paths = try documents(for: inputs)
        try Self.checkLanguage(options.sourceLanguage, as: "--source-language")
        let boundary = WriteBoundary(root: options.root, extra: options.boundaries)
        let loader = TableLoader(lockTimeout: options.lockTimeout)
        let parsed = ParallelResults<(document: XLIFFDocument, diagnostics: Diagnostics, targets: [FileTarget])>(
            count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            var local = Diagnostics()
            do {
                let file = try readSourceFile(paths[index])
                let document = try XLIFFDocumentReader(keepsNotes: false).read(file, diagnostics: &local)
                var targets = document.files.map {
                    target(of: $0, in: paths[index], options: options, boundary: boundary)
                }
                // An Interface Builder table whose texts live only in its storyboard takes the document's sources
                // and notes as its development language: the notes, not read otherwise, are read for it.
                let needsNotes = targets.contains {
                    if case .table(let request) = $0 { request.sourcesFromDocument != nil } else { false }
                }
                if needsNotes {
                    var ignored = Diagnostics()
                    let withNotes = try XLIFFDocumentReader(keepsNotes: true).read(file, diagnostics: &ignored)
                    for position in targets.indices {
                        guard case .table(var request) = targets[position], let found = request.sourcesFromDocument,
                            position < withNotes.files.count
                        else { continue }
                        request.sourcesFromDocument = (withNotes.files[position], found.interfaceBuilderFile)
                        targets[position] = .table(request)
                    }
                }
                for case .table(let request) in targets { loader.load(request, using: self) }
                parsed.set(index, .success((document, local, targets)))
            } catch {
                parsed.set(index, .failure(error))
            }
        }
        // In document order: diagnostics, and each table's reading diagnostics where it is first named.
        var work = WorkingTables()
        var pending: [(result: Int, file: XLIFFFile, table: Int, kind: TableKind)] = []
        let documentsRead = try parsed.values()
        // Languages that are no identifiers and tables outside the boundary fail the import before any table is
        // read or written.
        var refusals: [Diagnostic] = []
        for read in documentsRead {
            for case .refuse(let refusal) in read.targets { refusals.append(refusal) }
        }
        if !refusals.isEmpty {
            for read in documentsRead { diagnostics.append(contentsOf: read.diagnostics) }
            throw ConversionError(refusals)
        }
        for (path, read) in zip(paths, documentsRead) {
            diagnostics.append(contentsOf: read.diagnostics)
            for (file, target) in zip(read.document.files, read.targets) {
                var fileResult = FileResult(
                    document: path, original: file.original, language: file.targetLanguage, report: XLIFFImportReport())
                switch target {
                case .skip(let reason):
                    fileResult.report.skipAll(of: file, reason)
                case .refuse:
                    preconditionFailure("refused files end the import above")
                case .table(let request):
                    let index = try work.index(for: request.key) {
                        let loaded = try loader.take(request.key)
                        diagnostics.append(contentsOf: loaded.diagnostics)
                        return loaded.table
                    }
                    fileResult.table = work.tables[index].outputPath
                    if let legacyLanguage = work.tables[index].legacyLanguage, legacyLanguage != request.language {
                        // Two languages cannot share one legacy file; cannot happen since the file is chosen by
                        // language.
                        fileResult.report.skipAll(of: file, .unknownTable)
                    } else {
                        pending.append((result.files.count, file, index, request.kind))
                    }
                }
                result.files.append(fileResult)
            }
        }
        let languages = pending.map { (table: $0.table, language: $0.file.targetLanguage ?? "") }
        for round in Self.planningRounds(languages, tables: work.tables) {
            let plans = Self.plans(for: round.map { pending[$0] }, tables: work.tables, options: options)
            for (position, plan) in zip(round, plans) {
                let item = pending[position]
                result.files[item.result].report = plan.report
                plan.apply(to: &work.tables[item.table].merged)
                if plan.report.applied > 0 { work.tables[item.table].changed = true }
            }
        }
        let changedTables = work.tables.filter(\.changed)
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = options.replacesReadOnlyFiles
        // The tables read are locked from their reading to the end of the write (or of a dry run); a table that
        // is written must still be the file read.
        let locks = work.tables.flatMap(\.locks)
        defer { for lock in locks { lock.release() } }
        for table in changedTables { for lock in table.locks { transaction.require(lock) } }
        do {
            // A catalog is written to its temporary file while it is encoded; the other tables are encoded first.
            var files: [TemporaryFile?] = []
            for table in changedTables {
                guard table.kind == .catalog, !options.dryRun else {
                    files.append(nil)
                    continue
                }
                let file = try TemporaryFile(nextTo: table.outputPath)
                transaction.stage(file)
                files.append(file)
            }
            let encoded = concurrentMap(Array(zip(changedTables, files))) {
                table, file -> Swift.Result<(bytes: [UInt8]?, diagnostics: Diagnostics), any Error> in
                var local = Diagnostics()
                return Swift.Result { (try encode(table, into: file, diagnostics: &local), local) }
            }
            let changed = changedTables.map(\.outputPath)
            // The tables and documents are freed while the files are written, not after (or not at all).
            let working = (consume work, consume changedTables, consume pending, consume parsed)
            if options.freesWorkingMemory { releaseInBackground(working) } else { leaveToExit(working) }
            for (outputPath, output) in zip(changed, encoded) {
                let output = try output.get()
                diagnostics.append(contentsOf: output.diagnostics)
                result.changed.append(outputPath)
                if let bytes = output.bytes { transaction.stage(bytes, at: outputPath) }
            }
            if !options.dryRun { try transaction.commit() }
        } catch {
            transaction.discard()
            throw error
        }
        return result
    }

    // MARK: - Planning

    /// Consecutive runs of files (by position in `files`, each a table index and a language) whose plans do not
    /// depend on each other, so that planning them side by side against the same tables gives what applying them
    /// one by one gives. A plan reads its table's entries in its own language and in the source language: a round
    /// takes at most one file per table and language, and ends after a file into a table's source language (the
    /// files before it in the round do not see its changes, and the files after it must).
    private static func planningRounds(_ files: [(table: Int, language: String)], tables: [WorkingTable]) -> [[Int]] {
        var rounds: [[Int]] = []
        var current: [Int] = []
        var inCurrent = Set<String>()
        for (position, file) in files.enumerated() {
            let key = "\(file.table)\u{0}\(file.language)"
            if inCurrent.contains(key) {
                rounds.append(current)
                current = []
                inCurrent = []
            }
            current.append(position)
            inCurrent.insert(key)
            if file.language == tables[file.table].merged.sourceLanguage {
                rounds.append(current)
                current = []
                inCurrent = []
            }
        }
        if !current.isEmpty { rounds.append(current) }
        return rounds
    }

    /// The plans of one round, made side by side. The tables are only read, and no reference to them is kept
    /// once this returns, so applying the plans afterwards changes them in place.
    private static func plans(
        for round: [(result: Int, file: XLIFFFile, table: Int, kind: TableKind)], tables: [WorkingTable],
        options: Options
    ) -> [XLIFFImportPlan] {
        concurrentMap(round) { item in
            XLIFFImport.plan(item.file, for: tables[item.table].merged, kind: item.kind, options: options.mapping)
        }
    }

    // MARK: - Finding a file's table

    /// The table a `<file>` goes to, why it goes nowhere, or why the import is refused.
    fileprivate enum FileTarget: Sendable {
        case table(TableRequest)
        case skip(XLIFFImportReport.Reason)
        /// A language that is no identifier, or a table outside the boundary: an error, nothing is written.
        case refuse(Diagnostic)
    }

    /// What to read for a `<file>`: the catalog, or a legacy table in one language.
    fileprivate struct TableRequest: Sendable {
        var kind: TableKind
        /// The table's source file.
        var sourcePath: String
        /// The file written back: the catalog, or the language's legacy file.
        var outputPath: String
        var language: String
        var sourceLanguage: String
        /// The table's identity: the output file, however it is spelled (``ProjectPaths/identity(of:)``).
        var key: String
        /// For an Interface Builder table without a development-language `.strings` file (its texts live in the
        /// storyboard or xib, which is no table): the `<file>` whose sources stand for the development language,
        /// and the Interface Builder file.
        var sourcesFromDocument: (file: XLIFFFile, interfaceBuilderFile: String)?
    }

    /// The extensions of Interface Builder files, which Xcode names as the `original` of their tables.
    static let interfaceBuilderExtensions: Set<String> = ["storyboard", "xib"]

    /// Refuses a language that is not an identifier (a language becomes part of paths).
    static func checkLanguage(_ language: String, as what: String) throws {
        if let message = LanguageIdentifier.message(language, as: what) { throw ConversionError(message, path: nil) }
    }

    private func target(of file: XLIFFFile, in document: String, options: Options, boundary: WriteBoundary)
        -> FileTarget
    {
        func refuse(_ message: String) -> FileTarget {
            .refuse(
                file.location.map { Diagnostic(.error, message, at: $0) }
                    ?? Diagnostic(.error, message, path: document))
        }
        if let language = file.targetLanguage, !language.isEmpty,
            let message = LanguageIdentifier.message(language, as: "target-language")
        {
            return refuse(message)
        }
        if !file.sourceLanguage.isEmpty,
            let message = LanguageIdentifier.message(file.sourceLanguage, as: "source-language")
        {
            return refuse(message)
        }
        let resolved = ProjectPaths.resolve(file.original, against: options.root)
        if let message = boundary.refusal(of: resolved, named: "original \"\(file.original)\"") {
            return refuse(message)
        }
        let isInterfaceBuilder = fileExtension(resolved).map { Self.interfaceBuilderExtensions.contains($0) } ?? false
        guard isInterfaceBuilder || TableKind(path: file.original) != nil else { return .skip(.unknownTable) }
        guard let language = file.targetLanguage, !language.isEmpty else { return .skip(.noTargetLanguage) }
        var request: TableRequest
        if isInterfaceBuilder {
            guard let found = interfaceBuilderTable(resolved, file: file, language: language, options: options) else {
                return .skip(.unknownTable)
            }
            request = found
        } else {
            guard let kind = TableKind(path: resolved), isRegularFile(resolved) else { return .skip(.unknownTable) }
            let outputPath =
                kind == .catalog
                ? resolved
                : Self.legacyOutputPath(source: resolved, language: language, sourceLanguage: options.sourceLanguage)
            request = TableRequest(
                kind: kind, sourcePath: resolved, outputPath: outputPath, language: language,
                sourceLanguage: options.sourceLanguage, key: "")
        }
        for path in Set([request.sourcePath, request.outputPath]) {
            if let message = boundary.refusal(of: path, named: "the table of original \"\(file.original)\"") {
                return refuse(message)
            }
        }
        request.key = ProjectPaths.identity(of: request.outputPath)
        return .table(request)
    }

    /// The table of an Interface Builder file as Xcode names it (`X/Base.lproj/Main.storyboard`): the catalog
    /// `X/mul.lproj/Main.xcstrings` when there is one (Xcode 15 and later), else the legacy table
    /// `X/L.lproj/Main.strings`, whose development-language texts are `X/Base.lproj/Main.strings` or
    /// `X/en.lproj/Main.strings` — or, when neither exists, the storyboard itself, of which the document's
    /// `<source>` texts are Xcode's extraction. `nil` when none of these exists.
    private func interfaceBuilderTable(_ path: String, file: XLIFFFile, language: String, options: Options)
        -> TableRequest?
    {
        guard ProjectPaths.lprojLanguage(of: path) != nil, let name = ProjectPaths.baseName(of: path) else {
            return nil
        }
        let folder = parentDirectory(of: parentDirectory(of: path))
        let catalog = "\(folder)/mul.lproj/\(name).xcstrings"
        if isRegularFile(catalog) {
            return TableRequest(
                kind: .catalog, sourcePath: catalog, outputPath: catalog, language: language,
                sourceLanguage: options.sourceLanguage, key: "")
        }
        for candidate in ["Base", options.sourceLanguage] {
            let source = "\(folder)/\(candidate).lproj/\(name).strings"
            guard isRegularFile(source) else { continue }
            return TableRequest(
                kind: .strings, sourcePath: source,
                outputPath: Self.legacyOutputPath(
                    source: source, language: language, sourceLanguage: options.sourceLanguage),
                language: language, sourceLanguage: options.sourceLanguage, key: "")
        }
        guard isRegularFile(path) else { return nil }
        let source = "\(folder)/\(options.sourceLanguage).lproj/\(name).strings"
        return TableRequest(
            kind: .strings, sourcePath: source, outputPath: "\(folder)/\(language).lproj/\(name).strings",
            language: language, sourceLanguage: options.sourceLanguage, key: "",
            sourcesFromDocument: (file, path))
    }

    /// Reads the table a request names; the file it is written to is read locked (``FileLock``).
    fileprivate func readTable(_ request: TableRequest, lockTimeout: Double, diagnostics: inout Diagnostics) throws
        -> WorkingTable
    {
        let readForUpdate = { (path: String) in try readSourceFileForUpdate(path, waitingAtMost: lockTimeout) }
        if request.kind == .catalog {
            return try catalogTable(at: request.sourcePath, reading: readForUpdate, diagnostics: &diagnostics)
        }
        var sourceTable: StringTable?
        if let (file, interfaceBuilderFile) = request.sourcesFromDocument {
            sourceTable = Self.interfaceBuilderSources(
                file, name: ProjectPaths.baseName(of: interfaceBuilderFile) ?? "", language: request.sourceLanguage)
            diagnostics.warn(
                "this Interface Builder table has no \(request.sourceLanguage).lproj or Base.lproj .strings file "
                    + "(its texts live in the \(fileExtension(interfaceBuilderFile) ?? "file"), which is no table): "
                    + "the <source> texts of the XLIFF are taken as its development-language texts",
                path: interfaceBuilderFile)
        }
        return try legacyTable(
            kind: request.kind, sourcePath: request.sourcePath, outputPath: request.outputPath,
            language: request.language, sourceLanguage: request.sourceLanguage, sourceTable: sourceTable,
            reading: readForUpdate, diagnostics: &diagnostics)
    }

    /// The development-language table an Interface Builder `<file>`'s sources make: one entry per unit, the
    /// note as comment (as Xcode's `ibtool` writes them into `.strings` files).
    static func interfaceBuilderSources(_ file: XLIFFFile, name: String, language: String) -> StringTable {
        var table = StringTable(name: name, sourceLanguage: language)
        for unit in file.units {
            guard let source = unit.source, table.entries[unit.id] == nil else { continue }
            let note = unit.notes.first?.text ?? ""
            table.entries[unit.id] = CatalogEntry(
                comment: note.isEmpty ? nil : note, localizations: [language: Localization(source)])
        }
        return table
    }

    /// The file a legacy table's `language` lives in: the source file itself when it is that language's, else the
    /// `language.lproj` file next to it (for the development language of a `Base.lproj` table too, where Xcode
    /// keeps the development language's own texts).
    static func legacyOutputPath(source: String, language: String, sourceLanguage: String) -> String {
        switch ProjectPaths.lprojLanguage(of: source) {
        case language?: return source
        case nil:
            if language == sourceLanguage { return source }
            let name = source.split(separator: "/").last.map(String.init) ?? source
            return "\(parentDirectory(of: source))/\(language).lproj/\(name)"
        default: return ProjectPaths.sibling(of: source, language: language)
        }
    }

    private func catalogTable(
        at path: String, reading readForUpdate: (String) throws -> (file: SourceFile, lock: FileLock),
        diagnostics: inout Diagnostics
    ) throws -> WorkingTable {
        guard let reader = registry.format(forPath: path)?.reader else {
            throw ConversionError("no reader for this file", path: path)
        }
        let (file, lock) = try readForUpdate(path)
        let table = try reader.read(file, options: ReadOptions(), diagnostics: &diagnostics)
        return WorkingTable(
            kind: .catalog, outputPath: path, merged: table, target: nil, legacyLanguage: nil, before: nil,
            targetExists: true, locks: [lock])
    }

    /// A legacy table to import into: the source language's file merged with the language's own file, which is
    /// kept apart so that it is written back with its own order, comments and encoding.
    private func legacyTable(
        kind: TableKind, sourcePath: String, outputPath: String, language: String, sourceLanguage: String,
        sourceTable: StringTable? = nil,
        reading readForUpdate: (String) throws -> (file: SourceFile, lock: FileLock), diagnostics: inout Diagnostics
    ) throws -> WorkingTable {
        guard let reader = registry.format(forPath: sourcePath)?.reader else {
            throw ConversionError("no reader for this file", path: sourcePath)
        }
        let sourceOptions = ReadOptions(language: sourceLanguage, sourceLanguage: sourceLanguage)
        if outputPath == sourcePath, sourceTable == nil {
            let options = ReadOptions(language: language, sourceLanguage: language)
            let (file, lock) = try readForUpdate(sourcePath)
            let table = try reader.read(file, options: options, diagnostics: &diagnostics)
            return WorkingTable(
                kind: kind, outputPath: outputPath, merged: table, target: table, legacyLanguage: language,
                before: table, targetExists: true, locks: [lock])
        }
        var merged =
            try sourceTable
            ?? reader.read(try readSourceFile(sourcePath), options: sourceOptions, diagnostics: &diagnostics)
        var target: StringTable
        var locks: [FileLock] = []
        let targetExists = fileExists(outputPath)
        if targetExists {
            let options = ReadOptions(language: language, sourceLanguage: sourceLanguage)
            let (file, lock) = try readForUpdate(outputPath)
            locks.append(lock)
            target = try reader.read(file, options: options, diagnostics: &diagnostics)
            var ignored = Diagnostics()
            merged.merge(target, diagnostics: &ignored, origin: outputPath)
        } else {
            target = StringTable(name: merged.name, sourceLanguage: sourceLanguage)
            target.version = merged.version
            target.traits = merged.traits
        }
        return WorkingTable(
            kind: kind, outputPath: outputPath, merged: merged, target: target, legacyLanguage: language,
            before: merged, targetExists: targetExists, locks: locks)
    }

    // MARK: - Writing

    /// The table's bytes; a catalog's are written to `file` instead as they are made (nowhere for a dry run),
    /// and `nil` is returned.
    private func encode(_ table: WorkingTable, into file: TemporaryFile?, diagnostics: inout Diagnostics) throws
        -> [UInt8]?
    {
        switch table.kind {
        case .catalog:
            XCStringsWriter().encode(table.merged, diagnostics: &diagnostics) { file?.write($0) }
            return nil
        case .strings, .stringsDict:
            guard let language = table.legacyLanguage, var output = table.target,
                let writer = registry.format(forPath: table.outputPath)?.writer
            else { throw ConversionError("no writer for this file", path: table.outputPath) }
            // The language's file keeps its own entries in their order; keys the import gave it are appended in
            // the source's order, with the source's comments. A file that did not exist gets every key of the
            // language (for the development language of a Base.lproj table, the Base texts).
            for (key, entry) in table.merged.entries {
                guard let localization = entry.localizations?[language] else { continue }
                if let position = output.entries.index(forKey: key) {
                    var existing = output.entries[valueAt: position]
                    guard existing.localizations?[language] != localization else { continue }
                    var localizations = existing.localizations ?? OrderedMap()
                    localizations[language] = localization
                    existing.localizations = localizations
                    output.entries[valueAt: position] = existing
                } else {
                    let before = table.before?.entries[key]?.localizations?[language]
                    guard !table.targetExists || before != localization else { continue }
                    var added = CatalogEntry(comment: entry.comment)
                    added.localizations = [language: localization]
                    output.entries[key] = added
                }
            }
            var options = WriteOptions(languages: [language])
            options.encoding = output.traits.encoding
            let files = try writer.write(output, options: options, diagnostics: &diagnostics)
            guard let file = files.first else { throw ConversionError("nothing to write", path: table.outputPath) }
            return file.bytes
        }
    }
}

/// A table being imported into, and whether an import changed it.
private struct WorkingTable {
    var kind: TableKind
    /// Where the table is written.
    var outputPath: String
    /// The table the XLIFF is applied to (for a legacy table, the source language merged with the language's file).
    var merged: StringTable
    /// For a legacy table, the language's own file as read (empty when it does not exist yet).
    var target: StringTable?
    /// For a legacy table, the language of its file.
    var legacyLanguage: String?
    /// For a legacy table, ``merged`` before the import.
    var before: StringTable?
    /// For a legacy table, whether the language's file exists.
    var targetExists: Bool
    /// The files read that the import writes, locked until it is done.
    var locks: [FileLock] = []
    var changed = false
}

/// The tables of one import, each read once however many `<file>` elements name it, in the order first named.
private struct WorkingTables {
    var tables: [WorkingTable] = []
    private var positions: [String: Int] = [:]

    mutating func index(for key: String, load: () throws -> WorkingTable) throws -> Int {
        if let index = positions[key] { return index }
        tables.append(try load())
        positions[key] = tables.count - 1
        return tables.count - 1
    }
}

/// Reads each table once, on whichever thread first asks for it, while other threads go on parsing.
private final class TableLoader: @unchecked Sendable {
    private let lockTimeout: Double
    private let lock = NSLock()
    private var claimed = Set<String>()
    private var loaded: [String: Swift.Result<(table: WorkingTable, diagnostics: Diagnostics), any Error>] = [:]

    init(lockTimeout: Double) {
        self.lockTimeout = lockTimeout
    }

    /// Reads the table unless another thread has claimed it.
    func load(_ request: Import.TableRequest, using importer: Import) {
        lock.lock()
        let isNew = claimed.insert(request.key).inserted
        lock.unlock()
        guard isNew else { return }
        var diagnostics = Diagnostics()
        let result = Swift.Result {
            (
                table: try importer.readTable(request, lockTimeout: lockTimeout, diagnostics: &diagnostics),
                diagnostics: diagnostics
            )
        }
        lock.lock()
        loaded[request.key] = result
        lock.unlock()
    }

    /// The table read for `key`, handed over: the loader keeps no reference to it, so that the import changes
    /// the table in place (no copy) and frees it with the rest. Call once per key, after every load has finished.
    func take(_ key: String) throws -> (table: WorkingTable, diagnostics: Diagnostics) {
        lock.lock()
        defer { lock.unlock() }
        guard let result = loaded.removeValue(forKey: key) else {
            preconditionFailure("a table was named but never read, or taken twice")
        }
        return try result.get()
    }
}
