import LocalizationCatalog

/// Reads legacy `.strings` files into the canonical model.
///
/// Text files are parsed like CoreFoundation's old-style property list parser in strings-file mode (UTF-8 or
/// UTF-16, with or without a byte-order mark); XML and binary property lists named `.strings` are read too. The
/// table has one language: `options.language`, else the `xx.lproj` folder the file sits in. Each entry's value
/// becomes a `translated` string unit, and the comment right before its key becomes its comment. A repeated key is
/// a warning naming both lines; the last value wins, as in Foundation. Malformed files throw ``ConversionError``
/// with `path:line:column` diagnostics.
public struct StringsReader: CatalogReader {
    /// Creates a reader.
    public init() {}

    /// Reads one `.strings` file.
    /// - Throws: ``ConversionError`` when the file is malformed or its language cannot be told.
    public func read(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws -> StringTable {
        try readTable(file, options: options, diagnostics: &diagnostics)
    }

    /// ``read(_:options:diagnostics:)`` with a typed error.
    func readTable(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws(ConversionError)
        -> StringTable
    {
        var parsed = ParsedEntries()
        parsed.mergesDuplicates = options.mergesDuplicateKeys
        var traits = FileTraits()
        let bytes = file.bytes
        if bytes.starts(with: Array("bplist".utf8)) {
            for pair in try BinaryPropertyList(bytes: bytes, path: file.path).stringPairs() {
                parsed.add(
                    pair.key, ParsedEntry(value: pair.value, comment: nil, line: 0), at: nil, path: file.path,
                    diagnostics: &diagnostics)
            }
        } else {
            let text = try StringsText.decode(bytes, path: file.path)
            if Self.startsWithMarkup(text.utf8) {
                for pair in try XMLPropertyList(bytes: bytes, path: file.path).stringPairs() {
                    parsed.add(
                        pair.key, ParsedEntry(value: pair.value, comment: nil, line: pair.location.line),
                        at: pair.location, path: file.path, diagnostics: &diagnostics)
                }
            } else {
                var parser = StringsParser(text: text.utf8, path: file.path)
                parser.mergesDuplicates = options.mergesDuplicateKeys
                parsed = try parser.parse(diagnostics: &diagnostics)
                traits = FileTraits(
                    endsWithNewline: text.utf8.last == 0x0A || text.utf8.last == 0x0D, encoding: text.encoding)
            }
        }
        if !parsed.contradictions.isEmpty { throw ConversionError(parsed.contradictions) }
        let language = try Self.language(of: file.path, options: options)
        // Every entry's localizations share one key array; only the value array differs.
        var template = OrderedMap<Localization>()
        template[language] = Localization("")
        let entries = parsed.entries.mapValues { entry in
            var localizations = template
            localizations[valueAt: 0] = Localization(entry.value)
            return CatalogEntry(comment: entry.comment, localizations: localizations)
        }
        return StringTable(
            name: options.tableName ?? tableName(ofPath: file.path),
            sourceLanguage: options.sourceLanguage ?? language,
            entries: entries,
            traits: traits)
    }

    /// Whether the first character after whitespace is `<`: an XML property list (old-style text never starts so).
    static func startsWithMarkup(_ text: [UInt8]) -> Bool {
        text.first { !($0 == 0x20 || (0x09...0x0D).contains($0)) } == UInt8(ascii: "<")
    }

    /// The language of a file: `options.language`, else its `xx.lproj` folder.
    ///
    /// `Base.lproj` stands for the development language: `options.sourceLanguage` when given, else `Base`.
    static func language(of path: String, options: ReadOptions) throws(ConversionError) -> String {
        if let language = options.language { return language }
        if let name = lprojLanguage(ofPath: path) {
            if name == "Base" { return options.sourceLanguage ?? name }
            return name
        }
        throw ConversionError(StringsMessage.unknownLanguage, path: path)
    }
}
