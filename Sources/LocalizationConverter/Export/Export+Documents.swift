import LocalizationCatalog
import StringBridgeSupport
@_spi(XLIFFDocuments) import XLIFFFormat

/// Making the languages' XLIFF documents side by side.
extension Export {
    /// One language's XLIFF document and the diagnostics of making it.
    struct LanguageDocument: Sendable {
        /// The document; `nil` when a file of the language cannot be read.
        var xliff: [UInt8]?
        var diagnostics: Diagnostics
        /// The errors of the language's files that cannot be read.
        var leftOut: [Diagnostic] = []
        /// The tables written into it (its `<file>` elements).
        var tables = 0
    }

    /// The XLIFF document of each of `languages`, made side by side.
    ///
    /// A catalog's export is prepared once for all
    /// languages; the tables are freed on another thread once the documents are made.
    /// - Throws: The first language's error, in the order of `languages`.
    func exportDocuments(
        of sources: [Source], tables: consuming ReadTables, languages: [String], options: Options
    ) throws -> [LanguageDocument] {
        let bases = tables.tables
        let sourceTexts = tables.sourceTexts
        // A catalog is the same table in every language: what its export does not owe to the language is
        // worked out once, and shared by the languages' threads.
        let catalogs = zip(sources, bases).map { source, base in
            source.kind == .catalog ? XLIFFCatalogExport(table: base.table, original: source.original) : nil
        }
        let documents = parallelMap(languages) { language in
            Swift.Result {
                try exportDocument(
                    of: sources, bases: bases, sourceTexts: sourceTexts, catalogs: catalogs, language: language,
                    options: options)
            }
        }
        // The tables are freed while the files are written, not after.
        releaseInBackground((consume tables, consume bases, consume catalogs))
        return try documents.map { try $0.get() }
    }

    /// One language's document; each file is written as soon as it is made, in Xcode's layout.
    private func exportDocument(
        of sources: [Source], bases: [(table: StringTable, companion: StringTable?)], sourceTexts: [OrderedMap<String>],
        catalogs: [XLIFFCatalogExport?], language: String, options: Options
    ) throws -> LanguageDocument {
        var local = Diagnostics()
        var document = XLIFFDocumentStream()
        var leftOut: [Diagnostic] = []
        var tables = 0
        for (position, (source, base)) in zip(sources, bases).enumerated() {
            if let catalog = catalogs[position] {
                guard leftOut.isEmpty else { continue }
                document.writeCatalog(catalog, targetLanguage: language, tool: options.tool, diagnostics: &local)
                tables += 1
                continue
            }
            let table: StringTable
            do {
                table = try self.table(
                    for: source, base: base.table, language: language, sourceLanguage: options.sourceLanguage,
                    diagnostics: &local)
            } catch let error as ConversionError {
                // The language is not written: its XLIFF would lack this table. Its other files are still read,
                // so that each one that cannot be is named.
                leftOut += Self.leftOut(error, because: "\(language) is not exported")
                continue
            }
            guard leftOut.isEmpty else { continue }
            let file = XLIFFExport.file(
                for: table, kind: source.kind, original: source.original, targetLanguage: language,
                tool: options.tool, companion: base.companion, sourceTexts: sourceTexts[position],
                diagnostics: &local)
            // A storyboard without texts (a launch screen) gets no <file>, only its copy in Source Contents, as in
            // Xcode's exports (ketchup's and loop's LaunchScreen.storyboard).
            if file.units.isEmpty, source.interfaceBuilderFile != nil, !fileExists(source.path) { continue }
            document.write(file)
            tables += 1
        }
        guard leftOut.isEmpty else { return LanguageDocument(xliff: nil, diagnostics: local, leftOut: leftOut) }
        return LanguageDocument(xliff: document.finish(), diagnostics: local, tables: tables)
    }
}
