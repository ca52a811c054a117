import LocalizationCatalog

/// Writes one language of a table as an XLIFF document with one `<file>`, as `export` would.
///
/// A table read from a catalog (it has a `version`) gets catalog ids and `original` `NAME.xcstrings`; a legacy
/// table gets `.stringsdict` ids when it has format rules and `.strings` ids otherwise.
public struct XLIFFWriter: CatalogWriter {
    /// Creates a writer.
    public init() {}

    /// Writes the table in its one target language (`options.languages`, or the table's only other language).
    ///
    /// - Parameters:
    ///   - table: The table.
    ///   - options: The target language, when the table has several.
    ///   - diagnostics: Receives a warning for every key or unit that is not exported.
    /// - Returns: One file, `LANGUAGE.xliff`.
    /// - Throws: ``ConversionError`` when more than one target language would be written.
    public func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws
        -> [OutputFile]
    {
        let languages = options.languages ?? table.languages.filter { $0 != table.sourceLanguage }
        guard languages.count <= 1 else {
            throw ConversionError(
                "an XLIFF file holds one target language; the table has \(languages.sorted().joined(separator: ", ")): "
                    + "choose one with --language", path: nil)
        }
        let language = languages.first ?? table.sourceLanguage
        let file = Self.file(for: table, language: language, diagnostics: &diagnostics)
        return [
            OutputFile(
                relativePath: "\(language).xliff", bytes: XLIFFDocumentWriter().write(XLIFFDocument(files: [file])))
        ]
    }

    /// The `<file>` ``write(_:options:diagnostics:)`` writes for `table` in `language` (for documents of several
    /// tables, as `pseudo` writes back).
    package static func file(for table: StringTable, language: String, diagnostics: inout Diagnostics) -> XLIFFFile {
        let kind: XLIFFTableKind
        if table.version != nil {
            kind = .catalog
        } else if table.entries.values.contains(where: { entry in
            entry.localizations?.values.contains { !($0.substitutions?.isEmpty ?? true) } ?? false
        }) {
            kind = .stringsDict
        } else {
            kind = .strings
        }
        // A table read from XLIFF keeps the folder of its `original` (the table's path in its project).
        var folder = ""
        if let path = table.traits.originalPath, let slash = path.lastIndex(of: "/") {
            folder = String(path[...slash])
        }
        var file = XLIFFExport.file(
            for: table, kind: kind, original: "\(folder)\(table.name).\(kind.fileExtension)", targetLanguage: language,
            tool: XLIFFExport.defaultTool, diagnostics: &diagnostics)
        if kind != .catalog {
            // Xcode's legacy tables have no `shouldTranslate`, so the export leaves it out; a table read from an XLIFF
            // with `translate="no"` units keeps them.
            for index in file.units.indices where file.units[index].translate == nil {
                guard let (key, _) = XLIFFSkeleton.locate(file.units[index].id, kind: kind),
                    table.entries[key]?.shouldTranslate == false
                else { continue }
                file.units[index].translate = false
            }
        }
        return file
    }
}
