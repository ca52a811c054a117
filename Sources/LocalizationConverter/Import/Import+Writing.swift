import LocalizationCatalog
import StringBridgeSupport
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// Writing the tables an import changed: encoded side by side, a catalog straight into its temporary file, all
/// committed in one transaction while the working memory is freed.
extension Import {
    /// Writes the tables of `work` that changed (nothing for a dry run) in one transaction, and records them in
    /// `result`.
    ///
    /// The files of the tables that changed stay locked until the write is done (those of the others are released
    /// first); `work` and `other` (what is kept of the documents, ``Import/ParsedDocument/withoutFiles()``) are
    /// freed while the files are written, or left to the process's exit (``Options/freesWorkingMemory``).
    func writeChanges(
        of work: consuming WorkingTables, freeing other: consuming some Sendable, options: Options,
        result: inout Result, diagnostics: inout Diagnostics
    ) throws {
        let changedTables = work.tables.filter(\.changed)
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = options.replacesReadOnlyFiles
        // The projects of tables that got a new language: their knownRegions, in the same transaction.
        let projectEdits =
            options.editsProject
            ? knownRegionsEdits(for: Self.newLanguages(of: changedTables), options: options, diagnostics: &diagnostics)
            : []
        for edit in projectEdits { transaction.include(edit.reads) }
        // A catalog whose version the import raised (``CatalogVersion``) says so.
        for table in changedTables where table.kind == .catalog {
            if let before = table.versionBefore, let after = table.merged.version, before != after {
                diagnostics.append(
                    Diagnostic(
                        .note,
                        "version \(before) raised to \(after): the import gave the catalog a machine_translated "
                            + "state, which needs \(after) (as Xcode 27 writes it; an Xcode that knows only "
                            + "\(before) refuses the file rather than lose the state)", path: table.outputPath))
            }
        }
        // The files of a table that changed were read for update in its own transaction: they stay locked to the
        // end of the write (or of a dry run), and must still be the files read.
        for table in work.tables {
            if table.changed { transaction.include(table.reads) } else { table.reads.discard() }
        }
        do {
            let files = try temporaryFiles(for: changedTables, options: options, transaction: &transaction)
            let encoded = parallelMap(Array(zip(changedTables, files))) {
                table, file -> Swift.Result<(bytes: [UInt8]?, diagnostics: Diagnostics), any Error> in
                var local = Diagnostics()
                return Swift.Result { (try encode(table, into: file, diagnostics: &local), local) }
            }
            let changed = changedTables.map(\.outputPath)
            // The tables and documents are freed while the files are written, not after (or not at all).
            let working = (consume work, consume changedTables, consume other)
            if options.freesWorkingMemory { releaseInBackground(working) } else { leaveToExit(working) }
            for (outputPath, output) in zip(changed, encoded) {
                let output = try output.get()
                // A note of the writer without a place (a catalog's version raised) is placed at the table.
                for var diagnostic in output.diagnostics.all {
                    if diagnostic.path == nil { diagnostic.path = outputPath }
                    diagnostics.append(diagnostic)
                }
                result.changed.append(outputPath)
                if let bytes = output.bytes { transaction.stage(bytes, at: outputPath) }
            }
            for edit in projectEdits {
                result.changed.append(edit.path)
                result.knownRegions.append((edit.path, edit.added))
                transaction.stage(edit.bytes, at: edit.path)
            }
            if options.dryRun { transaction.discard() } else { try transaction.commit() }
        } catch {
            transaction.discard()
            throw error
        }
    }

    /// A catalog is written to its temporary file while it is encoded; the other tables are encoded first
    /// (`nil`), and nothing is written for a dry run.
    private func temporaryFiles(
        for tables: [WorkingTable], options: Options, transaction: inout FileTransaction
    ) throws -> [TemporaryFile?] {
        var files: [TemporaryFile?] = []
        for table in tables {
            guard table.kind == .catalog, !options.dryRun else {
                files.append(nil)
                continue
            }
            let file = try TemporaryFile(nextTo: table.outputPath)
            transaction.stage(file)
            files.append(file)
        }
        return files
    }

    /// The table's bytes; a catalog's are written to `file` instead as they are made (nowhere for a dry run),
    /// and `nil` is returned.
    func encode(_ table: WorkingTable, into file: TemporaryFile?, diagnostics: inout Diagnostics) throws
        -> [UInt8]?
    {
        switch table.kind {
        case .catalog:
            XCStringsWriter().encode(table.merged, diagnostics: &diagnostics) { file?.write($0) }
            return nil
        case .strings, .stringsDict:
            guard let language = table.legacyLanguage, var output = table.target,
                let format = registry.format(forPath: table.outputPath), format.writer != nil
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
            // An existing file is edited in place: only the lines of the keys the import changed change.
            return try TableOutput.file(
                for: output, format: format, options: options, over: table.targetFile, path: table.outputPath,
                diagnostics: &diagnostics
            ).bytes
        }
    }
}
