import LocalizationCatalog
import LocalizationConverter

extension Pseudolocalization {
    /// Writes the pseudo-language into the catalog or XLIFF file at `path` (or into `output`, when given).
    ///
    /// A String Catalog gets the language beside its others. An XLIFF file holds one target language: its targets
    /// become the pseudo-language's text and its `target-language` the pseudo-language. The file is written as the
    /// format's writer writes it, all or nothing.
    ///
    /// Writing into `path` itself (no `output`, or an `output` that is the same file), the file is read for update
    /// (``FileTransaction/readForUpdate(_:)``): another stringbridge process writing it is waited for, up to
    /// `lockTimeout` seconds, and a file changed by another program meanwhile is not replaced. Another `output` is
    /// made from `path` and replaced whatever it holds.
    ///
    /// - Throws: ``ConversionError`` when the file cannot be read, is of another format, or cannot be written; then
    ///   nothing is written.
    package static func run(
        path: String, output: String?, options: Options, replacesReadOnlyFiles: Bool = false,
        lockTimeout: Double = 120, diagnostics: inout Diagnostics
    ) throws -> Summary {
        let converter = Converter()
        let format = try converter.format(for: path, override: nil)
        let isXLIFF = format.id == .xliff
        guard format.id == .xcstrings || isXLIFF, let writer = format.writer else {
            throw ConversionError(
                "pseudo writes into a String Catalog (.xcstrings) or an XLIFF file (.xliff), not a \(format.name) file",
                path: path)
        }
        if let message = LanguageIdentifier.message(options.language, as: "--language") {
            throw ConversionError(message, path: path)
        }
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacesReadOnlyFiles
        transaction.lockTimeout = lockTimeout
        let rewritesInput = output.map { $0 == path || isSameFile($0, path) } ?? true
        var table =
            rewritesInput
            ? try converter.read(forUpdate: path, in: &transaction, diagnostics: &diagnostics)
            : try converter.read(path, diagnostics: &diagnostics)
        if options.language == table.sourceLanguage {
            throw ConversionError(
                "'\(options.language)' is the development language of the file; name a pseudo-language such as en-XA",
                path: path)
        }
        if isXLIFF {
            // One target language per file: the old targets give way to the pseudo-language's.
            let others = table.languages.filter { $0 != table.sourceLanguage && $0 != options.language }
            for position in table.entries.indices {
                var entry = table.entries[valueAt: position]
                for language in others { _ = entry.localizations?.removeValue(forKey: language) }
                _ = table.entries.updateValue(entry, forKey: table.entries.key(at: position))
            }
        }
        let summary = apply(options, to: &table)
        let files = try writer.write(
            table, options: WriteOptions(languages: isXLIFF ? [options.language] : nil), diagnostics: &diagnostics)
        guard files.count == 1, let file = files.first else {
            throw ConversionError("the \(format.name) output has \(files.count) files; expected one", path: path)
        }
        transaction.stage(file.bytes, at: output ?? path, as: rewritesInput ? .update : .replacingUnread)
        try transaction.commit()
        return summary
    }
}
