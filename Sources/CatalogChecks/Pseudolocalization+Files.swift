import LocalizationCatalog
import LocalizationConverter
@_spi(XLIFFDocuments) import XLIFFFormat

extension Pseudolocalization {
    /// A file a run writes (or, in a dry run, would write), with what it holds.
    package struct WrittenFile: Sendable, Equatable {
        /// Its path.
        package var path: String
        /// The keys written into it.
        package var summary: Summary
    }

    /// Writes the pseudo-language into the catalog, XLIFF file, `.xcloc` bundle or legacy project at `path` (or,
    /// for a catalog or XLIFF file, into `output`, when given).
    ///
    /// - A String Catalog gets the language beside its others.
    /// - An XLIFF `<file>` holds one target language: in every `<file>` of the document, the targets become the
    ///   pseudo-language's text and `target-language` the pseudo-language. An `.xcloc` bundle's
    ///   `Localized Contents/*.xliff` are each rewritten so.
    /// - A folder (not a bundle) is a legacy project: each table's development-language files
    ///   (`sourceLanguage.lproj/T.strings` and `.stringsdict`, or `Base.lproj`'s when there are none) give
    ///   `LANGUAGE.lproj/T.strings` (and `.stringsdict`) beside them, as the format's writer writes a new file.
    ///
    /// Every file is written as its format's writer writes it, all or nothing. A file rewritten (the input itself,
    /// or a legacy pseudo-language file that exists) is read for update (``FileTransaction/readForUpdate(_:)``):
    /// another stringbridge process writing it is waited for, up to `lockTimeout` seconds, and a file changed by
    /// another program meanwhile is not replaced. Another `output` is made from `path` and replaced whatever it
    /// holds. With `dryRun`, the files are planned and listed but nothing is written.
    ///
    /// - Returns: The files written, in order, each with its summary.
    /// - Throws: ``ConversionError`` when a file cannot be read, is of another format, or cannot be written; then
    ///   nothing is written.
    package static func run(
        path: String, output: String?, options: Options, sourceLanguage: String = "en",
        replacesReadOnlyFiles: Bool = false, lockTimeout: Double = 120, dryRun: Bool = false,
        diagnostics: inout Diagnostics
    ) throws -> [WrittenFile] {
        if let message = LanguageIdentifier.message(options.language, as: "--language") {
            throw ConversionError(message, path: path)
        }
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacesReadOnlyFiles
        transaction.lockTimeout = lockTimeout
        let rewritesInput = output.map { $0 == path || isSameFile($0, path) } ?? true
        var written: [WrittenFile] = []
        if isDirectory(path) {
            guard rewritesInput else {
                throw ConversionError(
                    "-o names one output file; a folder or .xcloc bundle is written in place (leave -o out)",
                    path: path)
            }
            let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            if folder.lowercased().hasSuffix(".xcloc") {
                let localized = folder + "/Localized Contents"
                let documents = ProjectPaths.files(below: localized, extensions: ["xliff", "xlf"])
                guard !documents.isEmpty else {
                    throw ConversionError(
                        "no Localized Contents/*.xliff in this folder; is it an .xcloc bundle?", path: path)
                }
                // A bundle comes from elsewhere: as import does, only its regular files are read and rewritten (a
                // symbolic link would have the rewrite land outside the bundle).
                for entry in [localized] + documents {
                    if let kind = ProjectPaths.irregularKind(entry, folderAllowed: entry == localized) {
                        throw ConversionError(
                            "is \(kind), not a regular file; only regular files of an .xcloc bundle are rewritten "
                                + "(links are not followed)", path: entry)
                    }
                }
                for document in documents {
                    written.append(
                        try xliff(
                            document, output: document, rewritesInput: true, options: options,
                            transaction: &transaction, diagnostics: &diagnostics))
                }
            } else {
                written = try legacy(
                    folder, options: options, sourceLanguage: sourceLanguage, transaction: &transaction,
                    diagnostics: &diagnostics)
                guard !written.isEmpty else {
                    throw ConversionError(
                        "no legacy table of the development language '\(sourceLanguage)' below this folder "
                            + "(\(sourceLanguage).lproj/T.strings or .stringsdict); pseudo reads a catalog, an XLIFF "
                            + "file, an .xcloc bundle or a folder of .lproj tables",
                        path: path)
                }
            }
        } else {
            let converter = Converter()
            let format = try converter.format(for: path, override: nil)
            if format.id == .xliff {
                written.append(
                    try xliff(
                        path, output: output ?? path, rewritesInput: rewritesInput, options: options,
                        transaction: &transaction, diagnostics: &diagnostics))
            } else {
                guard format.id == .xcstrings, let writer = format.writer else {
                    throw ConversionError(
                        "pseudo writes into a String Catalog (.xcstrings), an XLIFF file (.xliff), an .xcloc bundle "
                            + "or a folder of .lproj tables, not a \(format.name) file",
                        path: path)
                }
                var table =
                    rewritesInput
                    ? try converter.read(forUpdate: path, in: &transaction, diagnostics: &diagnostics)
                    : try converter.read(path, diagnostics: &diagnostics)
                try checkLanguage(options.language, of: table, path: path)
                let summary = apply(options, to: &table)
                let files = try writer.write(table, options: WriteOptions(), diagnostics: &diagnostics)
                guard files.count == 1, let file = files.first else {
                    throw ConversionError(
                        "the \(format.name) output has \(files.count) files; expected one", path: path)
                }
                transaction.stage(file.bytes, at: output ?? path, as: rewritesInput ? .update : .replacingUnread)
                written.append(WrittenFile(path: output ?? path, summary: summary))
            }
        }
        if dryRun {
            transaction.discard()
        } else {
            try transaction.commit()
        }
        return written
    }

    /// Refuses a pseudo-language that is the table's development language.
    private static func checkLanguage(_ language: String, of table: StringTable, path: String) throws {
        if language == table.sourceLanguage {
            throw ConversionError(
                "'\(language)' is the development language of the file; name a pseudo-language such as en-XA",
                path: path)
        }
    }

    /// Stages the XLIFF document at `path` with every `<file>` in the pseudo-language, at `output`.
    private static func xliff(
        _ path: String, output: String, rewritesInput: Bool, options: Options, transaction: inout FileTransaction,
        diagnostics: inout Diagnostics
    ) throws -> WrittenFile {
        let source = rewritesInput ? try transaction.readForUpdate(path) : try readSourceFile(path)
        let tables = try XLIFFReader().tables(in: source, diagnostics: &diagnostics)
        guard !tables.isEmpty else {
            throw ConversionError("the document has no <file> element to write a pseudo-language into", path: path)
        }
        var summary = Summary()
        var files: [XLIFFFile] = []
        for var table in tables {
            try checkLanguage(options.language, of: table, path: path)
            // One target language per `<file>`: the old targets give way to the pseudo-language's.
            let others = table.languages.filter { $0 != table.sourceLanguage && $0 != options.language }
            for position in table.entries.indices {
                var entry = table.entries[valueAt: position]
                for language in others { _ = entry.localizations?.removeValue(forKey: language) }
                _ = table.entries.updateValue(entry, forKey: table.entries.key(at: position))
            }
            let part = apply(options, to: &table)
            summary.written += part.written
            summary.replaced += part.replaced
            summary.notTranslatable += part.notTranslatable
            files.append(XLIFFWriter.file(for: table, language: options.language, diagnostics: &diagnostics))
        }
        transaction.stage(
            XLIFFDocumentWriter().write(XLIFFDocument(files: files)), at: output,
            as: rewritesInput ? .update : .replacingUnread)
        return WrittenFile(path: output, summary: summary)
    }

    /// Stages `LANGUAGE.lproj/T.strings` (and `.stringsdict`) beside each legacy table's development-language files
    /// below `folder`.
    private static func legacy(
        _ folder: String, options: Options, sourceLanguage: String, transaction: inout FileTransaction,
        diagnostics: inout Diagnostics
    ) throws -> [WrittenFile] {
        if options.language == sourceLanguage {
            throw ConversionError(
                "'\(options.language)' is the development language; name a pseudo-language such as en-XA",
                path: folder)
        }
        let registry = FormatRegistry.standard
        var written: [WrittenFile] = []
        for (name, files) in Migration(registry: registry).tables(below: folder, sourceLanguage: sourceLanguage) {
            // Each folder holding `.lproj` folders is a table of its own (a bundle, a target).
            var byParent = OrderedMap<[Migration.LegacyFile]>()
            for file in files {
                let parent = CatalogCheck.parent(CatalogCheck.parent(file.path))
                if let position = byParent.index(forKey: parent) {
                    byParent[valueAt: position].append(file)
                } else {
                    _ = byParent.appendNew([file], forKey: parent)
                }
            }
            for (parent, group) in byParent {
                let development = group.filter { $0.lprojLanguage == sourceLanguage }
                let sources = development.isEmpty ? group.filter { $0.lprojLanguage == "Base" } : development
                for file in sources {
                    guard let format = registry.format(forPath: file.path), let reader = format.reader,
                        let writer = format.writer
                    else { continue }
                    var table = try reader.read(
                        try readSourceFile(file.path),
                        options: ReadOptions(tableName: name, language: sourceLanguage, sourceLanguage: sourceLanguage),
                        diagnostics: &diagnostics)
                    // Written as a new file: the writer's encoding and layout, not the development file's (a
                    // UTF-16 source gives a UTF-8 pseudo-language file).
                    table.traits = FileTraits()
                    let summary = apply(options, to: &table)
                    let outputs = try writer.write(
                        table, options: WriteOptions(languages: [options.language]), diagnostics: &diagnostics)
                    for output in outputs {
                        let destination = parent + "/" + output.relativePath
                        // The pseudo-language is made from the development language only; a file there is read
                        // for update so that it is locked and found unchanged when replaced.
                        if fileExists(destination) { _ = try transaction.readForUpdate(destination) }
                        transaction.stage(output.bytes, at: destination, as: .update)
                        written.append(WrittenFile(path: destination, summary: summary))
                    }
                }
            }
        }
        return written
    }
}
