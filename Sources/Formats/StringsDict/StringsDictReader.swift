import LocalizationCatalog
import PropertyListSupport

/// Reads `.stringsdict` files (property lists of plural, device and width rules, XML or binary) into the canonical
/// model.
///
/// A file holds one language of one table. Every entry keeps the shape it has in the file: the format key becomes
/// the string unit (verbatim, `%2$#@x@` included), each plural variable a ``Substitution`` with plural variations
/// and no `argNum`, a device or width rule becomes device or width variations, and a plain `<string>` value a
/// plain string unit. Xcode's reshaping for String Catalogs is a separate step (`Localization.inCatalogShape()`).
///
/// Structure errors are thrown as `path:line:column` diagnostics, every bad entry's (up to 100) in one throw; what is odd but readable (a repeated key, a
/// variable without `other`, an undefined variable) is a warning.
public struct StringsDictReader: CatalogReader {
    /// Creates a reader.
    public init() {}

    /// Reads one `.stringsdict` file.
    ///
    /// The language is `options.language`, else the `xx.lproj` folder the file sits in (`Base.lproj` stands for
    /// `options.sourceLanguage`, else `Base`); the table is `options.tableName`, else the file's base name.
    /// - Throws: ``ConversionError`` when the file is not a property list dictionary of rules, or its language
    ///   cannot be told.
    public func read(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws -> StringTable {
        let language = try Self.language(of: file.path, options: options)
        let bytes = file.bytes
        let root = try PropertyListReader.read(
            bytes, path: file.path, dialect: .stringsdict, diagnostics: &diagnostics)
        guard case .dictionary(let members) = root.value else {
            throw ConversionError(
                StringsDictMessage.rootNotDictionary(found: root.kind), at: root.location, in: file.path)
        }
        var entries = OrderedMap<CatalogEntry>(minimumCapacity: members.count)
        // Each entry is decoded on its own (and each member of a rule: FormatRuleDecoder): a bad one is an error,
        // and the ones after it are still checked, so that every bad entry is reported in one run (at most
        // `errorLimit` errors, then a note).
        var errors: [Diagnostic] = []
        var errorCount = 0
        entries: for member in members {
            var decoder = FormatRuleDecoder(entry: member.key, path: file.path)
            decoder.keyLine = member.keyLocation.line
            let localization: Localization
            do {
                localization = try decoder.localization(member.value, diagnostics: &diagnostics)
            } catch {
                for diagnostic in error.diagnostics {
                    if diagnostic.severity == .error { errorCount += 1 }
                    if errorCount > Self.errorLimit {
                        var note = diagnostic
                        note.severity = .note
                        note.message = StringsDictMessage.moreErrors(limit: Self.errorLimit)
                        errors.append(note)
                        break entries
                    }
                    errors.append(diagnostic)
                }
                continue
            }
            guard errors.isEmpty else { continue }
            var localizations = OrderedMap<Localization>()
            localizations.updateValue(localization, forKey: language)
            var entry = CatalogEntry(localizations: localizations, extraMembers: FormatRuleDecoder.noMembers)
            entry.origin = member.keyLocation.in(file.path)
            _ = entries.appendNew(entry, forKey: member.key)
        }
        if !errors.isEmpty { throw ConversionError(errors) }
        return StringTable(
            name: options.tableName ?? tableName(ofPath: file.path),
            sourceLanguage: options.sourceLanguage ?? language,
            entries: entries,
            traits: FileTraits(
                endsWithNewline: PropertyListReader.isBinary(bytes) ? nil : bytes.last == UInt8(ascii: "\n")))
    }

    /// The most errors one read reports.
    static let errorLimit = 100

    /// The language of a file: `options.language`, else its `xx.lproj` folder (`Base.lproj` is the source language).
    static func language(of path: String, options: ReadOptions) throws(ConversionError) -> String {
        if let language = options.language { return language }
        if let name = lprojLanguage(ofPath: path) {
            return name == "Base" ? options.sourceLanguage ?? name : name
        }
        throw ConversionError(StringsDictMessage.unknownLanguage(path), path: nil)
    }
}
